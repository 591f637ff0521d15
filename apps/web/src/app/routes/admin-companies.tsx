import { Stack } from '@mantine/core';
import { ar } from '@sira/shared';
import { optOutAdminText } from '@sira/shared/messages/opt-out';
import type { MetaFunction } from 'react-router';
import { SectionNav } from '~/components/ui/section-nav';
import { AdminCompaniesDirectory } from '~/features/companies/components/admin-companies-directory';
import { AdminCompanySuggestions, suggestionsTexts } from '~/features/companies/components/admin-company-suggestions';
import { AdminOptOutMarks, AdminOptOutRequests } from '~/features/companies/components/admin-opt-outs';
import { AdminFailedEmails } from '~/features/sending/components/admin-failed-emails';

export const meta: MetaFunction = () => [{ title: `الشركات | ${ar.nav.admin} | ${ar.app.name}` }, { name: 'robots', content: 'noindex' }];

/**
 * The admin companies tab (spec §2): the companies' opt-out requests first (those waiting for a decision are
 * counted in a badge), the companies users suggested for the directory (ADR 029), the directory with its Excel
 * import, the addresses no user sends to, then the failed e-mails; a link to each at the top.
 */
export default function AdminCompaniesRoute() {
  return (
    <Stack gap={48}>
      <SectionNav
        label="أقسام تبويب الشركات"
        title="في هذا التبويب:"
        sections={[
          { id: 'opt-out-requests-title', label: 'طلبات الشركات' },
          { id: 'company-suggestions-title', label: suggestionsTexts.title },
          { id: 'admin-companies-title', label: 'دليل الشركات' },
          { id: 'opt-out-marks-title', label: optOutAdminText.marksTitle },
          { id: 'failed-emails-title', label: 'الرسائل الفاشلة' },
        ]}
      />
      <AdminOptOutRequests />
      <AdminCompanySuggestions />
      <AdminCompaniesDirectory />
      <AdminOptOutMarks />
      <AdminFailedEmails />
    </Stack>
  );
}

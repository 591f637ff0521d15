import { Stack } from '@mantine/core';
import { ar } from '@sira/shared';
import type { MetaFunction } from 'react-router';
import { AdminCompaniesDirectory } from '~/features/companies/components/admin-companies-directory';
import { AdminOptOutMarks, AdminOptOutRequests } from '~/features/companies/components/admin-opt-outs';
import { AdminFailedEmails, FAILED_EMAILS_SECTION } from '~/features/sending/components/admin-failed-emails';

export const meta: MetaFunction = () => [{ title: `الشركات | ${ar.nav.admin} | ${ar.app.name}` }, { name: 'robots', content: 'noindex' }];

/**
 * The admin companies tab (spec §2): the companies' opt-out requests first (those waiting for a decision are
 * counted in a badge), the directory with its Excel import, the addresses no user sends to, then the failed
 * e-mails.
 */
export default function AdminCompaniesRoute() {
  return (
    <Stack gap={48}>
      <AdminOptOutRequests />
      <AdminCompaniesDirectory failedEmailsSection={FAILED_EMAILS_SECTION} />
      <AdminOptOutMarks />
      <AdminFailedEmails />
    </Stack>
  );
}

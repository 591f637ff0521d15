import { Stack } from '@mantine/core';
import { ar } from '@sira/shared';
import type { MetaFunction } from 'react-router';
import { AdminCompaniesDirectory } from '~/features/companies/components/admin-companies-directory';
import { AdminOptOuts } from '~/features/companies/components/admin-opt-outs';
import { AdminFailedEmails, FAILED_EMAILS_SECTION } from '~/features/sending/components/admin-failed-emails';

export const meta: MetaFunction = () => [{ title: `الشركات | ${ar.nav.admin} | ${ar.app.name}` }, { name: 'robots', content: 'noindex' }];

/** The admin companies tab (spec §2): the directory with its Excel import, the companies' opt-outs, then the failed e-mails. */
export default function AdminCompaniesRoute() {
  return (
    <Stack gap={48}>
      <AdminCompaniesDirectory failedEmailsSection={FAILED_EMAILS_SECTION} />
      <AdminOptOuts />
      <AdminFailedEmails />
    </Stack>
  );
}

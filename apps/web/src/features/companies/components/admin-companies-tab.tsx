import { Stack } from '@mantine/core';
import { AdminCompaniesDirectory } from './admin-companies-directory';
import { AdminFailedEmails } from './admin-failed-emails';

/** The admin companies tab (spec §2): the directory with its Excel import, then the failed e-mails. */
export function AdminCompaniesTab() {
  return (
    <Stack gap={48}>
      <AdminCompaniesDirectory />
      <AdminFailedEmails />
    </Stack>
  );
}

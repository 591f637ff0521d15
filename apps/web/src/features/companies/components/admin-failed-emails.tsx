import { Alert, Anchor, Button, Pagination, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import { ar } from '@sira/shared';
import type { AdminFailedEmail } from '@sira/shared/schemas/companies-admin';
import { useState } from 'react';
import { useAdminFailedEmails } from '../api/get-failed-emails';
import { useErrorToast } from '../hooks/use-error-toast';
import { companiesErrorText, companiesToasts, pageSummary } from '../utils/companies-feedback';
import { errorCode } from '../utils/error-code';
import { formatDateTime, failedEmailTexts as t } from '../utils/failed-emails-texts';
import { AdminFailedEmailDialog } from './admin-failed-email-dialog';

/** E-mails that could not be delivered (spec §2): newest first; a row opens its details. */
export function AdminFailedEmails() {
  const [page, setPage] = useState(1);
  const [selected, setSelected] = useState<AdminFailedEmail | null>(null);
  const failures = useAdminFailedEmails(page);
  const failedText = () => companiesToasts.failedEmailsFetchFailed(companiesErrorText(errorCode(failures.error)));
  useErrorToast(failures, failedText);
  const data = failures.isError ? undefined : failures.data;

  return (
    <Stack gap="md" component="section" aria-labelledby="failed-emails-title">
      <Title order={2} fz="xl" id="failed-emails-title">
        {t.title}
      </Title>
      <Text size="sm" c="gray.8">
        {t.legend}
      </Text>
      {failures.isPending ? (
        <Stack gap="xs" aria-busy="true">
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} height={36} radius="sm" />
          ))}
        </Stack>
      ) : !data ? (
        <Alert color="red" role="alert">
          <Text size="sm" c="red.9" fw={700} mb="sm">
            {failedText()}
          </Text>
          <Button variant="light" color="red" onClick={() => failures.refetch()}>
            {ar.errors.retry}
          </Button>
        </Alert>
      ) : data.items.length === 0 ? (
        <Text c="gray.8" role="status" py="lg" ta="center">
          {t.empty}
        </Text>
      ) : (
        <>
          <Text size="sm" c="gray.8" role="status">
            {pageSummary({ ...data, shown: data.items.length }).range}
          </Text>
          <Table.ScrollContainer minWidth={720}>
            <Table striped highlightOnHover verticalSpacing="xs" aria-label={t.title}>
              <Table.Thead>
                <Table.Tr>
                  {[t.email, t.user, t.reason, t.date].map((title) => (
                    <Table.Th key={title} scope="col">
                      {title}
                    </Table.Th>
                  ))}
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {data.items.map((failure) => (
                  <Table.Tr key={failure.id} onClick={() => setSelected(failure)} style={{ cursor: 'pointer' }}>
                    <Table.Td>
                      {/* The row is clickable; this button makes the same action reachable by keyboard. */}
                      <Anchor component="button" type="button" dir="ltr" onClick={() => setSelected(failure)}>
                        {failure.email}
                      </Anchor>
                    </Table.Td>
                    <Table.Td>
                      <span dir="ltr">{failure.userEmail}</span>
                    </Table.Td>
                    <Table.Td maw={320}>
                      <Text size="sm" lineClamp={1}>
                        {failure.error}
                      </Text>
                    </Table.Td>
                    <Table.Td>{formatDateTime(failure.createdAt)}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          {data.pageCount > 1 ? (
            <nav aria-label={t.pages}>
              <Pagination
                total={data.pageCount}
                value={page}
                onChange={setPage}
                getItemProps={(p) => ({ 'aria-label': t.pageLabel(p) })}
                getControlProps={(control) => ({ 'aria-label': t.controls[control] })}
              />
            </nav>
          ) : null}
        </>
      )}
      <AdminFailedEmailDialog failure={selected} onClose={() => setSelected(null)} />
    </Stack>
  );
}

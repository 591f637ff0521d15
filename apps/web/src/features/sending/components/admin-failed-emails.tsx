import { Anchor, Stack, Table, Text, Title } from '@mantine/core';

/** The section's anchor: the directory links to it above its table, which can be a long page of rows. */
const FAILED_EMAILS_SECTION = 'failed-emails';

import { messageForCode } from '@sira/shared';
import type { AdminFailedEmail } from '@sira/shared/schemas/sending-admin';
import { useState } from 'react';
import { ColumnHeads } from '~/components/ui/column-heads';
import { KeysetNav } from '~/components/ui/keyset-nav';
import { LoadError } from '~/components/ui/load-error';
import { LoadingRows } from '~/components/ui/loading-rows';
import { LongText } from '~/components/ui/long-text';
import { keysetSummary } from '~/components/ui/page-summary';
import { StackedTable } from '~/components/ui/stacked-table';
import { ApiRequestError } from '~/lib/api-client';
import { useErrorToast } from '~/lib/use-error-toast';
import { useAdminFailedEmails } from '../api/admin-get-failed-emails';
import { formatDateTime, failedEmailTexts as t } from '../utils/failed-emails-texts';
import { AdminFailedEmailDialog } from './admin-failed-email-dialog';

/**
 * E-mails that could not be delivered (spec §2): newest first, paged by key (first, previous, next, last: an old
 * page is as quick as the newest); a row opens its details.
 */
export function AdminFailedEmails() {
  // The cursor of the page shown, as the server's last answer gave it; undefined for the newest failures.
  const [cursor, setCursor] = useState<string | undefined>(undefined);
  const [selected, setSelected] = useState<AdminFailedEmail | null>(null);
  const failures = useAdminFailedEmails(cursor);
  const failedText = () => t.fetchFailed(messageForCode(failures.error instanceof ApiRequestError ? failures.error.code : undefined));
  useErrorToast(failures, failedText);
  // A cursor the server no longer takes (CURSOR_INVALID): start again from the newest failures.
  if (failures.error instanceof ApiRequestError && failures.error.code === 'CURSOR_INVALID' && cursor !== undefined) setCursor(undefined);
  const data = failures.isError ? undefined : failures.data;
  const summary = data ? keysetSummary({ ...data, shown: data.items.length }) : undefined;

  return (
    <Stack gap="md" component="section" aria-labelledby="failed-emails-title" id={FAILED_EMAILS_SECTION} tabIndex={-1}>
      <Title order={2} fz="xl" id="failed-emails-title">
        {t.title}
      </Title>
      <Text size="sm" c="gray.8">
        {t.legend}
      </Text>
      {failures.isPending ? (
        <LoadingRows count={3} />
      ) : !data ? (
        <LoadError title={failedText()} query={failures} />
      ) : data.items.length === 0 ? (
        <Text c="gray.8" role="status" py="lg" ta="center">
          {t.empty}
        </Text>
      ) : (
        <>
          <Text size="sm" c="gray.8" role="status">
            {summary?.range}
          </Text>
          <StackedTable minWidth={720}>
            <Table striped highlightOnHover verticalSpacing="xs" aria-label={t.title}>
              <ColumnHeads titles={[t.email, t.user, t.reason, t.date]} />
              <Table.Tbody>
                {data.items.map((failure) => (
                  <Table.Tr key={failure.id} onClick={() => setSelected(failure)} style={{ cursor: 'pointer' }}>
                    <Table.Td data-label={t.email}>
                      {/* The row is clickable; this button makes the same action reachable by keyboard. */}
                      <Anchor component="button" type="button" dir="ltr" onClick={() => setSelected(failure)}>
                        <LongText>{failure.email}</LongText>
                      </Anchor>
                    </Table.Td>
                    <Table.Td data-label={t.user}>
                      <LongText dir="ltr">{failure.userEmail}</LongText>
                    </Table.Td>
                    <Table.Td maw={320} data-label={t.reason}>
                      <Text size="sm" lineClamp={1}>
                        {failure.error}
                      </Text>
                    </Table.Td>
                    <Table.Td data-label={t.date}>{formatDateTime(failure.createdAt)}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </StackedTable>
          <KeysetNav label={t.pages} cursors={data.cursors} onChange={setCursor} />
          {summary?.estimated ? (
            <Text size="sm" c="gray.8">
              {summary.estimated}
            </Text>
          ) : null}
        </>
      )}
      <AdminFailedEmailDialog failure={selected} onClose={() => setSelected(null)} />
    </Stack>
  );
}

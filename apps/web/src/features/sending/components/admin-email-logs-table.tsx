import { Table, Text } from '@mantine/core';
import { withReadablePlaceholders } from '@sira/shared';
import { sendingLogsText as t } from '@sira/shared/messages/sending-admin';
import type { SendingLogRow } from '@sira/shared/schemas/sending-admin';
import { ColumnHeads } from '~/components/ui/column-heads';
import { LongText } from '~/components/ui/long-text';
import { StackedTable } from '~/components/ui/stacked-table';
import { formatDateTime, formatNumber, jobStatusLabel } from '../utils/format';
import { StatusBadge } from './status-badge';

/** In the logs a job not yet started reads 'in queue' (spec §2); other statuses use their usual label. */
export const logStatusLabel = (status: string) => (status === 'pending' ? t.inQueue : jobStatusLabel(status));

/** One send job per row: who, which package, the subject, its state and its success/failure counts. */
export function AdminEmailLogsTable({ rows }: { rows: SendingLogRow[] }) {
  return (
    <StackedTable minWidth={860}>
      <Table striped highlightOnHover verticalSpacing="xs" aria-label={t.heading}>
        <ColumnHeads titles={Object.values(t.columns)} />
        <Table.Tbody>
          {rows.map((row) => (
            <Table.Tr key={row.id}>
              <Table.Td data-label={t.columns.user}>
                <LongText dir="ltr">{row.userEmail}</LongText>
              </Table.Td>
              <Table.Td data-label={t.columns.package}>
                <LongText>{row.packageName ?? t.noPackage}</LongText>
              </Table.Td>
              <Table.Td maw={280} data-label={t.columns.subject}>
                <Text size="sm" lineClamp={1} title={row.subject}>
                  {withReadablePlaceholders(row.subject)}
                </Text>
              </Table.Td>
              <Table.Td data-label={t.columns.status}>
                <StatusBadge status={row.status} label={logStatusLabel(row.status)} />
              </Table.Td>
              <Table.Td data-label={t.columns.result}>
                {/* Queued jobs have nothing to count yet: no numbers rather than misleading zeros. */}
                {row.status === 'pending' ? (
                  <Text size="sm" c="gray.7">
                    —
                  </Text>
                ) : (
                  <Text size="sm">
                    <Text span c="teal.9" fw={700}>
                      {formatNumber(row.sent)}
                    </Text>{' '}
                    /{' '}
                    <Text span c="red.9" fw={700}>
                      {formatNumber(row.failed)}
                    </Text>
                  </Text>
                )}
              </Table.Td>
              <Table.Td data-label={t.columns.date}>{formatDateTime(row.createdAt)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </StackedTable>
  );
}

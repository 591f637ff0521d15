import { Button, Group, Pagination, Stack, Table, Text, Title } from '@mantine/core';
import { DISPLAY_LOCALE } from '@sira/shared';
import { auditActionLabel, auditEntityLabel, auditAdminText as t } from '@sira/shared/messages/audit-admin';
import type { AuditEntry } from '@sira/shared/schemas/audit-admin';
import { useState } from 'react';
import { ColumnHeads } from '~/components/ui/column-heads';
import { LoadError } from '~/components/ui/load-error';
import { LoadingRows } from '~/components/ui/loading-rows';
import { StackedTable } from '~/components/ui/stacked-table';
import { useErrorToast } from '~/lib/use-error-toast';
import { useAuditLog } from '../api/get-audit-log';
import { AdminAuditDetailsDialog } from './admin-audit-details-dialog';

const dateFormat = new Intl.DateTimeFormat(DISPLAY_LOCALE, { dateStyle: 'medium', timeStyle: 'short' });
const controlLabels = { first: 'الصفحة الأولى', previous: 'الصفحة السابقة', next: 'الصفحة التالية', last: 'الصفحة الأخيرة' } as const;

/** The read-only audit tab: newest first, paginated, each entry opening its before/after. */
export function AdminAuditPanel() {
  const [page, setPage] = useState(1);
  const log = useAuditLog(page);
  useErrorToast(log, t.loadFailed);
  const [open, setOpen] = useState<AuditEntry | null>(null);
  const data = log.data;
  const pages = data ? Math.max(1, Math.ceil(data.total / data.pageSize)) : 1;
  const from = data && data.total > 0 ? (data.page - 1) * data.pageSize + 1 : 0;
  const to = data ? from + data.entries.length - (data.entries.length ? 1 : 0) : 0;

  return (
    <Stack component="section" aria-labelledby="audit-heading">
      <div>
        <Title order={2} id="audit-heading" fz="xl">
          {t.heading}
        </Title>
        <Text size="sm" c="gray.8">
          {t.intro}
        </Text>
      </div>
      {log.isPending ? <LoadingRows count={5} gap="sm" testId="audit-skeleton" /> : null}
      {log.isError ? <LoadError title={t.loadFailed} retryLabel={t.retry} query={log} /> : null}
      {data && data.total === 0 ? <Text c="gray.8">{t.empty}</Text> : null}
      {data && data.total > 0 ? (
        <>
          <StackedTable minWidth={760}>
            <Table verticalSpacing="sm" highlightOnHover aria-label={t.tableLabel} aria-busy={log.isPlaceholderData}>
              <ColumnHeads titles={[t.createdAt, t.actor, t.action, t.entity, t.details]} />
              <Table.Tbody>
                {data.entries.map((entry) => (
                  <Table.Tr key={entry.id}>
                    <Table.Td data-label={t.createdAt}>
                      <Text size="sm" c="gray.8">
                        {dateFormat.format(new Date(entry.createdAt))}
                      </Text>
                    </Table.Td>
                    <Table.Td data-label={t.actor}>
                      <Text size="sm" dir="ltr" ta="right">
                        {entry.actorEmail}
                      </Text>
                    </Table.Td>
                    <Table.Td data-label={t.action}>{auditActionLabel(entry.action)}</Table.Td>
                    <Table.Td data-label={t.entity}>{auditEntityLabel(entry.entity)}</Table.Td>
                    <Table.Td data-label={t.details}>
                      <Button
                        size="xs"
                        variant="outline"
                        onClick={() => setOpen(entry)}
                        aria-label={`${t.showDetails}: ${auditActionLabel(entry.action)} ${auditEntityLabel(entry.entity)}، ${dateFormat.format(new Date(entry.createdAt))}`}
                      >
                        {t.showDetails}
                      </Button>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </StackedTable>
          <Group justify="space-between">
            <Text size="sm" c="gray.8">
              {t.showing(from, to, data.total)} · {t.pageOf(data.page, pages)}
            </Text>
            <nav aria-label={t.pagination}>
              <Pagination
                total={pages}
                value={page}
                onChange={setPage}
                getControlProps={(control) => ({ 'aria-label': controlLabels[control] })}
                hideWithOnePage
              />
            </nav>
          </Group>
        </>
      ) : null}
      <AdminAuditDetailsDialog entry={open} onClose={() => setOpen(null)} />
    </Stack>
  );
}

import { Button, Group, Select, SimpleGrid, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { ar, DISPLAY_LOCALE, DISPLAY_TIME_ZONE } from '@sira/shared';
import { auditActionLabel, auditEntityLabel, auditAdminText as t } from '@sira/shared/messages/audit-admin';
import { AUDIT_VERBS, type AuditEntry } from '@sira/shared/schemas/audit-admin';
import { useState } from 'react';
import { ColumnHeads } from '~/components/ui/column-heads';
import { KeysetNav } from '~/components/ui/keyset-nav';
import { LoadError } from '~/components/ui/load-error';
import { LoadingRows } from '~/components/ui/loading-rows';
import { StackedTable } from '~/components/ui/stacked-table';
import { ApiRequestError } from '~/lib/api-client';
import { useErrorToast } from '~/lib/use-error-toast';
import { type AuditFilters, useAuditLog } from '../api/get-audit-log';
import { AdminAuditDetailsDialog } from './admin-audit-details-dialog';
import { auditChangeSummary, auditItemName } from './audit-fields';
import { AuditItem } from './audit-item';

const dateFormat = new Intl.DateTimeFormat(DISPLAY_LOCALE, { dateStyle: 'medium', timeStyle: 'short', timeZone: DISPLAY_TIME_ZONE });

/** The filters as typed: days (YYYY-MM-DD) from the date fields, the rest as chosen. */
interface FilterForm {
  actor: string | null;
  action: string | null;
  entity: string | null;
  fromDay: string;
  toDay: string;
}
const noFilters: FilterForm = { actor: null, action: null, entity: null, fromDay: '', toDay: '' };

/** The start of a day in the browser's own time, as an instant; `days` later for the end of a range. */
const startOfDay = (day: string, days = 0) => {
  const [y, m, d] = day.split('-').map(Number);
  return new Date(y ?? 0, (m ?? 1) - 1, (d ?? 1) + days).toISOString();
};
const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** What the server filters by: the last day counts whole (to is the start of the next day, excluded). */
function toQuery(form: FilterForm): AuditFilters {
  return {
    ...(form.actor ? { actor: form.actor } : {}),
    ...(form.action ? { action: form.action as AuditFilters['action'] } : {}),
    ...(form.entity ? { entity: form.entity } : {}),
    ...(DAY.test(form.fromDay) ? { from: startOfDay(form.fromDay) } : {}),
    ...(DAY.test(form.toDay) ? { to: startOfDay(form.toDay, 1) } : {}),
  };
}

/**
 * The read-only audit tab: newest first, paged by key (first, previous, next, last: an old page of a long log
 * is as quick as the newest), filtered on the server, each entry opening its fields.
 */
export function AdminAuditPanel() {
  // The cursor of the page shown, as the server's last answer gave it; undefined for the newest entries.
  const [cursor, setCursor] = useState<string | undefined>(undefined);
  // Any change of filter starts again from the first page (a cursor belongs to its filters).
  const form = useForm<FilterForm>({ name: 'audit-filters', initialValues: noFilters, onValuesChange: () => setCursor(undefined) });
  const filters = form.values;
  const filtering = JSON.stringify(filters) !== JSON.stringify(noFilters);
  const log = useAuditLog(cursor, toQuery(filters));
  useErrorToast(log, t.loadFailed);
  const [open, setOpen] = useState<AuditEntry | null>(null);
  // A cursor the server no longer takes (CURSOR_INVALID): start again from the newest entries.
  if (log.error instanceof ApiRequestError && log.error.code === 'CURSOR_INVALID' && cursor !== undefined) setCursor(undefined);
  const data = log.data;
  const from = data && data.entries.length > 0 ? data.from : 0;
  const to = data ? from + data.entries.length - (data.entries.length ? 1 : 0) : 0;
  const pages = data ? Math.max(1, Math.ceil(data.total / data.pageSize)) : 1;
  const estimated = Boolean(data && (data.totalIsEstimate || data.fromIsEstimate));

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
      {data && (data.actors.length > 0 || filtering) ? (
        <SimpleGrid
          component="form"
          role="search"
          aria-label={t.filters}
          cols={{ base: 2, sm: 3, lg: 6 }}
          spacing="xs"
          onSubmit={(e) => e.preventDefault()}
        >
          <Select label={t.actor} placeholder={t.anyActor} data={data.actors} {...form.getInputProps('actor')} clearable searchable />
          <Select
            label={t.action}
            placeholder={t.anyAction}
            data={AUDIT_VERBS.map((verb) => ({ value: verb, label: auditActionLabel(verb) }))}
            {...form.getInputProps('action')}
            clearable
          />
          <Select
            label={t.entity}
            placeholder={t.anyEntity}
            data={data.entities.map((entity) => ({ value: entity, label: auditEntityLabel(entity) }))}
            {...form.getInputProps('entity')}
            clearable
          />
          <TextInput type="date" label={t.fromDate} {...form.getInputProps('fromDay')} max={filters.toDay || undefined} />
          <TextInput type="date" label={t.toDate} {...form.getInputProps('toDay')} min={filters.fromDay || undefined} />
          <Button variant="outline" onClick={() => form.setValues(noFilters)} disabled={!filtering} style={{ alignSelf: 'end' }}>
            {t.clearFilters}
          </Button>
        </SimpleGrid>
      ) : null}
      {log.isPending ? <LoadingRows count={5} gap="sm" testId="audit-skeleton" /> : null}
      {log.isError ? <LoadError title={t.loadFailed} retryLabel={t.retry} query={log} /> : null}
      {data && data.total === 0 ? <Text c="gray.8">{filtering ? t.noMatch : t.empty}</Text> : null}
      {data && data.total > 0 ? (
        <>
          <StackedTable minWidth={960}>
            <Table verticalSpacing="sm" highlightOnHover aria-label={t.tableLabel} aria-busy={log.isPlaceholderData}>
              <ColumnHeads titles={[t.createdAt, t.actor, t.action, t.entity, t.changes, t.details]} />
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
                    <Table.Td data-label={t.entity}>
                      <AuditItem entry={entry} />
                    </Table.Td>
                    <Table.Td data-label={t.changes}>
                      <Stack gap={2}>
                        {auditChangeSummary(entry).map((line) => (
                          <Text key={line} size="sm" style={{ overflowWrap: 'anywhere' }}>
                            {line}
                          </Text>
                        ))}
                      </Stack>
                    </Table.Td>
                    <Table.Td data-label={t.details}>
                      <Button
                        size="xs"
                        variant="outline"
                        onClick={() => setOpen(entry)}
                        aria-label={`${t.showDetails}: ${auditActionLabel(entry.action)} ${auditEntityLabel(entry.entity)} ${auditItemName(entry) ?? ''}، ${dateFormat.format(new Date(entry.createdAt))}`}
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
              {t.showing(from, to, data.total, { from: data.fromIsEstimate, total: data.totalIsEstimate })} ·{' '}
              {t.pageOf(Math.max(1, Math.ceil(to / data.pageSize)), pages, data.totalIsEstimate)}
            </Text>
            <KeysetNav label={t.pagination} cursors={data.cursors} onChange={setCursor} />
          </Group>
          {estimated ? (
            <Text size="sm" c="gray.8">
              {ar.lists.estimated}
            </Text>
          ) : null}
        </>
      ) : null}
      <AdminAuditDetailsDialog entry={open} onClose={() => setOpen(null)} />
    </Stack>
  );
}

import { Card, Group, Select, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useDebouncedValue } from '@mantine/hooks';
import { LOGS_SEARCH_MAX_LENGTH, SEND_STATUSES } from '@sira/shared';
import { sendingLogsText as t } from '@sira/shared/messages/sending-admin';
import type { JobStatus } from '@sira/shared/schemas/sending';
import { useState } from 'react';
import { typedTextDirection } from '~/components/ui/auto-direction';
import { KeysetNav } from '~/components/ui/keyset-nav';
import { LoadError } from '~/components/ui/load-error';
import { LoadingRows } from '~/components/ui/loading-rows';
import { ApiRequestError } from '~/lib/api-client';
import { useLiveInvalidate } from '~/lib/live-events';
import { useErrorToast } from '~/lib/use-error-toast';
import { adminSendingLogsKey, useAdminSendingLogs } from '../api/admin-get-logs';
import { formatNumber } from '../utils/format';
import { AdminEmailLogsTable, logStatusLabel } from './admin-email-logs-table';

const texts = {
  search: 'بحث',
  pages: 'صفحات سجلات الرسائل',
  range: (from: string, to: string, total: string) => `عرض ${from} إلى ${to} من ${total}`,
};

const statusOptions = [{ value: '', label: t.allStatuses }, ...SEND_STATUSES.map((s) => ({ value: s, label: logStatusLabel(s) }))];

/**
 * The admin email_logs tab (spec §2): search, status filter, four counters, the jobs table, newest first and
 * paged by key (first, previous, next, last: an old page is as quick as the newest); live on changes.
 */
export function AdminEmailLogsPanel() {
  // The cursor of the page shown, as the server's last answer gave it; undefined for the newest jobs.
  const [cursor, setCursor] = useState<string | undefined>(undefined);
  const filters = useForm<{ search: string; status: JobStatus | '' }>({
    name: 'email-logs-filters',
    initialValues: { search: '', status: '' },
  });
  const { search, status } = filters.values;
  const [debouncedSearch] = useDebouncedValue(search, 300);
  // Any change of search or status starts again from the first page (a cursor belongs to its filters): the
  // cursor is kept with the filters it was given for, so the search the server is sent never runs ahead of it.
  const [paged, setPaged] = useState({ search: debouncedSearch, status });
  if (paged.search !== debouncedSearch || paged.status !== status) {
    setPaged({ search: debouncedSearch, status });
    setCursor(undefined);
  }
  const sameFilters = paged.search === debouncedSearch && paged.status === status;
  const logs = useAdminSendingLogs({ search: debouncedSearch, status, cursor: sameFilters ? cursor : undefined });
  useLiveInvalidate('admin-sending', [adminSendingLogsKey]);
  useErrorToast(logs, t.loadFailed);
  // A cursor the server no longer takes (CURSOR_INVALID): start again from the newest jobs.
  if (logs.error instanceof ApiRequestError && logs.error.code === 'CURSOR_INVALID' && cursor !== undefined) setCursor(undefined);
  const data = logs.data;

  return (
    <Stack component="section" aria-labelledby="email-logs-heading">
      <Title order={2} id="email-logs-heading" fz="xl">
        {t.heading}
      </Title>
      <Group align="flex-end" wrap="wrap">
        <TextInput
          label={texts.search}
          placeholder={t.searchPlaceholder}
          // An address reads left to right as it is typed (long@, not @long); an Arabic subject right to left.
          ref={typedTextDirection}
          maxLength={LOGS_SEARCH_MAX_LENGTH}
          {...filters.getInputProps('search')}
          w={360}
          maw="100%"
        />
        <Select
          label={t.statusFilter}
          data={statusOptions}
          value={status}
          onChange={(value) => filters.setFieldValue('status', (value ?? '') as JobStatus | '')}
          allowDeselect={false}
          w={220}
        />
      </Group>
      {data ? (
        <SimpleGrid cols={{ base: 2, md: 4 }}>
          {(['total', 'inProgress', 'completed', 'failed'] as const).map((key) => (
            <Card key={key} withBorder padding="md" radius="md" data-testid={`logs-summary-${key}`}>
              <Text size="sm" c="gray.7">
                {t.summary[key]}
              </Text>
              <Text fz={22} fw={700}>
                {formatNumber(data.summary[key])}
              </Text>
            </Card>
          ))}
        </SimpleGrid>
      ) : null}
      {logs.isPending ? (
        <LoadingRows count={4} />
      ) : logs.isError && !data ? (
        <LoadError title={t.loadFailed} retryLabel={t.retry} query={logs} />
      ) : !data || data.rows.length === 0 ? (
        <Text c="gray.8" ta="center" py="lg">
          {t.empty}
        </Text>
      ) : (
        <>
          {/* The total is the summary's, counted exactly, so the page's place is exact too. */}
          <Text size="sm" c="gray.8">
            {texts.range(formatNumber(data.from), formatNumber(data.from + data.rows.length - 1), formatNumber(data.total))}
          </Text>
          <AdminEmailLogsTable rows={data.rows} />
          <Group justify="center">
            <KeysetNav label={texts.pages} cursors={data.cursors} onChange={setCursor} />
          </Group>
        </>
      )}
    </Stack>
  );
}

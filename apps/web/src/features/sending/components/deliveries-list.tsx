import { Card, Group, Select, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { DELIVERY_FILTERS, DELIVERY_PAGE_SIZE, type DeliveryFilter } from '@sira/shared';
import { deliveriesText, sendingText } from '@sira/shared/messages/sending';
import type { DeliveryRow } from '@sira/shared/schemas/sending';
import { useState } from 'react';
import { ColumnHeads } from '~/components/ui/column-heads';
import { LoadError } from '~/components/ui/load-error';
import { LoadingRows } from '~/components/ui/loading-rows';
import { withLtrRuns } from '~/components/ui/ltr-runs';
import { PageNav } from '~/components/ui/page-nav';
import { StackedTable } from '~/components/ui/stacked-table';
import { useErrorToast } from '~/lib/use-error-toast';
import { useDeliveries } from '../api/get-deliveries';
import { deliveryStatusLabel, formatDateTime, formatNumber } from '../utils/format';
import { deliverySourceLabel } from '../utils/target-source';
import { ResendFailed } from './resend-failed';
import { StatusBadge } from './status-badge';

const texts = {
  heading: 'الرسائل المرسلة إلى الشركات',
  columns: { company: 'الشركة', source: 'المصدر', status: 'الحالة', at: 'الوقت', error: 'آخر خطأ' },
  jobTitle: (title: string) => `الوظيفة: ${title}`,
  range: (from: string, to: string, total: string) => `عرض ${from} إلى ${to} من ${total}`,
  pages: 'صفحات الرسائل',
};

const filterLabel: Record<DeliveryFilter, string> = {
  waiting: deliveriesText.filterWaiting,
  sending: deliveriesText.filterSending,
  sent: deliveriesText.filterSent,
  failed: deliveriesText.filterFailed,
};
const ALL = 'all';

/**
 * The dashboard's record per company: one row per company e-mail, newest first, 50 a page (spec §9), with its
 * state and last error — filtered by state, searched by company name, and with "resend failed" for the
 * failures worth sending again. A failed row says whether it may be sent again and, when not, why.
 */
export function DeliveriesList() {
  const [page, setPage] = useState(1);
  const [status, setStatus] = useState<DeliveryFilter | undefined>(undefined);
  const [search, setSearch] = useState('');
  const [debouncedSearch] = useDebouncedValue(search.trim(), 300);
  const deliveries = useDeliveries({ page, status, search: debouncedSearch || undefined });
  useErrorToast(deliveries, sendingText.deliveriesLoadFailed);
  const data = deliveries.data;
  const pageCount = data ? Math.max(1, Math.ceil(data.total / DELIVERY_PAGE_SIZE)) : 1;
  const narrowed = status !== undefined || debouncedSearch !== '';

  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="deliveries-heading">
      <Stack gap="md">
        <Group justify="space-between" align="flex-end" wrap="wrap">
          <Title order={2} fz="xl" id="deliveries-heading">
            {texts.heading}
          </Title>
          {data && data.retryableFailed > 0 ? <ResendFailed count={data.retryableFailed} /> : null}
        </Group>
        <Group gap="sm" align="flex-end" wrap="wrap">
          <Select
            label={deliveriesText.filterLabel}
            data={[{ value: ALL, label: deliveriesText.filterAll }, ...DELIVERY_FILTERS.map((f) => ({ value: f, label: filterLabel[f] }))]}
            value={status ?? ALL}
            onChange={(next) => {
              setStatus(next && next !== ALL ? (next as DeliveryFilter) : undefined);
              setPage(1);
            }}
            allowDeselect={false}
            w={200}
          />
          <TextInput
            type="search"
            label={deliveriesText.searchLabel}
            placeholder={deliveriesText.searchPlaceholder}
            value={search}
            onChange={(event) => {
              setSearch(event.currentTarget.value);
              setPage(1);
            }}
            maxLength={200}
            w={260}
          />
        </Group>
        {deliveries.isPending ? (
          <LoadingRows count={3} />
        ) : deliveries.isError && !data ? (
          <LoadError title={sendingText.deliveriesLoadFailed} retryLabel={sendingText.retry} query={deliveries} />
        ) : !data || data.rows.length === 0 ? (
          <Text c="gray.8" role="status">
            {narrowed ? deliveriesText.noMatch : sendingText.noDeliveries}
          </Text>
        ) : (
          <>
            <Text size="sm" c="gray.8" role="status">
              {texts.range(
                formatNumber((data.page - 1) * data.pageSize + 1),
                formatNumber((data.page - 1) * data.pageSize + data.rows.length),
                formatNumber(data.total),
              )}
            </Text>
            <StackedTable minWidth={760}>
              <Table striped verticalSpacing="xs" aria-label={texts.heading} aria-busy={deliveries.isFetching || undefined}>
                <ColumnHeads titles={Object.values(texts.columns)} />
                <Table.Tbody>
                  {data.rows.map((row) => (
                    <Table.Tr key={row.id}>
                      <Table.Td data-label={texts.columns.company}>{withLtrRuns(row.companyName)}</Table.Td>
                      <Table.Td data-label={texts.columns.source}>
                        <DeliverySource row={row} />
                      </Table.Td>
                      <Table.Td data-label={texts.columns.status}>
                        <StatusBadge status={row.status} label={deliveryStatusLabel(row.status)} />
                      </Table.Td>
                      <Table.Td data-label={texts.columns.at}>{formatDateTime(row.at)}</Table.Td>
                      <Table.Td maw={360} data-label={texts.columns.error}>
                        <DeliveryProblem row={row} />
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </StackedTable>
            <PageNav label={texts.pages} pageCount={pageCount} page={page} onChange={setPage} justify="center" />
          </>
        )}
      </Stack>
    </Card>
  );
}

/** Where the company came from (ADR 029), and for a job ad the job applied for. */
function DeliverySource({ row }: { row: DeliveryRow }) {
  return (
    <Stack gap={2} data-testid="delivery-source">
      <Text size="sm">{deliverySourceLabel[row.source]}</Text>
      {row.source === 'job_ad' && row.jobTitle ? (
        <Text size="xs" c="gray.8" data-testid="delivery-job-title">
          {withLtrRuns(texts.jobTitle(row.jobTitle))}
        </Text>
      ) : null}
    </Stack>
  );
}

/** The row's last error, and for a failed one whether it may be sent again. */
function DeliveryProblem({ row }: { row: DeliveryRow }) {
  if (!row.lastError && !row.failureCause)
    return (
      <Text size="sm" c="gray.7">
        —
      </Text>
    );
  return (
    <Stack gap={2}>
      {row.lastError ? (
        <Text size="sm" c="red.9" lineClamp={2} title={row.lastError}>
          {withLtrRuns(row.lastError)}
        </Text>
      ) : null}
      {row.failureCause ? (
        <Text size="xs" c={row.failureCause === 'retries' ? 'teal.9' : 'gray.8'} fw={700} data-testid="failure-cause">
          {deliveriesText.cause[row.failureCause]}
        </Text>
      ) : null}
    </Stack>
  );
}

import { Card, Stack, Table, Text, Title } from '@mantine/core';
import { DELIVERY_PAGE_SIZE } from '@sira/shared';
import { sendingText } from '@sira/shared/messages/sending';
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
import { StatusBadge } from './status-badge';

const texts = {
  heading: 'الرسائل المرسلة إلى الشركات',
  columns: { company: 'الشركة', status: 'الحالة', at: 'الوقت', error: 'آخر خطأ' },
  range: (from: string, to: string, total: string) => `عرض ${from} إلى ${to} من ${total}`,
  pages: 'صفحات الرسائل',
};

/** One row per company e-mail, newest first, 50 a page (spec §9), with its state and last error. */
export function DeliveriesTable() {
  const [page, setPage] = useState(1);
  const deliveries = useDeliveries(page);
  useErrorToast(deliveries, sendingText.deliveriesLoadFailed);
  const data = deliveries.data;
  const pageCount = data ? Math.max(1, Math.ceil(data.total / DELIVERY_PAGE_SIZE)) : 1;

  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="deliveries-heading">
      <Stack gap="md">
        <Title order={2} fz="xl" id="deliveries-heading">
          {texts.heading}
        </Title>
        {deliveries.isPending ? (
          <LoadingRows count={3} />
        ) : deliveries.isError && !data ? (
          <LoadError title={sendingText.deliveriesLoadFailed} retryLabel={sendingText.retry} query={deliveries} />
        ) : !data || data.rows.length === 0 ? (
          <Text c="gray.8">{sendingText.noDeliveries}</Text>
        ) : (
          <>
            <Text size="sm" c="gray.8">
              {texts.range(
                formatNumber((data.page - 1) * data.pageSize + 1),
                formatNumber((data.page - 1) * data.pageSize + data.rows.length),
                formatNumber(data.total),
              )}
            </Text>
            <StackedTable minWidth={640}>
              <Table striped verticalSpacing="xs" aria-label={texts.heading}>
                <ColumnHeads titles={Object.values(texts.columns)} />
                <Table.Tbody>
                  {data.rows.map((row) => (
                    <Table.Tr key={row.id}>
                      <Table.Td data-label={texts.columns.company}>{withLtrRuns(row.companyName)}</Table.Td>
                      <Table.Td data-label={texts.columns.status}>
                        <StatusBadge status={row.status} label={deliveryStatusLabel(row.status)} />
                      </Table.Td>
                      <Table.Td data-label={texts.columns.at}>{formatDateTime(row.at)}</Table.Td>
                      <Table.Td maw={360} data-label={texts.columns.error}>
                        <Text size="sm" c={row.lastError ? 'red.9' : 'gray.7'} lineClamp={2} title={row.lastError ?? undefined}>
                          {row.lastError ? withLtrRuns(row.lastError) : '—'}
                        </Text>
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

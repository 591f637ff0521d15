import { Card, Group, SimpleGrid, Skeleton, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { CURRENCY_LABEL, formatNumber } from '@sira/shared';
import { billingMessageForCode, billingTexts } from '@sira/shared/messages/billing';
import { paymentsAdminTexts as t } from '@sira/shared/messages/billing-admin';
import type { AdminPaymentsPage } from '@sira/shared/schemas/billing-admin';
import { useState } from 'react';
import { typedTextDirection } from '~/components/ui/auto-direction';
import { ColumnHeads } from '~/components/ui/column-heads';
import { LoadError } from '~/components/ui/load-error';
import { LoadingRows } from '~/components/ui/loading-rows';
import { LongText } from '~/components/ui/long-text';
import { PageNav } from '~/components/ui/page-nav';
import { StackedTable } from '~/components/ui/stacked-table';
import { ApiRequestError } from '~/lib/api-client';
import { useLiveInvalidate } from '~/lib/live-events';
import { useErrorToast } from '~/lib/use-error-toast';
import { adminPaymentsKey, useAdminPayments } from '../api/admin-get-payments';
import { formatDateTime } from './format';
import { InvoiceStatusBadge, outcomeOfStatus } from './invoice-status-badge';

/**
 * The admin payment tab (spec §2): revenue, transactions and completed counts, a search by user e-mail and
 * the invoices paged on the server. Any invoice change anywhere refreshes it (live 'admin-billing').
 */
export function AdminPaymentsPanel() {
  const [searchInput, setSearchInput] = useState('');
  const [search] = useDebouncedValue(searchInput.trim(), 300);
  const [page, setPage] = useState(1);
  const [searchKey, setSearchKey] = useState(search);
  if (searchKey !== search) {
    setSearchKey(search);
    setPage(1);
  }
  const payments = useAdminPayments({ search, page });
  useErrorToast(payments, () =>
    t.loadFailed(billingMessageForCode(payments.error instanceof ApiRequestError ? payments.error.code : 'NETWORK')),
  );
  useLiveInvalidate('admin-billing', [adminPaymentsKey]);
  const data = payments.isError ? undefined : payments.data;
  // The server answers its last page when the one asked for is past the end: follow it.
  if (data && !payments.isPlaceholderData && data.page !== page) setPage(data.page);

  return (
    <Stack gap="md" component="section" aria-labelledby="admin-payments-title">
      <Title order={2} fz="xl" id="admin-payments-title">
        {t.title}
      </Title>
      {/* On a failed load the error below says so; the totals do not pretend to be loading. */}
      {payments.isError ? null : <Totals summary={data?.summary} />}
      <TextInput
        label={t.search}
        placeholder={t.searchPlaceholder}
        type="search"
        // An address reads left to right as it is typed (long@, not @long); an Arabic name right to left.
        ref={typedTextDirection}
        value={searchInput}
        onChange={(event) => setSearchInput(event.currentTarget.value)}
        maw={420}
      />
      {payments.isPending ? (
        <LoadingRows count={5} />
      ) : !data ? (
        <LoadError
          title={t.loadFailed(billingMessageForCode(payments.error instanceof ApiRequestError ? payments.error.code : 'NETWORK'))}
          query={payments}
        />
      ) : data.items.length === 0 ? (
        <Text c="gray.8" role="status" py="lg" ta="center">
          {search ? t.noMatch : t.empty}
        </Text>
      ) : (
        <>
          <Group justify="space-between" role="status">
            <Text size="sm" c="gray.8">
              {t.summary((data.page - 1) * data.pageSize + 1, (data.page - 1) * data.pageSize + data.items.length, data.total)}
            </Text>
            <Text size="sm" c="gray.8">
              {t.pageOf(data.page, data.pageCount)}
            </Text>
          </Group>
          <PaymentsTable page={data} busy={payments.isFetching} />
          <PageNav label={t.pages} pageCount={data.pageCount} page={page} onChange={setPage} />
        </>
      )}
    </Stack>
  );
}

function Totals({ summary }: { summary: AdminPaymentsPage['summary'] | undefined }) {
  const cards = [
    { label: t.revenue, value: summary ? `${formatNumber(summary.revenue)} ${CURRENCY_LABEL}` : null, id: 'revenue' },
    { label: t.transactions, value: summary ? formatNumber(summary.transactions) : null, id: 'transactions' },
    { label: t.completed, value: summary ? formatNumber(summary.completed) : null, id: 'completed' },
  ];
  return (
    <SimpleGrid cols={{ base: 1, sm: 3 }}>
      {cards.map((card) => (
        <Card key={card.id} withBorder padding="lg" radius="md" data-testid={`payments-${card.id}`}>
          <Text size="sm" c="gray.7">
            {card.label}
          </Text>
          {card.value === null ? (
            <Skeleton height={28} mt={4} />
          ) : (
            <Text fz={24} fw={700} mt={4}>
              {card.value}
            </Text>
          )}
        </Card>
      ))}
    </SimpleGrid>
  );
}

function PaymentsTable({ page, busy }: { page: AdminPaymentsPage; busy: boolean }) {
  return (
    <StackedTable minWidth={760}>
      <Table striped highlightOnHover verticalSpacing="xs" aria-label={t.table} aria-busy={busy || undefined}>
        <ColumnHeads titles={Object.values(t.columns)} />
        <Table.Tbody>
          {page.items.map((row) => (
            <Table.Tr key={row.id}>
              <Table.Td data-label={t.columns.user}>
                {row.userEmail === null ? (
                  <Text c="gray.8" size="sm">
                    {t.deletedAccount}
                  </Text>
                ) : (
                  <LongText dir="ltr">{row.userEmail}</LongText>
                )}
              </Table.Td>
              <Table.Td data-label={t.columns.package}>
                <LongText>{row.packageName ?? billingTexts.unavailable}</LongText>
              </Table.Td>
              <Table.Td data-label={t.columns.amount}>{billingTexts.amount(row.amount)}</Table.Td>
              <Table.Td data-label={t.columns.status}>
                <InvoiceStatusBadge outcome={outcomeOfStatus(row.status)} />
              </Table.Td>
              <Table.Td data-label={t.columns.date}>{formatDateTime(row.createdAt)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </StackedTable>
  );
}

import { Table, Text } from '@mantine/core';
import { billingTexts as t } from '@sira/shared/messages/billing';
import type { InvoiceRow } from '@sira/shared/schemas/billing';
import { ColumnHeads } from '~/components/ui/column-heads';
import { StackedTable } from '~/components/ui/stacked-table';
import { formatDateTime } from './format';
import { InvoiceStatusBadge } from './invoice-status-badge';

/** The payment history (spec §2 billing): date, package, amount in riyals, and what became of the payment. */
export function InvoiceHistoryTable({ invoices, busy }: { invoices: InvoiceRow[]; busy: boolean }) {
  if (invoices.length === 0) {
    return (
      <Text c="gray.8" role="status" py="lg" ta="center">
        {t.empty}
      </Text>
    );
  }
  const notCharged = invoices.some((i) => i.outcome === 'declined' || i.outcome === 'cancelled');
  return (
    <>
      <StackedTable minWidth={560}>
        <Table striped verticalSpacing="sm" aria-label={t.history} aria-busy={busy || undefined}>
          <ColumnHeads titles={[t.columns.date, t.columns.package, t.columns.amount, t.columns.status]} />
          <Table.Tbody>
            {invoices.map((invoice) => (
              <Table.Tr key={invoice.id} data-invoice-id={invoice.id}>
                <Table.Td data-label={t.columns.date}>{formatDateTime(invoice.createdAt)}</Table.Td>
                <Table.Td data-label={t.columns.package}>{invoice.packageName ?? t.unavailable}</Table.Td>
                <Table.Td data-label={t.columns.amount}>{t.amount(invoice.amount)}</Table.Td>
                <Table.Td data-label={t.columns.status}>
                  <InvoiceStatusBadge outcome={invoice.outcome} />
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </StackedTable>
      {notCharged ? (
        <Text size="sm" c="gray.8" mt="sm">
          {t.notChargedNote}
        </Text>
      ) : null}
    </>
  );
}

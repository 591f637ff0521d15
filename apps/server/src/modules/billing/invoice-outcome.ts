import type { InvoiceOutcome, InvoiceStatus } from '@sira/shared';

/**
 * What became of a payment, from the invoice's status and Paylink's last word on it (`gateway_status`): a failed
 * invoice Paylink still calls Pending was declined (the card was refused, and the buyer may try again on the
 * same page: judgeGatewayAnswer); Canceled was abandoned at Paylink. The billing history and the data export
 * both say it this way.
 */
export function invoiceOutcome(status: InvoiceStatus | string, gatewayStatus: string | null): InvoiceOutcome {
  if (status === 'completed') return 'completed';
  if (status === 'pending' || status === 'processing') return 'waiting';
  const gateway = (gatewayStatus ?? '').trim().toLowerCase();
  if (gateway === 'pending') return 'declined';
  if (gateway === 'canceled' || gateway === 'cancelled') return 'cancelled';
  return 'failed';
}

import { createHash, timingSafeEqual } from 'node:crypto';
import type { InvoiceStatus } from '@sira/shared';
import { eq } from 'drizzle-orm';
import { invoices } from '../../db/schema';
import type { BillingDeps } from './billing-deps';
import { resolvePaylink } from './paylink-config';
import { verifyInvoice } from './payment-confirmation';

/**
 * Paylink's payment webhook (integrations.md §A6) carries no signature: the merchant configures a header in
 * Paylink's portal — here `Authorization: Bearer <webhook secret>` — and Paylink sends it on every call.
 * Comparing SHA-256 digests keeps the comparison constant-time whatever the lengths.
 */
export function webhookSecretMatches(header: string | undefined, secret: string | null): boolean {
  if (!secret || !header) return false;
  const digest = (value: string) => createHash('sha256').update(value, 'utf8').digest();
  return timingSafeEqual(digest(header.trim()), digest(`Bearer ${secret}`));
}

export type WebhookOutcome =
  | { kind: 'unauthorized' }
  /** Nothing to do (no transaction number, or not one of our invoices): answered 200 so Paylink stops retrying. */
  | { kind: 'ignored' }
  /** Paylink was asked and its answer recorded. */
  | { kind: 'handled'; status: InvoiceStatus }
  /** Paylink could not be asked: answered 503 so it calls again (reconciliation also covers it). */
  | { kind: 'retry' };

/**
 * The webhook body is only a hint: whatever it says, the invoice is credited only after getInvoice confirms
 * it paid with the right amount, through the same code as the callback page and the reconciliation task.
 */
export async function handlePaylinkWebhook(deps: BillingDeps, authorization: string | undefined, body: unknown): Promise<WebhookOutcome> {
  const { webhookSecret } = await resolvePaylink(deps);
  if (!webhookSecretMatches(authorization, webhookSecret)) return { kind: 'unauthorized' };

  const raw = (body ?? {}) as { transactionNo?: unknown };
  const transactionNo =
    typeof raw.transactionNo === 'string' || typeof raw.transactionNo === 'number' ? String(raw.transactionNo).trim() : '';
  if (!transactionNo || transactionNo.length > 100) {
    deps.log.warn('paylink webhook without a transaction number');
    return { kind: 'ignored' };
  }
  const [invoice] = await deps.db
    .select({ id: invoices.id, profileId: invoices.profileId, gatewayTxnId: invoices.gatewayTxnId, status: invoices.status })
    .from(invoices)
    .where(eq(invoices.gatewayTxnId, transactionNo));
  if (!invoice) {
    deps.log.warn({ transactionNo }, 'paylink webhook for an unknown transaction');
    return { kind: 'ignored' };
  }
  // Without a buyer: kept anonymised after the account was deleted, which only a completed invoice is.
  if (invoice.status === 'completed' || invoice.profileId === null) return { kind: 'handled', status: 'completed' };
  const { status, asked } = await verifyInvoice(deps, {
    ...invoice,
    profileId: invoice.profileId,
    status: invoice.status as InvoiceStatus,
  });
  return asked ? { kind: 'handled', status } : { kind: 'retry' };
}

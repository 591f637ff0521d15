import { ADMIN_PACKAGE, type InvoiceStatus } from '@sira/shared';
import { and, eq, gt, sql } from 'drizzle-orm';
import { invoices, packages, profiles } from '../../db/schema';
import type { BillingDeps } from './billing-deps';
import type { PaylinkInvoice } from './paylink-client';
import { resolvePaylink } from './paylink-config';

/** Paylink reports a float; Sira stores whole riyals. Anything further apart than a halala is not our amount. */
export const AMOUNT_TOLERANCE = 0.01;

export type GatewayVerdict = 'paid' | 'amount_mismatch' | 'waiting' | 'failed';

/**
 * What Paylink's answer means for an invoice of `amount` riyals (integrations.md §A4–A5): only `paid`
 * (any case) with the same amount is paid. Pending with payment errors is a declined attempt, as the official
 * WooCommerce plugin treats it; any other status (Canceled, or values Paylink has not documented) is failed.
 */
export function judgeGatewayAnswer(
  amount: number,
  gateway: Pick<PaylinkInvoice, 'orderStatus' | 'amount' | 'paymentErrors'>,
): GatewayVerdict {
  const status = gateway.orderStatus.trim().toLowerCase();
  if (status === 'paid') {
    // Paid, but with an amount that cannot be read: nothing to compare, so no verdict yet — the invoice stays
    // open and is asked about again, rather than failed for good on a garbled answer for money that was paid.
    if (!Number.isFinite(gateway.amount)) return 'waiting';
    return Math.abs(gateway.amount - amount) <= AMOUNT_TOLERANCE ? 'paid' : 'amount_mismatch';
  }
  if (status === 'pending' || status === '') return gateway.paymentErrors.length > 0 ? 'failed' : 'waiting';
  return 'failed';
}

/** The invoice's status after the check, and whether Paylink actually answered. */
export interface Verification {
  status: InvoiceStatus;
  asked: boolean;
}

export interface InvoiceToVerify {
  id: string;
  profileId: string;
  gatewayTxnId: string | null;
  status: InvoiceStatus;
}

/**
 * Records Paylink's answer about one invoice, in one transaction that holds the invoice row (FOR UPDATE):
 * whichever of the callback, the webhook and the reconciliation task gets here first credits the package;
 * everyone after it finds the invoice completed and changes nothing. A failed invoice may still complete —
 * money Paylink says it took is never left uncredited — but a completed one never changes again.
 */
export async function applyGatewayAnswer(deps: BillingDeps, invoiceId: string, gateway: PaylinkInvoice): Promise<InvoiceStatus | null> {
  const outcome = await deps.db.transaction(async (tx) => {
    const [row] = await tx
      .select({
        id: invoices.id,
        profileId: invoices.profileId,
        packageId: invoices.packageId,
        amount: invoices.amount,
        messages: invoices.messages,
        status: invoices.status,
        gatewayTxnId: invoices.gatewayTxnId,
        createdAt: invoices.createdAt,
      })
      .from(invoices)
      .where(eq(invoices.id, invoiceId))
      .for('update');
    // An invoice whose buyer deleted the account (always a completed one, kept anonymised) changes no more.
    if (!row || row.profileId === null) return null;
    const profileId = row.profileId;
    const current = row.status as InvoiceStatus;
    if (current === 'completed') return { profileId: profileId, status: current, changed: false, credited: false };

    const checked = { gatewayStatus: gateway.orderStatus || null, lastCheckedAt: new Date() };
    // The answer must be about this invoice; a different transaction number is never taken as payment.
    const verdict = gateway.transactionNo === row.gatewayTxnId ? judgeGatewayAnswer(row.amount, gateway) : 'amount_mismatch';

    if (verdict === 'paid') {
      const [pkg] = row.packageId
        ? await tx
            .select({ messagesLimit: packages.messagesLimit, price: packages.price })
            .from(packages)
            .where(eq(packages.id, row.packageId))
        : [];
      if (!row.packageId || !pkg) {
        // Paid, but the package was deleted meanwhile: keep it visible as processing for an administrator.
        deps.log.error({ invoiceId: row.id }, 'invoice paid but its package no longer exists; not credited');
        await tx
          .update(invoices)
          .set({ status: 'processing', ...checked })
          .where(eq(invoices.id, row.id));
        return { profileId: profileId, status: 'processing' as const, changed: current !== 'processing', credited: false };
      }
      // The package is the user's role too: someone made an administrator after starting to pay keeps the
      // admin package and gets the messages only (a payment never takes a role away).
      const [holder] = await tx
        .select({ packageName: packages.name, packagePrice: packages.price })
        .from(profiles)
        .leftJoin(packages, eq(packages.id, profiles.packageId))
        .where(eq(profiles.id, profileId))
        .for('update', { of: profiles });
      const keepsRole = holder?.packageName === ADMIN_PACKAGE;
      // A payment page left open and paid after a purchase the user started later had completed (an older,
      // stale invoice): the later choice is not undone by the older one — the user keeps whichever of the two
      // packages costs more, so paying twice never leaves them with fewer companies than they paid for.
      const [laterPurchase] = await tx
        .select({ id: invoices.id })
        .from(invoices)
        .where(and(eq(invoices.profileId, profileId), eq(invoices.status, 'completed'), gt(invoices.createdAt, row.createdAt)))
        .limit(1);
      const takesPackage = !keepsRole && (!laterPurchase || pkg.price > (holder?.packagePrice ?? 0));
      await tx
        .update(profiles)
        .set({
          ...(takesPackage ? { packageId: row.packageId } : {}),
          // What the invoice bought when it was made (older invoices: the package's count now).
          messagesRemaining: sql`${profiles.messagesRemaining} + ${row.messages ?? pkg.messagesLimit}`,
        })
        .where(eq(profiles.id, profileId));
      await tx
        .update(invoices)
        .set({ status: 'completed', completedAt: new Date(), ...checked })
        .where(eq(invoices.id, row.id));
      return { profileId: profileId, status: 'completed' as const, changed: true, credited: true };
    }

    if (verdict === 'waiting' && !Number.isFinite(gateway.amount) && /^paid$/i.test(gateway.orderStatus.trim())) {
      deps.log.error(
        { invoiceId: row.id, transactionNo: gateway.transactionNo },
        'paylink reported paid without a readable amount; asked again later',
      );
    }
    if (verdict === 'amount_mismatch') {
      deps.log.error(
        { invoiceId: row.id, expected: row.amount, reported: gateway.amount, transactionNo: gateway.transactionNo },
        'paylink reported a payment that does not match the invoice; not credited',
      );
    }
    const next: InvoiceStatus = verdict === 'waiting' ? current : 'failed';
    await tx
      .update(invoices)
      .set({ status: next, ...checked })
      .where(eq(invoices.id, row.id));
    return { profileId: profileId, status: next, changed: next !== current, credited: false };
  });

  if (!outcome) return null;
  // Published after the commit, so a browser that re-fetches sees the new rows.
  if (outcome.changed) deps.events.publish({ topic: 'billing', profileId: outcome.profileId });
  if (outcome.credited) deps.events.publish({ topic: 'profile', profileId: outcome.profileId });
  return outcome.status;
}

/**
 * Asks Paylink about an invoice (getInvoice) and records the answer. When Paylink cannot be asked (not
 * configured, unreachable, an error), nothing changes and the invoice keeps its status: the next callback
 * poll, webhook retry or reconciliation pass asks again.
 */
export async function verifyInvoice(deps: BillingDeps, invoice: InvoiceToVerify): Promise<Verification> {
  if (invoice.status === 'completed') return { status: 'completed', asked: false };
  if (!invoice.gatewayTxnId) return { status: invoice.status, asked: false };
  const { credentials } = await resolvePaylink(deps);
  if (!credentials) {
    deps.log.warn({ invoiceId: invoice.id }, 'cannot verify invoice: paylink is not configured');
    return { status: invoice.status, asked: false };
  }
  let gateway: PaylinkInvoice;
  try {
    gateway = await deps.paylink.clientFor(credentials).getInvoice(invoice.gatewayTxnId);
  } catch (error) {
    deps.log.warn({ err: error, invoiceId: invoice.id }, 'paylink getInvoice failed; will ask again later');
    await deps.db.update(invoices).set({ lastCheckedAt: new Date() }).where(eq(invoices.id, invoice.id));
    return { status: invoice.status, asked: false };
  }
  return { status: (await applyGatewayAnswer(deps, invoice.id, gateway)) ?? invoice.status, asked: true };
}

import type { InvoiceStatus } from '@sira/shared';
import { sql } from 'drizzle-orm';
import { rowsOf } from '../../db/client';
import type { BackgroundContext, BackgroundTask } from '../../lib/background-task';
import { startPeriodicTask } from '../../lib/periodic-task';
import { type BillingDeps, billingDepsFromContext } from './billing-deps';
import { verifyInvoice } from './payment-confirmation';

export interface ReconcileOptions {
  /** Leave fresh invoices to the callback page and the webhook first (default 2 minutes). */
  minAgeSeconds?: number;
  /** How soon a young invoice is asked about again; older ones wait 15× and 60× longer (default 60 s). */
  recheckSeconds?: number;
  batchSize?: number;
}

/** After a week a pending invoice is left alone: Paylink's payment page is long gone by then. */
const GIVE_UP_AFTER = '7 days';

/**
 * Invoices that may still turn into money (on the `invoices` table): pending, paid but not yet credited
 * (processing), or failed by a declined card while Paylink still shows them Pending — the buyer may try again
 * on the same page. After a week none is asked about again.
 */
export const stillPayableInvoice = sql`(
  (invoices.status in ('pending', 'processing') or (invoices.status = 'failed' and lower(invoices.gateway_status) = 'pending'))
  and invoices.gateway_txn_id is not null
  and invoices.created_at > now() - interval '${sql.raw(GIVE_UP_AFTER)}')`;

/**
 * The third confirmation path (integrations.md §A7): a user who pays and closes the tab never reaches the
 * callback, and a webhook may be lost. Due invoices (pending, processing, or failed by a declined attempt the
 * buyer may still retry on Paylink's page) are claimed in one statement — `last_checked_at`
 * moves forward under `FOR UPDATE SKIP LOCKED` — so any number of workers poll each invoice once per round;
 * then each is verified through the same crediting code as the callback and the webhook.
 */
export async function reconcilePendingInvoices(deps: BillingDeps, options: ReconcileOptions = {}) {
  const minAge = options.minAgeSeconds ?? 120;
  const recheck = options.recheckSeconds ?? 60;
  const batch = options.batchSize ?? 25;
  const claimed = rowsOf<{ id: string; profileId: string; gatewayTxnId: string | null; status: InvoiceStatus }>(
    await deps.db.execute(sql`
      update invoices set last_checked_at = now()
      where id in (
        select id from invoices
        where ${stillPayableInvoice}
          and created_at <= now() - make_interval(secs => ${minAge})
          and (last_checked_at is null or last_checked_at <= now() - make_interval(secs => ${recheck} * case
                when created_at > now() - interval '1 hour' then 1
                when created_at > now() - interval '1 day' then 15
                else 60 end))
        order by last_checked_at asc nulls first, created_at asc
        limit ${batch}
        for update skip locked)
      returning id, profile_id as "profileId", gateway_txn_id as "gatewayTxnId", status`),
  );
  let completed = 0;
  for (const invoice of claimed) {
    const { status } = await verifyInvoice(deps, invoice);
    if (status === 'completed') completed++;
  }
  return { checked: claimed.length, completed };
}

const INTERVAL_MS = 30_000;

/** The background task (background.ts TASKS): a reconciliation pass every 30 s until stopped. */
export function startInvoiceReconciliation(ctx: BackgroundContext): BackgroundTask {
  const deps = billingDepsFromContext(ctx);
  return startPeriodicTask(
    'invoice-reconciliation',
    INTERVAL_MS,
    async () => {
      const result = await reconcilePendingInvoices(deps);
      if (result.checked > 0) ctx.log.info(result, 'invoice reconciliation pass');
    },
    ctx.log,
  );
}

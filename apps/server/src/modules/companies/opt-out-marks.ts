import { deliveryFailureText } from '@sira/shared/messages/sending';
import { type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { hotQuery } from '../../db/hot-statements';
import { withdrawDeliveries } from '../sending/job-state';

/**
 * What an opt-out does to sending (ADR 013, ADR 018). Two kinds of mark keep an address from a user's sends:
 * - the directory's mark (company_opt_outs): no user sends there;
 * - a sender's own stop (sender_opt_outs): that one user sends there no more.
 * Scheduling leaves marked addresses out (`optedOutAddresses`); deliveries to them still waiting end 'opted_out' in
 * the transaction that makes the mark (`settleOptedOut`); the worker checks each claim (`optedOutAmong`) and
 * settles a claimed row the same way (`recordOptedOut`). Each such delivery gives its message credit back and
 * leaves its job's total, so nobody pays for it.
 */

/** The reason an opted-out delivery records (Arabic for the user, English for support). */
export const OPTED_OUT_REASON = deliveryFailureText.optedOut;

/**
 * The addresses `profileId` may no longer send to: the directory's marks and the user's own stops, as a query of
 * one column, `email`, lower-cased and never null (both tables keep them so). Scheduling leaves them out through
 * sending/contacted.ts.
 */
export const optedOutAddresses = (profileId: string) =>
  sql`select o.email from company_opt_outs o union all select so.email from sender_opt_outs so where so.profile_id = ${profileId}`;

/**
 * Which of these addresses (any case) `profileId` may no longer send to, lower-cased. The worker asks at every
 * claim: a named prepared statement (db/hot-statements.ts).
 */
export async function optedOutAmong(db: Database, profileId: string, addresses: readonly string[]): Promise<Set<string>> {
  if (addresses.length === 0) return new Set();
  const wanted = [...new Set(addresses.map((a) => a.toLowerCase()))];
  const rows = await hotQuery<{ email: string }>(
    db,
    'sira_opted_out_among_v1',
    sql`
      select email from company_opt_outs where email = any(${sql.param(wanted)}::text[])
      union
      select email from sender_opt_outs where profile_id = ${profileId}::text and email = any(${sql.param(wanted)}::text[])`,
  );
  return new Set(rows.map((r) => r.email));
}

/**
 * Ends the chosen deliveries 'opted_out' and gives their credit back, through the send job's own state
 * (sending/job-state.ts): each leaves its job's total and its owner gets the message back, in one statement. `target` is a SQL condition on `deliveries d` that must select only rows not yet settled.
 * Returns the owners whose balance changed.
 */
export async function settleOptedOut(db: Pick<Database, 'execute'>, target: SQL): Promise<string[]> {
  return withdrawDeliveries(db, target, OPTED_OUT_REASON);
}

/** Every user's deliveries to the address still waiting: settled when the directory marks it. */
export const waitingTo = (email: string) => sql`lower(d.recipient_email) = ${email} and d.status in ('pending', 'held')`;

/** One user's deliveries to the address still waiting: settled when that user's own stop is made. */
export const waitingFrom = (profileId: string, email: string) =>
  sql`d.profile_id = ${profileId} and lower(d.recipient_email) = ${email} and d.status in ('pending', 'held')`;

/** The worker's claimed row whose address opted out: settled like the waiting ones, matched by its lease. */
export async function recordOptedOut(db: Pick<Database, 'execute'>, id: string, lease: string): Promise<boolean> {
  const owners = await settleOptedOut(db, sql`d.id = ${id} and d.status = 'sending' and d.lease_expires_at = ${lease}::timestamptz`);
  return owners.length > 0;
}

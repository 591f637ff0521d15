import type { ResentFailed } from '@sira/shared/schemas/sending';
import { sql } from 'drizzle-orm';
import { type Database, rowsOf } from '../../db/client';
import { AppError } from '../../lib/errors';
import type { EventBus } from '../../lib/event-bus';
import { reopenFailed } from './job-state';

/**
 * "Resend failed": the user's failed deliveries whose cause was passing (rules/delivery-failure.ts) go back to
 * the queue, each as the same delivery — the same company of the same job, not a second one — and are debited
 * again, in one transaction that refuses when the balance is short.
 *
 * The guarantees of scheduling hold here too:
 * - never the same company twice: a failed row is not taken when the user has since reached, or queued, the
 *   same company (by id or by address) in another delivery, and of several failed rows of one address only
 *   the newest is taken;
 * - the profile row is locked first, as scheduling locks it, so a send and a resend of one user cannot both
 *   take the same company or spend the same balance;
 * - the rows are pending again like any other: the worker's leases, pacing, daily cap and refunds apply;
 * - a row whose job's résumé has since been pruned is not offered: it could only fail again.
 */

/** The user's failed deliveries that may be sent again (id, job), one per address: the list and the resend share it. */
export const resendableDeliveries = (profileId: string) => sql`
  select distinct on (lower(d.recipient_email)) d.id, d.job_id
  from deliveries d
  where d.profile_id = ${profileId} and d.status = 'failed' and d.failure_cause = 'retries'
    -- The job's résumé is still stored (older ones of finished jobs are pruned): without it the row would fail again.
    and exists (select 1 from send_jobs j join resume_files f on f.path = j.resume_path where j.id = d.job_id)
    and not exists (
      select 1 from deliveries o
      where o.profile_id = ${profileId} and o.status <> 'failed'
        and (o.company_id = d.company_id or lower(o.recipient_email) = lower(d.recipient_email)))
  order by lower(d.recipient_email), d.created_at desc, d.id`;

export interface ResendDeps {
  db: Database;
  events: EventBus;
}

export async function resendFailed(deps: ResendDeps, profileId: string): Promise<ResentFailed> {
  const resent = await deps.db.transaction(async (tx) => {
    const [profile] = rowsOf<{ balance: number }>(
      await tx.execute(sql`select messages_remaining as balance from profiles where id = ${profileId} for update`),
    );
    if (!profile) throw new AppError(404, 'PROFILE_NOT_FOUND');
    const rows = rowsOf<{ id: string; job_id: string }>(await tx.execute(resendableDeliveries(profileId)));
    if (rows.length === 0) throw new AppError(409, 'NOTHING_TO_RESEND');
    if (profile.balance < rows.length) throw new AppError(409, 'RESEND_NO_BALANCE');
    const [mailbox] = rowsOf<{ one: number }>(
      await tx.execute(sql`select 1 as one from user_mailboxes where profile_id = ${profileId} and chosen and credential is not null`),
    );
    if (!mailbox) throw new AppError(409, 'MAILBOX_NOT_LINKED');

    // Back to the queue with a fresh retry budget, debited again; the failure stays in failed_emails, the
    // admin's history.
    return reopenFailed(
      tx,
      profileId,
      rows.map((r) => r.id),
    );
  });
  deps.events.publish({ topic: 'sending', profileId });
  deps.events.publish({ topic: 'profile', profileId });
  return { resent };
}

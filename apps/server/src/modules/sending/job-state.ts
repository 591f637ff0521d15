import type { FailureCause } from '@sira/shared/rules/delivery-failure';
import { type SQL, sql } from 'drizzle-orm';
import { type Database, rowsOf } from '../../db/client';

/**
 * A send job's state and its owner's balance, written here and nowhere else. Every way a delivery settles goes
 * through one of these writes, in the same statement that settles the delivery:
 *
 * | transition  | delivery               | job counters        | owner's balance      |
 * |-------------|------------------------|---------------------|----------------------|
 * | scheduled   | inserted, pending      | total = n           | − n                  |
 * | claimed     | sending                | pending → processing| —                    |
 * | sent        | sent                   | sent + n            | (sent_messages + n)  |
 * | failed      | failed                 | failed + n          | + n (credit back)    |
 * | swept       | failed, 'unconfirmed'  | failed + n          | + n                  |
 * | interrupted | failed, 'retries'      | failed + n          | + n                  |
 * | opted out   | opted_out              | total − n           | + n                  |
 * | resent      | pending again          | failed − n          | − n                  |
 * | deleted     | waiting rows removed   | (job goes with the account) | —            |
 *
 * One rule decides a job's status after any of them (`jobStatusAfter`): a job is finished when every message it
 * still owes has an outcome (sent + failed ≥ total); finished with nothing sent and something failed it is
 * 'failed', otherwise 'completed' (a job whose every company opted out completed: nobody paid for anything).
 * An unfinished job that had finished (a resend) runs again; any other keeps its status, so a job no worker has
 * claimed yet stays 'pending'.
 */

/** A database or an open transaction. */
type Executor = Pick<Database, 'execute'>;

/** How settled deliveries move their job's counters: the new sent, failed and total as SQL over `sj` and `per_job.n`. */
interface CounterChange {
  sent: string;
  failed: string;
  total: string;
}

const COUNTERS = {
  sent: { sent: 'sj.sent_count + per_job.n', failed: 'sj.failed_count', total: 'sj.total_emails_intended' },
  failed: { sent: 'sj.sent_count', failed: 'sj.failed_count + per_job.n', total: 'sj.total_emails_intended' },
  withdrawn: { sent: 'sj.sent_count', failed: 'sj.failed_count', total: 'sj.total_emails_intended - per_job.n' },
  reopened: { sent: 'sj.sent_count', failed: 'sj.failed_count - per_job.n', total: 'sj.total_emails_intended' },
} as const satisfies Record<string, CounterChange>;

type Outcome = keyof typeof COUNTERS;

/** What each outcome does to the owner: a credit back, a debit, or one more message sent. */
const OWNER_CHANGE: Record<Outcome, string> = {
  sent: 'sent_messages = pr.sent_messages + per_profile.n',
  failed: 'messages_remaining = pr.messages_remaining + per_profile.n',
  withdrawn: 'messages_remaining = pr.messages_remaining + per_profile.n',
  reopened: 'messages_remaining = pr.messages_remaining - per_profile.n',
};

/** The one rule (see above), as SQL over the job's new counters and its current status `sj.status`. */
export function jobStatusAfter({ sent, failed, total }: CounterChange): string {
  const finished = `${sent} + ${failed} >= ${total}`;
  return `case when ${finished} then case when ${sent} = 0 and ${failed} > 0 then 'failed' else 'completed' end
    when sj.status in ('completed', 'failed') then 'processing' else sj.status end`;
}

/**
 * The CTEs that follow a CTE `d` of settled deliveries (returning `job_id` and `profile_id`): their jobs'
 * counters, status and end time, and their owners' balance or sent count. Appended to the statement that
 * settles the rows, so a delivery and its job never disagree, even for a moment.
 */
export function settleJobs(outcome: Outcome, errorMessage?: string): SQL {
  const counters = COUNTERS[outcome];
  const finished = `${counters.sent} + ${counters.failed} >= ${counters.total}`;
  const error =
    outcome === 'reopened' ? sql`, error_message = null` : errorMessage === undefined ? sql`` : sql`, error_message = ${errorMessage}`;
  return sql`, per_job as (
        select job_id, count(*)::int as n from d group by job_id
      ), j as (
        update send_jobs sj
        set sent_count = ${sql.raw(counters.sent)}, failed_count = ${sql.raw(counters.failed)},
          total_emails_intended = ${sql.raw(counters.total)},
          status = ${sql.raw(jobStatusAfter(counters))},
          completed_at = case when ${sql.raw(finished)} then now() end${error}
        from per_job where sj.id = per_job.job_id
        returning sj.id
      ), per_profile as (
        select profile_id, count(*)::int as n from d group by profile_id
      ), p as (
        update profiles pr set ${sql.raw(OWNER_CHANGE[outcome])}
        from per_profile where pr.id = per_profile.profile_id
        returning pr.id
      )`;
}

/**
 * Deliveries end failed: each with its failed_emails row (the admin's history), its job's counter, the message
 * credit back to its owner, and — when the address was refused — a hard failure counted on the directory's
 * company of that address and on the owner's own company of it (which then leaves their sends, ADR 029); all in
 * one statement. `target` is a condition on `deliveries d` naming rows in a
 * worker's hands. Returns the owner of each row failed.
 */
export async function failDeliveries(db: Executor, target: SQL, reason: string, cause: FailureCause): Promise<string[]> {
  const rows = rowsOf<{ profile_id: string }>(
    await db.execute(sql`
      with d as (
        update deliveries d
        set updated_at = now(), status = 'failed', last_error = ${reason}, failure_cause = ${cause}, lease_expires_at = null,
          provider_message_id = null, attempts = d.attempts + 1
        where ${target}
        returning d.id, d.job_id, d.profile_id, d.recipient_email
      ), c as (
        update companies set hard_failures = hard_failures + 1
        where ${cause}::text = 'address' and lower(email) in (select lower(recipient_email) from d)
        returning id
      ), u as (
        update user_companies set hard_failures = hard_failures + 1
        where ${cause}::text = 'address' and (profile_id, lower(email)) in (select profile_id, lower(recipient_email) from d)
        returning id
      ), f as (
        insert into failed_emails (profile_id, delivery_id, email, error)
        select profile_id, id, recipient_email, ${reason} from d
        returning id
      )${settleJobs('failed', reason)}
      select d.profile_id from d`),
  );
  return rows.map((r) => r.profile_id);
}

/**
 * Deliveries end 'opted_out' (ADR 013, ADR 018): each leaves its job's total (so a job whose other deliveries
 * are all done completes) and gives its owner the message back. `target` is a condition on `deliveries d` that
 * must select only rows not yet settled. Returns the owners whose balance changed.
 */
export async function withdrawDeliveries(db: Executor, target: SQL, reason: string): Promise<string[]> {
  const rows = rowsOf<{ profile_id: string }>(
    await db.execute(sql`
      with d as (
        update deliveries d
        set updated_at = now(), status = 'opted_out', last_error = ${reason},
          lease_expires_at = null, provider_message_id = null, sender_email = null, sender_provider = null
        where ${target}
        returning d.job_id, d.profile_id
      )${settleJobs('withdrawn')}
      select distinct profile_id from d`),
  );
  return rows.map((r) => r.profile_id);
}

/**
 * "Resend failed": the chosen failed deliveries of one user are pending again with a fresh retry budget, their
 * jobs run again, and each is debited again. The caller has locked the profile and checked the balance.
 * Returns how many went back to the queue.
 */
export async function reopenFailed(db: Executor, profileId: string, ids: readonly string[]): Promise<number> {
  const [row] = rowsOf<{ n: number }>(
    await db.execute(sql`
      with d as (
        update deliveries d
        set updated_at = now(), status = 'pending', failure_cause = null, last_error = null, attempts = 0,
          sender_email = null, sender_provider = null, provider_message_id = null, next_attempt_at = now()
        where d.status = 'failed' and d.profile_id = ${profileId} and d.id = any(${sql.param([...ids])}::uuid[])
        returning d.job_id, d.profile_id
      )${settleJobs('reopened')}
      select count(*)::int as n from d`),
  );
  return row?.n ?? 0;
}

/** A new job's deliveries are in: the job owes `count` messages and its owner is debited for them. */
export async function chargeScheduled(db: Executor, jobId: string, profileId: string, count: number): Promise<void> {
  await db.execute(sql`update send_jobs set total_emails_intended = ${count} where id = ${jobId}`);
  await db.execute(sql`update profiles set messages_remaining = messages_remaining - ${count} where id = ${profileId}`);
}

/** A worker claimed rows of these jobs: those not started yet are running now. */
export const startJobs = (jobIds: readonly string[]) =>
  sql`update send_jobs set status = 'processing' where status = 'pending' and id = any(${sql.param([...jobIds])}::uuid[])`;

/**
 * The account is being deleted: its deliveries that never went are removed (the jobs go with the account).
 * Rows a worker still holds stay until the account goes: their answer may not be in. Returns how many went.
 */
export async function cancelWaiting(db: Executor, profileId: string): Promise<number> {
  const [row] = rowsOf<{ n: number }>(
    await db.execute(sql`
      with d as (delete from deliveries where profile_id = ${profileId} and status in ('pending', 'held') returning id)
      select count(*)::int as n from d`),
  );
  return row?.n ?? 0;
}

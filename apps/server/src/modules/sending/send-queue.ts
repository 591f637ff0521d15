import { sql } from 'drizzle-orm';
import { type Database, rowsOf } from '../../db/client';
import { DAY_MS } from './pacing';
import type { QueuedGroup } from './send-plan';

/** A database or an open transaction: what the reads below need. */
type Reader = Pick<Database, 'execute'>;

/**
 * The user's queue as the worker will meet it: messages in flight first (they leave now), then the pending
 * ones by when they become due, each group with its job's window choice. Held rows wait for a relink and are
 * left out (they leave at no time one can name).
 */
export async function readQueuedGroups(db: Reader, profileId: string): Promise<QueuedGroup[]> {
  const rows = rowsOf<{ at: number; n: number; windowed: boolean; sending: boolean }>(
    await db.execute(sql`
      select (extract(epoch from d.next_attempt_at) * 1000)::float8 as at, count(*)::int as n,
        (j.send_window = 'working_hours') as windowed, (d.status = 'sending') as sending
      from deliveries d join send_jobs j on j.id = d.job_id
      where d.profile_id = ${profileId} and d.status in ('pending', 'sending')
      group by d.next_attempt_at, j.send_window, d.status = 'sending'
      order by (d.status = 'sending') desc, d.next_attempt_at`),
  );
  return rows.map((r) => ({ at: r.sending ? 0 : Number(r.at), count: r.n, windowed: r.windowed === true }));
}

/** The mailbox's sends over the 24 h before `now` (ms, ascending): what its rolling cap already counts. */
export async function readSendsBefore(db: Reader, email: string, now: Date): Promise<number[]> {
  return rowsOf<{ at: number }>(
    await db.execute(sql`
      select (extract(epoch from sent_at) * 1000)::float8 as at from deliveries
      where sender_email = ${email} and status = 'sent' and sent_at > ${new Date(now.getTime() - DAY_MS)} and sent_at <= ${now}
      order by sent_at`),
  ).map((r) => Number(r.at));
}

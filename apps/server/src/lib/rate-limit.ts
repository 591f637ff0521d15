import { sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { rowsOf } from '../db/client';
import { AppError } from './errors';

export interface Limit {
  /** Distinguishes the counter, e.g. 'sign-in:ip:1.2.3.4'. */
  key: string;
  max: number;
  windowSeconds: number;
}

/**
 * Counts one attempt against each limit and refuses with 429 RATE_LIMITED when any is exceeded. The counter
 * is one upsert per limit, so concurrent requests on any number of servers count correctly.
 */
export async function consumeRateLimits(db: Database, limits: Limit[]): Promise<void> {
  for (const limit of limits) {
    const result = await db.execute(sql`
      insert into rate_limits (key, window_start, count) values (${limit.key}, now(), 1)
      on conflict (key) do update set
        count = case when rate_limits.window_start < now() - make_interval(secs => ${limit.windowSeconds}) then 1 else rate_limits.count + 1 end,
        window_start = case when rate_limits.window_start < now() - make_interval(secs => ${limit.windowSeconds}) then now() else rate_limits.window_start end
      returning count`);
    const count = rowsOf<{ count: number }>(result)[0]?.count ?? 0;
    if (count > limit.max) throw new AppError(429, 'RATE_LIMITED');
  }
}

/** Clears counters (after a successful sign-in the e-mail's failures no longer count). */
export async function resetRateLimit(db: Database, key: string): Promise<void> {
  await db.execute(sql`delete from rate_limits where key = ${key}`);
}

import type { AdminStats } from '@sira/shared';
import { sql } from 'drizzle-orm';
import { type Database, rowsOf } from '../../db/client';

/**
 * The admin header's four cards, in one SQL statement: revenue = sum of completed invoice amounts (spec §9);
 * messages sent = the messages that actually left, counted per profile by the worker (ADR 022: spec §9's
 * `limit − remaining` reads 0 for anyone who bought more than their package holds, since a purchase adds to
 * the balance — ADR 007); active users = profiles with a positive balance (spec §9).
 */
export async function getAdminStats(db: Database): Promise<AdminStats> {
  const result = await db.execute(sql`
    select
      (select count(*)::int from profiles) as "totalUsers",
      (select coalesce(sum(amount), 0)::int from invoices where status = 'completed') as "totalRevenue",
      (select coalesce(sum(sent_messages), 0)::int from profiles) as "messagesSent",
      (select count(*)::int from profiles where messages_remaining > 0) as "activeUsers"`);
  const [row] = rowsOf<AdminStats>(result);
  if (!row) throw new Error('stats query returned no row');
  return row;
}

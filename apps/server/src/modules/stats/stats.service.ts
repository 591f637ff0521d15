import type { AdminStats } from '@sira/shared';
import { sql } from 'drizzle-orm';
import { type Database, rowsOf } from '../../db/client';

/**
 * The admin header's four cards, with the formulas of spec §9 computed in one SQL statement:
 * revenue = sum of completed invoice amounts; messages sent = Σ (package limit − remaining), never below 0
 * per user; active users = profiles with a positive balance.
 */
export async function getAdminStats(db: Database): Promise<AdminStats> {
  const result = await db.execute(sql`
    select
      (select count(*)::int from profiles) as "totalUsers",
      (select coalesce(sum(amount), 0)::int from invoices where status = 'completed') as "totalRevenue",
      (select coalesce(sum(greatest(p.messages_limit - pr.messages_remaining, 0)), 0)::int
         from profiles pr join packages p on p.id = pr.package_id) as "messagesSent",
      (select count(*)::int from profiles where messages_remaining > 0) as "activeUsers"`);
  const [row] = rowsOf<AdminStats>(result);
  if (!row) throw new Error('stats query returned no row');
  return row;
}

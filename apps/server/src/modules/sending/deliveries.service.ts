import { DELIVERY_PAGE_SIZE, type DeliverySource, type FailureCause } from '@sira/shared';
import { userFacingReason } from '@sira/shared/messages/sending';
import type { DeliveriesQuery, DeliveryFilter, DeliveryPage } from '@sira/shared/schemas/sending';
import { type SQL, sql } from 'drizzle-orm';
import { type Database, rowsOf } from '../../db/client';
import { resendableDeliveries } from './resend.service';
import { readSendingWindow } from './sending-window-settings';
import { nextOpening, windowOf } from './window';

/**
 * The dashboard's delivery list: one user's deliveries, newest request first, filtered by state and searched
 * by company name, each failed row with why it failed; and how many failed ones may be sent again.
 */

/** `text` anywhere, its LIKE wildcards taken literally (backslash is PostgreSQL's default escape). */
const containing = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

const statusesOf: Record<DeliveryFilter, readonly string[]> = {
  waiting: ['pending', 'held'],
  sending: ['sending'],
  sent: ['sent'],
  failed: ['failed'],
};

export async function listDeliveries(
  db: Database,
  profileId: string,
  query: DeliveriesQuery,
  now: Date = new Date(),
): Promise<DeliveryPage> {
  const page = query.page ?? 1;
  const where: SQL[] = [sql`d.profile_id = ${profileId}`];
  if (query.status) where.push(sql`d.status = any(${sql.param([...statusesOf[query.status]])}::text[])`);
  // A user's deliveries are a few thousand at most: the name is matched on the rows of that user.
  if (query.search) where.push(sql`lower(d.company_name) like lower(${containing(query.search)})`);
  const filter = sql.join(where, sql` and `);
  const [totalRows, rows, resendable, windowSettings] = await Promise.all([
    db.execute(sql`select count(*)::int as n from deliveries d where ${filter}`),
    db.execute(sql`
      select d.id, d.company_name, d.status, d.last_error, d.failure_cause, d.source, d.job_title, j.send_window,
        case d.status
          when 'sent' then d.sent_at
          when 'failed' then d.updated_at
          when 'pending' then d.next_attempt_at
          else d.updated_at
        end as at
      from deliveries d join send_jobs j on j.id = d.job_id where ${filter}
      order by d.created_at desc, d.company_name asc, d.id asc
      limit ${DELIVERY_PAGE_SIZE} offset ${(page - 1) * DELIVERY_PAGE_SIZE}`),
    db.execute(sql`select count(*)::int as n from (${resendableDeliveries(profileId)}) r`),
    readSendingWindow(db),
  ]);
  const window = windowOf(windowSettings);
  // A waiting message of a working-hours send is not sent before the window opens: its row says so rather than
  // showing when it was queued (a Saturday request shows Sunday's opening).
  const plannedAt = (at: Date | string, status: string, sendWindow: string) => {
    const time = new Date(at).getTime();
    if (status !== 'pending' || sendWindow !== 'working_hours') return time;
    return nextOpening(Math.max(time, now.getTime()), window);
  };
  return {
    rows: rowsOf<{
      id: string;
      company_name: string;
      status: DeliveryPage['rows'][number]['status'];
      last_error: string | null;
      failure_cause: FailureCause | null;
      source: DeliverySource;
      job_title: string | null;
      send_window: string;
      at: Date | string;
    }>(rows).map((r) => ({
      id: r.id,
      companyName: r.company_name,
      status: r.status,
      at: new Date(plannedAt(r.at, r.status, r.send_window)).toISOString(),
      lastError: userFacingReason(r.last_error, r.status),
      failureCause: r.status === 'failed' ? r.failure_cause : null,
      source: r.source,
      jobTitle: r.job_title,
    })),
    total: rowsOf<{ n: number }>(totalRows)[0]?.n ?? 0,
    page,
    pageSize: DELIVERY_PAGE_SIZE,
    retryableFailed: rowsOf<{ n: number }>(resendable)[0]?.n ?? 0,
  };
}

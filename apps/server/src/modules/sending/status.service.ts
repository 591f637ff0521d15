import { DELIVERY_PAGE_SIZE } from '@sira/shared';
import { userFacingReason } from '@sira/shared/messages/sending';
import type { DeliveryPage, JobStatus, SendingOverview, SendingStatus } from '@sira/shared/schemas/sending';
import { sql } from 'drizzle-orm';
import { type Database, rowsOf } from '../../db/client';
import { AppError } from '../../lib/errors';
import { DAY_MS, estimateFinish } from './pacing';
import { dailyCapFor, readSendingSettings } from './sending-settings';

/** The dashboard's sending numbers, always for one user: counts, ETA, pause, recent jobs, the delivery log. */

const iso = (value: Date | string | null | undefined) => (value ? new Date(value).toISOString() : null);

export async function getSendingStatus(db: Database, profileId: string, now: Date = new Date()): Promise<SendingStatus> {
  const [countRows, jobRows, mailboxRows] = await Promise.all([
    db.execute(sql`select status, count(*)::int as n from deliveries where profile_id = ${profileId} group by status`),
    db.execute(sql`
      select id, subject, status, total_emails_intended as total, sent_count as sent, failed_count as failed, created_at
      from send_jobs where profile_id = ${profileId} order by created_at desc, id desc limit 5`),
    db.execute(sql`select email, paused_until, daily_cap from user_gmail where profile_id = ${profileId}`),
  ]);
  const by = new Map(rowsOf<{ status: string; n: number }>(countRows).map((r) => [r.status, r.n]));
  const n = (status: string) => by.get(status) ?? 0;
  const counts = {
    total: [...by.values()].reduce((a, b) => a + b, 0),
    pending: n('pending') + n('held'),
    processing: n('sending'),
    completed: n('sent'),
    failed: n('failed'),
  };
  const mailbox = rowsOf<{ email: string; paused_until: Date | string | null; daily_cap: number | null }>(mailboxRows)[0];
  const pausedUntil = mailbox?.paused_until && new Date(mailbox.paused_until) > now ? new Date(mailbox.paused_until) : null;

  let estimatedFinishAt: string | null = null;
  const toSend = n('pending') + n('sending');
  if (mailbox && toSend > 0) {
    const settings = await readSendingSettings(db);
    const history = rowsOf<{ at: number }>(
      await db.execute(sql`
        select (extract(epoch from sent_at) * 1000)::float8 as at from deliveries
        where sender_email = ${mailbox.email} and status = 'sent' and sent_at > ${new Date(now.getTime() - DAY_MS)}
        order by sent_at`),
    ).map((r) => Number(r.at));
    // When the waiting messages become due, in sending order: a retry waits out retry_delay (rows in flight
    // are due now). A job's deliveries share one time, so there are few groups.
    const due = rowsOf<{ at: number; n: number }>(
      await db.execute(sql`
        select (extract(epoch from next_attempt_at) * 1000)::float8 as at, count(*)::int as n from deliveries
        where profile_id = ${profileId} and status = 'pending'
        group by next_attempt_at order by next_attempt_at`),
    ).map((r) => ({ at: Number(r.at), count: r.n }));
    const startAt = Math.max(now.getTime(), pausedUntil?.getTime() ?? 0);
    const cap = dailyCapFor(mailbox.email, settings.dailyCaps, mailbox.daily_cap);
    const inFlight = n('sending') > 0 ? [{ at: 0, count: n('sending') }] : [];
    const finish = estimateFinish(settings.delay, startAt, { sends: history, dailyCap: cap }, toSend, [...inFlight, ...due]);
    estimatedFinishAt = finish === null ? null : new Date(finish).toISOString();
  }

  return {
    counts,
    estimatedFinishAt,
    pausedUntil: iso(pausedUntil),
    held: n('held'),
    jobs: rowsOf<{
      id: string;
      subject: string;
      status: JobStatus;
      total: number;
      sent: number;
      failed: number;
      created_at: Date | string;
    }>(jobRows).map((j) => ({
      id: j.id,
      subject: j.subject,
      status: j.status,
      total: j.total,
      sent: j.sent,
      failed: j.failed,
      createdAt: iso(j.created_at) as string,
    })),
  };
}

export async function listDeliveries(db: Database, profileId: string, page: number): Promise<DeliveryPage> {
  const [totalRows, rows] = await Promise.all([
    db.execute(sql`select count(*)::int as n from deliveries where profile_id = ${profileId}`),
    db.execute(sql`
      select id, company_name, status, last_error,
        case status
          when 'sent' then sent_at
          when 'failed' then updated_at
          when 'pending' then next_attempt_at
          else updated_at
        end as at
      from deliveries where profile_id = ${profileId}
      order by created_at desc, company_name asc, id asc
      limit ${DELIVERY_PAGE_SIZE} offset ${(page - 1) * DELIVERY_PAGE_SIZE}`),
  ]);
  return {
    rows: rowsOf<{
      id: string;
      company_name: string;
      status: DeliveryPage['rows'][number]['status'];
      last_error: string | null;
      at: Date | string;
    }>(rows).map((r) => ({
      id: r.id,
      companyName: r.company_name,
      status: r.status,
      at: iso(r.at) as string,
      lastError: userFacingReason(r.last_error, r.status),
    })),
    total: rowsOf<{ n: number }>(totalRows)[0]?.n ?? 0,
    page,
    pageSize: DELIVERY_PAGE_SIZE,
  };
}

export async function getSendingOverview(db: Database, profileId: string): Promise<SendingOverview> {
  const [row] = rowsOf<{ email: string; package_name: string; balance: number; sent: number; failed: number }>(
    await db.execute(sql`
      select p.email, k.name as package_name, p.messages_remaining as balance,
        p.sent_messages as sent,
        (select count(*)::int from failed_emails f where f.profile_id = p.id) as failed
      from profiles p join packages k on k.id = p.package_id
      where p.id = ${profileId}`),
  );
  if (!row) throw new AppError(404, 'PROFILE_NOT_FOUND');
  return {
    email: row.email,
    packageName: row.package_name,
    messagesRemaining: row.balance,
    sentMessages: row.sent,
    failedCount: row.failed,
  };
}

import type { JobSource } from '@sira/shared/rules/targeting';
import type { DailyLimitPlan, JobStatus, SendingOverview, SendingStatus } from '@sira/shared/schemas/sending';
import type { SendingSettings } from '@sira/shared/schemas/sending-admin';
import type { SendWindowMode } from '@sira/shared/schemas/sending-window';
import { sql } from 'drizzle-orm';
import { type Database, rowsOf } from '../../db/client';
import { AppError } from '../../lib/errors';
import { DAY_MS, type DueGroup, dailyCapSplit } from './pacing';
import { type QueuedGroup, walkQueue } from './send-plan';
import { readQueuedGroups } from './send-queue';
import { isSendingPaused } from './sending-pause';
import { type ChosenMailboxRow, capInputOf, mailboxDailyCap, readSendingSettings } from './sending-settings';
import { readSendingWindow } from './sending-window-settings';
import { nextOpening, windowOf } from './window';

/**
 * The dashboard's sending numbers, always for one user: the account's figures, the current send's counts, ETA,
 * pause, recent jobs, the delivery log. Each figure has one definition, written once here:
 * - sent: the messages that left (profiles.sent_messages, raised by the worker in the statement that records
 *   each one; ADR 022); failed: the user's deliveries failed now (one sent again by "resend failed" is not,
 *   though failed_emails keeps its failure for the admin); balance: profiles.messages_remaining;
 * - reserved: messages debited when a send was scheduled that have not left or failed yet (pending, held,
 *   sending) — the balance a running send has taken and still holds;
 * - the current send: the requests still running, all of them (one after another they are one queue), or when
 *   none is, the latest one — so the progress bar is about what the user sent last, not every send ever made.
 */

const iso = (value: Date | string | null | undefined) => (value ? new Date(value).toISOString() : null);

/** A database or an open transaction: what the reads below need. */
type Reader = Pick<Database, 'execute'>;

export async function getSendingStatus(
  db: Database,
  profileId: string,
  now: Date = new Date(),
  /** SENDING_PAUSED on this process: paused whatever the admin's switch says (ADR 019). */
  environmentPaused = false,
): Promise<SendingStatus> {
  const [settings, window, paused] = await Promise.all([
    readSendingSettings(db),
    readSendingWindow(db),
    isSendingPaused(db, environmentPaused),
  ]);
  // One snapshot for every figure: read apart, the worker recording a message in between made the header's
  // sent count and the panel's differ by one while sending.
  const read = await db.transaction((tx) => readStatus(tx, profileId, now), { isolationLevel: 'repeatable read', accessMode: 'read only' });
  const { account, current, running, jobRows, queue } = read;
  const n = (status: string) => current.get(status) ?? 0;
  // The whole queue waits for the mailbox, whichever request its messages belong to.
  const { held, pending, sending } = queue.waiting;
  const pace = pacingOf(settings, queue, now);

  let estimatedFinishAt: string | null = null;
  let dailyLimit: SendingStatus['dailyLimit'] = null;
  let windowOpensAt: string | null = null;
  // While sending is paused for everyone nothing says when it resumes: no finish time, no daily-cap notice.
  const pausedForAll = paused && pending + sending > 0;
  if (pace && pending + sending > 0 && !pausedForAll) {
    // Walked as the worker sends: pacing, the cap, and the window for working-hours jobs (send-plan.ts).
    let first: { group: number; at: number } | null = null;
    const finish = walkQueue(settings.delay, pace.startAt, pace.history, queue.groups, windowOf(window), (group, at) => {
      first ??= { group, at };
    });
    estimatedFinishAt = finish === null ? null : new Date(finish).toISOString();
    // Nothing leaves until the sending window opens (a working-hours send queued at night or on a day off): the
    // dashboard says when it starts instead of leaving the user to wonder why nothing moves.
    const head = first as { group: number; at: number } | null;
    if (head && sending === 0 && queue.groups[head.group]?.windowed && nextOpening(now.getTime(), windowOf(window)) > now.getTime())
      windowOpensAt = new Date(head.at).toISOString();
    // Sira's own daily cap holding the next message (Google's refusal is pausedUntil): said with when it goes.
    if (sending === 0) {
      const next = dailyCapSplit(settings.delay, pace.startAt, pace.history, 0, 1, pace.due);
      if (next?.resumesAt) {
        // A working-hours message the cap releases while the window is closed leaves at the next opening.
        const until = queue.groups[0]?.windowed ? nextOpening(next.resumesAt, windowOf(window)) : next.resumesAt;
        dailyLimit = { cap: pace.history.dailyCap, until: new Date(until).toISOString() };
      }
    }
  }

  return {
    account,
    running,
    counts: {
      total: [...current.values()].reduce((a, b) => a + b, 0),
      pending: n('pending') + n('held'),
      processing: n('sending'),
      completed: n('sent'),
      failed: n('failed'),
    },
    estimatedFinishAt,
    pausedUntil: iso(queue.pausedUntil),
    dailyLimit,
    windowOpensAt,
    held,
    sendingPaused: pausedForAll,
    jobs: rowsOf<{
      id: string;
      subject: string;
      status: JobStatus;
      total: number;
      sent: number;
      failed: number;
      created_at: Date | string;
      target_sectors: string[] | null;
      target_cities: string[] | null;
      send_window: SendWindowMode;
      target_source: JobSource;
    }>(jobRows).map((j) => ({
      id: j.id,
      subject: j.subject,
      status: j.status,
      total: j.total,
      sent: j.sent,
      failed: j.failed,
      createdAt: iso(j.created_at) as string,
      targeting: { sectors: j.target_sectors ?? [], cities: j.target_cities ?? [] },
      sendWindow: j.send_window,
      source: j.target_source,
    })),
  };
}

async function readStatus(db: Reader, profileId: string, now: Date) {
  const [accountRow] = rowsOf<{ balance: number; sent: number; failed: number; reserved: number }>(
    await db.execute(sql`
      select p.messages_remaining as balance, p.sent_messages as sent,
        (select count(*)::int from deliveries d where d.profile_id = p.id and d.status = 'failed') as failed,
        (select count(*)::int from deliveries d where d.profile_id = p.id and d.status in ('pending', 'held', 'sending')) as reserved
      from profiles p where p.id = ${profileId}`),
  );
  if (!accountRow) throw new AppError(404, 'PROFILE_NOT_FOUND');
  const currentRows = rowsOf<{ status: string; n: number; running: boolean }>(
    await db.execute(sql`
      with running as (
        select id from send_jobs where profile_id = ${profileId} and status in ('pending', 'processing')
      ), current_jobs as (
        select id from running
        union all
        (select id from send_jobs where profile_id = ${profileId} and not exists (select 1 from running)
          order by created_at desc, id desc limit 1)
      )
      select d.status, count(*)::int as n, exists (select 1 from running) as running
      from deliveries d where d.job_id in (select id from current_jobs)
      group by d.status`),
  );
  const jobRows = await db.execute(sql`
    select id, subject, status, total_emails_intended as total, sent_count as sent, failed_count as failed, created_at,
      target_sectors, target_cities, send_window, target_source
    from send_jobs where profile_id = ${profileId} order by created_at desc, id desc limit 5`);
  const queue = await readQueue(db, profileId, now, 0);
  return {
    account: {
      messagesRemaining: accountRow.balance,
      reservedMessages: accountRow.reserved,
      sentMessages: accountRow.sent,
      failedCount: accountRow.failed,
    },
    current: new Map(currentRows.map((r) => [r.status, r.n])),
    running: currentRows.some((r) => r.running),
    jobRows,
    queue,
  };
}

/** The user's mailbox and what waits for it: the inputs of the pacing estimates. */
interface Queue {
  mailbox: ChosenMailboxRow | undefined;
  pausedUntil: Date | null;
  waiting: { pending: number; held: number; sending: number };
  /** The mailbox's sends of the last 24 h (read only when something is, or is about to be, waiting). */
  history: number[];
  /** When the waiting messages become due, in sending order. */
  due: DueGroup[];
  /** The same with each group's window choice, rows in flight first (send-plan.service.ts). */
  groups: QueuedGroup[];
}

/** Reads the queue; `adding` messages about to be scheduled count as waiting for whether the history is needed. */
async function readQueue(db: Reader, profileId: string, now: Date, adding: number): Promise<Queue> {
  const waitingRows = rowsOf<{ status: string; n: number }>(
    await db.execute(sql`
      select status, count(*)::int as n from deliveries
      where profile_id = ${profileId} and status in ('pending', 'held', 'sending') group by status`),
  );
  const count = (status: string) => waitingRows.find((r) => r.status === status)?.n ?? 0;
  const waiting = { pending: count('pending'), held: count('held'), sending: count('sending') };
  const mailbox = rowsOf<ChosenMailboxRow>(
    await db.execute(
      sql`select provider, email, daily_cap, account_type, smtp_host, paused_until from user_mailboxes where profile_id = ${profileId} and chosen and credential is not null`,
    ),
  )[0];
  const pausedUntil = mailbox?.paused_until && new Date(mailbox.paused_until) > now ? new Date(mailbox.paused_until) : null;
  if (!mailbox || waiting.pending + waiting.sending + adding === 0)
    return { mailbox, pausedUntil, waiting, history: [], due: [], groups: [] };
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
  return { mailbox, pausedUntil, waiting, history, due, groups: await readQueuedGroups(db, profileId) };
}

/** Where the pacing estimates start: after a provider pause, with the mailbox's cap; null without a mailbox. */
function pacingOf(settings: SendingSettings, queue: Queue, now: Date) {
  if (!queue.mailbox) return null;
  const { sending } = queue.waiting;
  return {
    startAt: Math.max(now.getTime(), queue.pausedUntil?.getTime() ?? 0),
    history: { sends: queue.history, dailyCap: mailboxDailyCap(capInputOf(queue.mailbox), settings.dailyCaps) },
    // Rows in flight are due now, and go first.
    due: [...(sending > 0 ? [{ at: 0, count: sending }] : []), ...queue.due],
  };
}

/**
 * What the mailbox's rolling daily cap does to a send of `count` messages scheduled now, after what already
 * waits: how many leave before it holds one, and from when the rest go. Null when the cap holds none of them
 * (or no mailbox is linked, or the queue is too long to walk). /send-resume says it before sending.
 */
export async function dailyLimitForSend(
  db: Database,
  profileId: string,
  count: number,
  now: Date = new Date(),
): Promise<DailyLimitPlan | null> {
  if (count <= 0) return null;
  const [settings, queue] = await Promise.all([readSendingSettings(db), readQueue(db, profileId, now, count)]);
  const pace = pacingOf(settings, queue, now);
  if (!pace) return null;
  const split = dailyCapSplit(settings.delay, pace.startAt, pace.history, queue.waiting.pending + queue.waiting.sending, count, pace.due);
  if (!split?.resumesAt) return null;
  return { cap: pace.history.dailyCap, sendsNow: split.beforeCap, restFrom: new Date(split.resumesAt).toISOString() };
}

/** The dashboard header's who and which package; its figures come with the sending status (one snapshot). */
export async function getSendingOverview(db: Database, profileId: string): Promise<SendingOverview> {
  const [row] = rowsOf<{ email: string; package_name: string }>(
    await db.execute(sql`
      select p.email, k.name as package_name
      from profiles p join packages k on k.id = p.package_id
      where p.id = ${profileId}`),
  );
  if (!row) throw new AppError(404, 'PROFILE_NOT_FOUND');
  return { email: row.email, packageName: row.package_name };
}

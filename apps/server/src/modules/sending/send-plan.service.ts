import type { JobSource } from '@sira/shared/rules/targeting';
import { JOB_AD_ADDRESSES_MAX } from '@sira/shared/schemas/job-ads';
import type { SendPlan, SendWindowMode } from '@sira/shared/schemas/sending-window';
import { sql } from 'drizzle-orm';
import { type Database, rowsOf } from '../../db/client';
import { AppError } from '../../lib/errors';
import { sendTimeline } from './send-plan';
import { readQueuedGroups, readSendsBefore } from './send-queue';
import { companiesLeftFor, sendableFrom } from './sending.service';
import { type ChosenMailboxRow, capInputOf, mailboxDailyCap, readSendingSettings } from './sending-settings';
import { readSendingWindow } from './sending-window-settings';
import { windowOf } from './window';

/**
 * The plan /send-resume shows before the user confirms: how many messages this send schedules, over how many
 * days, from when to when — walked by the rules the worker keeps (the admin's pacing, the mailbox's cap and
 * its sends of the last 24 h, the window and its holidays for a working-hours send), after the user's
 * earlier messages still waiting. `count` narrows the send (a choice of companies); it is never more than the
 * user may send now from the chosen source (the directory, the user's own companies, or both).
 */
export async function planSend(
  db: Database,
  profileId: string,
  query: { sendWindow: SendWindowMode; count?: number | undefined; source?: JobSource | undefined },
  now: Date = new Date(),
): Promise<SendPlan> {
  const [profile] = rowsOf<{ balance: number; package_id: string }>(
    await db.execute(sql`select messages_remaining as balance, package_id from profiles where id = ${profileId}`),
  );
  if (!profile) throw new AppError(404, 'PROFILE_NOT_FOUND');
  const [settings, windowSettings, companies, mailboxRows, ahead] = await Promise.all([
    readSendingSettings(db),
    readSendingWindow(db),
    // A job ad's application goes to the addresses the user chose: the count asked for, at most one ad's.
    query.source === 'job_ad'
      ? Math.min(query.count ?? 1, JOB_AD_ADDRESSES_MAX)
      : companiesLeftFor(db, profileId, profile.package_id, query.source ?? 'directory'),
    db.execute(
      sql`select provider, email, daily_cap, account_type, smtp_host, paused_until from user_mailboxes where profile_id = ${profileId} and chosen and credential is not null`,
    ),
    readQueuedGroups(db, profileId),
  ]);
  const sendable = sendableFrom(profile.balance, companies);
  const messages = Math.min(query.count ?? sendable, sendable);
  const mailbox = rowsOf<ChosenMailboxRow>(mailboxRows)[0];
  const dailyCap = mailbox ? mailboxDailyCap(capInputOf(mailbox), settings.dailyCaps) : settings.dailyCaps.gmail;
  const sends = mailbox ? await readSendsBefore(db, mailbox.email, now) : [];
  const pausedUntil = mailbox?.paused_until ? new Date(mailbox.paused_until).getTime() : 0;
  const startAt = Math.max(now.getTime(), pausedUntil);
  const timeline = sendTimeline(
    settings.delay,
    startAt,
    { sends, dailyCap },
    ahead,
    { at: now.getTime(), count: messages, windowed: query.sendWindow === 'working_hours' },
    windowOf(windowSettings),
  );
  const iso = (t: number | null) => (t === null ? null : new Date(t).toISOString());
  return {
    sendWindow: query.sendWindow,
    messages,
    // The waiting messages that leave first: an any-time send overtakes working-hours ones outside the window.
    // With nothing to send, everything waiting.
    ahead: timeline.startsAt === null ? ahead.reduce((n, g) => n + g.count, 0) : timeline.ahead,
    days: timeline.days,
    sendingDays: timeline.sendingDays,
    firstDayCount: timeline.firstDayCount,
    startsAt: iso(timeline.startsAt),
    finishAt: iso(timeline.finishAt),
    dailyCap,
    sentLast24h: sends.length,
    window: windowSettings,
    mailboxLinked: mailbox !== undefined,
  };
}

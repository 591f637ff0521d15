import type { EmailDelaySettings } from '@sira/shared/schemas/sending-admin';
import { batchPosition, earliestAllowed, type PacingHistory } from './pacing';
import { isOpen, nextOpening, riyadhDay, type SendingWindow } from './window';

/**
 * A mailbox's queue walked forward in time, message by message, by the same rules the worker keeps: pacing
 * and the rolling daily cap (pacing.ts), and for working-hours jobs the sending window (window.ts). Pure: the
 * plan shown before sending and the dashboard's ETA both come from here, on whatever instant they are given.
 */

type Pacing = Pick<EmailDelaySettings, 'batch_size' | 'batch_delay' | 'email_delay' | 'max_per_minute' | 'max_per_hour'>;

/** Messages that may not leave before `at`, sent in queue order; `windowed`: only inside the window. */
export interface QueuedGroup {
  at: number;
  count: number;
  windowed: boolean;
}

/** The most messages walked one by one; beyond it the rest is extrapolated at the walked rate. */
export const WALK_STEPS = 100_000;

/**
 * The earliest instant ≥ t at which the next message may leave: pacing first, then, for a windowed message,
 * the next opening — again until both agree (each rule only forbids times before a bound, so a few rounds do).
 */
export function nextSendAt(
  pacing: Pacing,
  t: number,
  sends: readonly number[],
  dailyCap: number,
  position: number,
  window: SendingWindow | null,
): number {
  for (;;) {
    const paced = earliestAllowed(pacing, t, sends, dailyCap, position);
    if (!window || isOpen(paced, window)) return paced;
    t = nextOpening(paced, window);
  }
}

/**
 * Walks `groups` from `startAt` as the worker sends them and calls `visit(group, at)` for each message's expected
 * departure. Returns the last departure (extrapolated past WALK_STEPS), or null when the groups hold nothing.
 *
 * The worker sends, at each moment, the oldest message it may send then (queue.ts): while the window is closed a
 * working-hours job's messages wait and an any-time job's go. So the walk keeps two lanes, each in queue order,
 * and the next message is the lane head that may leave first (the one earlier in the queue when both may leave
 * at the same instant).
 */
export function walkQueue(
  pacing: Pacing,
  startAt: number,
  history: PacingHistory,
  groups: readonly QueuedGroup[],
  window: SendingWindow,
  visit?: (group: number, at: number) => void,
): number | null {
  const left = groups.map((g) => Math.max(0, g.count));
  const total = left.reduce((n, count) => n + count, 0);
  if (total === 0) return null;
  const headFrom = (windowed: boolean, from: number) => {
    for (let i = from; i < groups.length; i++) if ((left[i] as number) > 0 && (groups[i] as QueuedGroup).windowed === windowed) return i;
    return -1;
  };
  const heads = { windowed: headFrom(true, 0), anyTime: headFrom(false, 0) };
  const sends = history.sends.slice();
  let position = batchPosition(pacing, sends);
  let t = startAt;
  const departure = (i: number) => {
    const group = groups[i] as QueuedGroup;
    return nextSendAt(pacing, Math.max(t, group.at), sends, history.dailyCap, position, group.windowed ? window : null);
  };
  let walked = 0;
  let first: number | null = null;
  while (walked < total && walked < WALK_STEPS) {
    let next = heads.windowed < 0 ? heads.anyTime : heads.windowed;
    let at = departure(next);
    if (heads.windowed >= 0 && heads.anyTime >= 0) {
      const anyTimeAt = departure(heads.anyTime);
      if (anyTimeAt < at || (anyTimeAt === at && heads.anyTime < heads.windowed)) {
        next = heads.anyTime;
        at = anyTimeAt;
      }
    }
    const last = sends[sends.length - 1];
    position = last !== undefined && at - last < pacing.batch_delay * 1000 ? position + 1 : 1;
    sends.push(at);
    t = at;
    first ??= at;
    visit?.(next, at);
    walked++;
    const group = groups[next] as QueuedGroup;
    left[next] = (left[next] as number) - 1;
    if (left[next] === 0) {
      if (group.windowed) heads.windowed = headFrom(true, next + 1);
      else heads.anyTime = headFrom(false, next + 1);
    }
  }
  if (walked < total && first !== null) t += ((t - first) / Math.max(1, walked - 1)) * (total - walked);
  return t;
}

/** What a send of `count` messages after `ahead` queued ones would do (see send-plan.service.ts). */
export interface SendTimeline {
  startsAt: number | null;
  finishAt: number | null;
  /** Riyadh calendar days from the first departure to the last, inclusive. */
  days: number;
  /** Riyadh days on which at least one of the send's messages leaves. */
  sendingDays: number;
  firstDayCount: number;
  /** The queued messages that leave before this send's first one (not those it overtakes). */
  ahead: number;
}

export function sendTimeline(
  pacing: Pacing,
  startAt: number,
  history: PacingHistory,
  ahead: readonly QueuedGroup[],
  send: QueuedGroup,
  window: SendingWindow,
): SendTimeline {
  let startsAt: number | null = null;
  let firstDay = 0;
  let lastDay = 0;
  let firstDayCount = 0;
  let sendingDays = 0;
  // The send is the queue's last group; an any-time send may leave before working-hours messages ahead of it.
  let walkedOfSend = 0;
  let lastOfSend = 0;
  let before = 0;
  const queueFinish = walkQueue(pacing, startAt, history, [...ahead, send], window, (group, at) => {
    if (group !== ahead.length) {
      if (startsAt === null) before++;
      return;
    }
    walkedOfSend++;
    lastOfSend = at;
    const { day } = riyadhDay(at);
    if (startsAt === null) {
      startsAt = at;
      firstDay = day;
      sendingDays = 1;
    } else if (day !== lastDay) sendingDays++;
    if (day === firstDay) firstDayCount++;
    lastDay = day;
  });
  if (startsAt === null || queueFinish === null || send.count <= 0) {
    return { startsAt: null, finishAt: null, days: 0, sendingDays: 0, firstDayCount: 0, ahead: 0 };
  }
  // A send not walked to its end (past WALK_STEPS) ends with the queue's extrapolated finish.
  const finish = walkedOfSend < send.count ? queueFinish : lastOfSend;
  // Past the walked steps the last day is the extrapolated finish's.
  const finishDay = riyadhDay(finish).day;
  return {
    startsAt,
    finishAt: finish,
    days: finishDay - firstDay + 1,
    sendingDays: Math.max(sendingDays, 1),
    firstDayCount,
    ahead: before,
  };
}

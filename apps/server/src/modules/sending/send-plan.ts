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
 * Walks `groups` in order from `startAt` and calls `visit(index, at)` for each message's expected departure.
 * Returns the last departure (extrapolated past WALK_STEPS), or null when the groups hold nothing.
 */
export function walkQueue(
  pacing: Pacing,
  startAt: number,
  history: PacingHistory,
  groups: readonly QueuedGroup[],
  window: SendingWindow,
  visit?: (index: number, at: number) => void,
): number | null {
  const total = groups.reduce((n, g) => n + Math.max(0, g.count), 0);
  if (total === 0) return null;
  const sends = history.sends.slice();
  let position = batchPosition(pacing, sends);
  let t = startAt;
  let index = 0;
  let first: number | null = null;
  outer: for (const group of groups) {
    for (let k = 0; k < group.count; k++) {
      if (index >= WALK_STEPS) break outer;
      t = nextSendAt(pacing, Math.max(t, group.at), sends, history.dailyCap, position, group.windowed ? window : null);
      const last = sends[sends.length - 1];
      position = last !== undefined && t - last < pacing.batch_delay * 1000 ? position + 1 : 1;
      sends.push(t);
      first ??= t;
      visit?.(index, t);
      index++;
    }
  }
  if (index < total && first !== null) t += ((t - first) / Math.max(1, index - 1)) * (total - index);
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
}

export function sendTimeline(
  pacing: Pacing,
  startAt: number,
  history: PacingHistory,
  ahead: readonly QueuedGroup[],
  send: QueuedGroup,
  window: SendingWindow,
): SendTimeline {
  const aheadCount = ahead.reduce((n, g) => n + g.count, 0);
  let startsAt: number | null = null;
  let firstDay = 0;
  let lastDay = 0;
  let firstDayCount = 0;
  let sendingDays = 0;
  const finish = walkQueue(pacing, startAt, history, [...ahead, send], window, (index, at) => {
    if (index < aheadCount) return;
    const { day } = riyadhDay(at);
    if (startsAt === null) {
      startsAt = at;
      firstDay = day;
      sendingDays = 1;
    } else if (day !== lastDay) sendingDays++;
    if (day === firstDay) firstDayCount++;
    lastDay = day;
  });
  if (startsAt === null || finish === null || send.count <= 0) {
    return { startsAt: null, finishAt: null, days: 0, sendingDays: 0, firstDayCount: 0 };
  }
  // Past the walked steps the last day is the extrapolated finish's.
  const finishDay = riyadhDay(finish).day;
  return { startsAt, finishAt: finish, days: finishDay - firstDay + 1, sendingDays: Math.max(sendingDays, 1), firstDayCount };
}

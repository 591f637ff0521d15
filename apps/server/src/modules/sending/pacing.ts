import type { EmailDelaySettings } from '@sira/shared/schemas/sending-admin';

/**
 * The pacing rule of one sending mailbox (ADR 008), as pure functions of the admin's settings, the clock and
 * the mailbox's own history of provider calls. Nothing here reads the database or keeps state between calls,
 * so the rule can be proven with property tests and every worker applies the same one.
 *
 * A send at time t is allowed when, counting the sends already made:
 * - email_delay:    t − last ≥ email_delay;
 * - max_per_minute: fewer than max_per_minute sends in (t − 60 s, t];
 * - max_per_hour:   fewer than max_per_hour sends in (t − 1 h, t];
 * - daily cap:      fewer than dailyCap sends in (t − 24 h, t] (the provider's rolling day);
 * - batches:        a batch is a run of sends each less than batch_delay after the previous one; a batch holds
 *                   at most batch_size sends, so after batch_size of them the next waits batch_delay after
 *                   the last. (batch_delay 0 makes every send its own batch.)
 * Each rule only ever forbids times before some bound, so the earliest allowed time is the largest bound.
 */

export const MINUTE_MS = 60_000;
export const HOUR_MS = 3_600_000;
export const DAY_MS = 86_400_000;

export interface PacingHistory {
  /** This mailbox's provider calls, ascending, in ms since the epoch; at least the last 24 h of them. */
  sends: readonly number[];
  /** Most sends this mailbox may make in any rolling 24 h. */
  dailyCap: number;
}

type Pacing = Pick<EmailDelaySettings, 'batch_size' | 'batch_delay' | 'email_delay' | 'max_per_minute' | 'max_per_hour'>;

/** How many sends at the end of `sends` form the current batch (each less than batch_delay after the previous). */
export function batchPosition(settings: Pick<EmailDelaySettings, 'batch_delay'>, sends: readonly number[]): number {
  const n = sends.length;
  if (n === 0) return 0;
  const gap = settings.batch_delay * 1000;
  let run = 1;
  for (let i = n - 1; i > 0; i--) {
    if ((sends[i] as number) - (sends[i - 1] as number) >= gap) break;
    run++;
  }
  return run;
}

/**
 * The earliest time ≥ now at which a mailbox may send its next message, with the batch position already known
 * (the worker, the send plan and dailyCapSplit track it as they go instead of rescanning the history).
 */
export function earliestAllowed(settings: Pacing, now: number, sends: readonly number[], dailyCap: number, position: number): number {
  const n = sends.length;
  let t = now;
  if (n === 0) return t;
  const last = sends[n - 1] as number;
  t = Math.max(t, last + settings.email_delay * 1000);
  // The m-th most recent send must have left the window before another may join it. (Written out rather
  // than as a helper closure: the worker calls this for every message.)
  const perMinute = settings.max_per_minute;
  if (perMinute >= 1 && n >= perMinute) t = Math.max(t, (sends[n - perMinute] as number) + MINUTE_MS);
  const perHour = settings.max_per_hour;
  if (perHour >= 1 && n >= perHour) t = Math.max(t, (sends[n - perHour] as number) + HOUR_MS);
  if (dailyCap >= 1 && n >= dailyCap) t = Math.max(t, (sends[n - dailyCap] as number) + DAY_MS);
  if (position >= settings.batch_size) t = Math.max(t, last + settings.batch_delay * 1000);
  return t;
}

/** The most simulated sends dailyCapSplit walks through; a longer queue gets no answer. */
const SPLIT_WALK_LIMIT = 50_000;

/** A number of messages that may not leave before `at` (a job's deliveries, or one waiting for its retry). */
export interface DueGroup {
  at: number;
  count: number;
}

/** Where the rolling daily cap splits a send (see dailyCapSplit). */
export interface DailyCapSplit {
  /** Messages of the send that leave before the cap holds one. */
  beforeCap: number;
  /** When the first message the cap holds may leave; null when the cap holds none. */
  resumesAt: number | null;
}

/**
 * Of `count` messages queued after `ahead` others of the mailbox (already waiting, sent first), how many leave
 * before the rolling daily cap holds one, and when that one may leave — simulated message by message, each
 * at the earliest allowed time (no message before it is due: `due`, ascending, in the order they are sent). The other rules only space messages out by seconds or minutes; the cap
 * holds the rest for up to a day, which the user must be told before sending and while waiting. When the queue
 * ahead already meets the cap, none of the send leaves before it. Null when the queue is too long to walk.
 */
export function dailyCapSplit(
  settings: Pacing,
  startAt: number,
  history: PacingHistory,
  ahead: number,
  count: number,
  due: readonly DueGroup[] = [],
): DailyCapSplit | null {
  if (count <= 0) return { beforeCap: 0, resumesAt: null };
  if (ahead + count > SPLIT_WALK_LIMIT) return null;
  const sends = history.sends.slice();
  let position = batchPosition(settings, sends);
  let t = startAt;
  let group = 0;
  let leftInGroup = due[0]?.count ?? 0;
  let heldAhead = false;
  for (let i = 0; i < ahead + count; i++) {
    while (leftInGroup <= 0 && group < due.length - 1) leftInGroup = (due[++group] as DueGroup).count;
    if (leftInGroup > 0) {
      t = Math.max(t, (due[group] as DueGroup).at);
      leftInGroup--;
    }
    const next = earliestAllowed(settings, t, sends, history.dailyCap, position);
    // The same moment with the cap left out (0 switches it off): later only when the cap is what holds it.
    const held = next > earliestAllowed(settings, t, sends, 0, position);
    if (i >= ahead && (held || heldAhead)) return { beforeCap: i - ahead, resumesAt: next };
    if (held) heldAhead = true;
    const last = sends[sends.length - 1];
    position = last !== undefined && next - last < settings.batch_delay * 1000 ? position + 1 : 1;
    sends.push(next);
    t = next;
  }
  return { beforeCap: count, resumesAt: null };
}

/**
 * A mailbox's send history kept by the worker's mailbox run that owns the mailbox: loaded once from the database,
 * then extended with every provider call it makes, trimmed to the last 24 h.
 */
export class MailboxPacer {
  private sends: number[];
  private position: number;

  constructor(
    private settings: Pacing,
    private dailyCap: number,
    sends: readonly number[],
  ) {
    this.sends = sends.slice().sort((a, b) => a - b);
    this.position = batchPosition(settings, this.sends);
  }

  /** New settings apply from the next send; the batch position is recomputed under the new batch_delay. */
  update(settings: Pacing, dailyCap: number): void {
    this.settings = settings;
    this.dailyCap = dailyCap;
    this.position = batchPosition(settings, this.sends);
  }

  next(now: number): number {
    return earliestAllowed(this.settings, now, this.sends, this.dailyCap, this.position);
  }

  /** How many sends could start within `horizonMs` of now (for sizing a claim), at most `max`. */
  sendableWithin(now: number, horizonMs: number, max: number): number {
    // Simulated sends are appended to the real history and taken off again: no copy of a long history.
    const sends = this.sends;
    const realLength = sends.length;
    let position = this.position;
    let t = now;
    let count = 0;
    try {
      while (count < max) {
        t = earliestAllowed(this.settings, t, sends, this.dailyCap, position);
        if (t > now + horizonMs) break;
        const last = sends[sends.length - 1];
        position = last !== undefined && t - last < this.settings.batch_delay * 1000 ? position + 1 : 1;
        sends.push(t);
        count++;
      }
    } finally {
      sends.length = realLength;
    }
    return count;
  }

  record(at: number): void {
    const last = this.sends[this.sends.length - 1];
    this.position = last !== undefined && at - last < this.settings.batch_delay * 1000 ? this.position + 1 : 1;
    this.sends.push(at);
    // Drop what no rule can see any more, in chunks so the array is not shifted on every send.
    if (this.sends.length > 1024 && (this.sends[256] as number) < at - DAY_MS) {
      let cut = 0;
      while (cut < this.sends.length - 1 && (this.sends[cut] as number) < at - DAY_MS) cut++;
      this.sends.splice(0, cut);
    }
  }

  get history(): PacingHistory {
    return { sends: this.sends, dailyCap: this.dailyCap };
  }
}

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { batchPosition, DAY_MS, dailyCapSplit, earliestAllowed, HOUR_MS, MailboxPacer, MINUTE_MS, type PacingHistory } from './pacing';

/**
 * The pacing rule (ADR 008) checked against a reference written straight from the definitions, by counting:
 * no planned send ever breaks a rule, and no earlier time would have been allowed.
 */

interface Settings {
  batch_size: number;
  batch_delay: number;
  email_delay: number;
  max_per_minute: number;
  max_per_hour: number;
}

/** The earliest time ≥ now the rule allows a mailbox with this history to send (its batch position counted afresh). */
const nextSendTime = (settings: Settings, now: number, history: PacingHistory) =>
  earliestAllowed(settings, now, history.sends, history.dailyCap, batchPosition(settings, history.sends));

/** The time the last of `count` more messages leaves when each leaves at the earliest allowed time. */
function lastOfWalk(settings: Settings, start: number, history: PacingHistory, count: number): number {
  const sends = history.sends.slice();
  let t = start;
  for (let i = 0; i < count; i++) {
    t = nextSendTime(settings, t, { sends, dailyCap: history.dailyCap });
    sends.push(t);
  }
  return t;
}

/** Small values so that every limit is actually reached within a few dozen sends. */
const settingsArb = fc.record({
  batch_size: fc.integer({ min: 1, max: 8 }),
  batch_delay: fc.integer({ min: 0, max: 120 }),
  email_delay: fc.integer({ min: 0, max: 20 }),
  max_per_minute: fc.integer({ min: 1, max: 10 }),
  max_per_hour: fc.integer({ min: 1, max: 40 }),
});
const capArb = fc.integer({ min: 1, max: 60 });
const T0 = Date.UTC(2025, 0, 1);

/** A sorted history: arbitrary gaps, including ties, bursts and day-long silences. */
const historyArb = fc
  .array(fc.oneof(fc.integer({ min: 0, max: 2000 }), fc.integer({ min: 0, max: 120_000 }), fc.integer({ min: 0, max: DAY_MS })), {
    maxLength: 80,
  })
  .map((gaps) => {
    let t = T0;
    return gaps.map((g) => (t += g));
  });

/** Is a send at t allowed after `sends`? Counted directly, with no shortcut shared with the implementation. */
function allowedAt(s: Settings, cap: number, sends: readonly number[], t: number): boolean {
  const inWindow = (span: number) => sends.filter((x) => x > t - span && x <= t).length;
  const last = sends[sends.length - 1];
  if (last !== undefined && t - last < s.email_delay * 1000) return false;
  if (inWindow(MINUTE_MS) >= s.max_per_minute) return false;
  if (inWindow(HOUR_MS) >= s.max_per_hour) return false;
  if (inWindow(DAY_MS) >= cap) return false;
  // The batch t would belong to: t itself plus the trailing sends each within batch_delay of the next.
  let run = 1;
  let next = t;
  for (let i = sends.length - 1; i >= 0; i--) {
    const x = sends[i] as number;
    if (next - x >= s.batch_delay * 1000) break;
    run++;
    next = x;
  }
  return run <= s.batch_size;
}

/** Every rule over a whole sequence of sends, as the provider would see it. */
function sequenceKeepsRules(s: Settings, cap: number, sends: readonly number[]): string | null {
  for (let i = 1; i < sends.length; i++) {
    const gap = (sends[i] as number) - (sends[i - 1] as number);
    if (gap < s.email_delay * 1000) return `email_delay broken at ${i}`;
  }
  for (let i = 0; i < sends.length; i++) {
    const t = sends[i] as number;
    const count = (span: number) => sends.filter((x, j) => j <= i && x > t - span).length;
    if (count(MINUTE_MS) > s.max_per_minute) return `max_per_minute broken at ${i}`;
    if (count(HOUR_MS) > s.max_per_hour) return `max_per_hour broken at ${i}`;
    if (count(DAY_MS) > cap) return `daily cap broken at ${i}`;
  }
  let run = sends.length > 0 ? 1 : 0;
  for (let i = 1; i < sends.length; i++) {
    run = (sends[i] as number) - (sends[i - 1] as number) < s.batch_delay * 1000 ? run + 1 : 1;
    if (run > s.batch_size) return `batch_size broken at ${i}`;
  }
  return null;
}

describe('earliestAllowed', () => {
  it('never plans a send that breaks a rule, whatever the worker adds on top of it', () => {
    fc.assert(
      fc.property(
        settingsArb,
        capArb,
        fc.array(fc.oneof(fc.constant(0), fc.integer({ min: 0, max: 5000 }), fc.integer({ min: 0, max: 200_000 })), {
          minLength: 1,
          maxLength: 120,
        }),
        (settings, cap, lateness) => {
          const sends: number[] = [];
          let now = T0;
          for (const late of lateness) {
            const t = nextSendTime(settings, now, { sends, dailyCap: cap });
            expect(t).toBeGreaterThanOrEqual(now);
            // The worker may be late (busy, slow provider) but never early.
            sends.push(t + late);
            now = t + late;
          }
          expect(sequenceKeepsRules(settings, cap, sends)).toBeNull();
        },
      ),
      { numRuns: 300 },
    );
  });

  it('answers the earliest allowed time: allowed there, forbidden at every earlier moment from now', () => {
    fc.assert(
      fc.property(
        settingsArb,
        capArb,
        historyArb,
        fc.integer({ min: -DAY_MS, max: DAY_MS }),
        fc.array(fc.double({ min: 0, max: 1, noNaN: true }), { maxLength: 20 }),
        (settings, cap, sends, offset, probes) => {
          const now = (sends[sends.length - 1] ?? T0) + offset;
          const t = nextSendTime(settings, now, { sends, dailyCap: cap });
          expect(t).toBeGreaterThanOrEqual(now);
          expect(allowedAt(settings, cap, sends, t)).toBe(true);
          if (t > now) {
            expect(allowedAt(settings, cap, sends, t - 1)).toBe(false);
            for (const p of probes) expect(allowedAt(settings, cap, sends, Math.floor(now + p * (t - 1 - now)))).toBe(false);
          }
        },
      ),
      { numRuns: 1000 },
    );
  });

  it('sends at once when nothing forbids it', () => {
    const settings = { batch_size: 100, batch_delay: 60, email_delay: 1, max_per_minute: 60, max_per_hour: 3600 };
    expect(nextSendTime(settings, T0, { sends: [], dailyCap: 400 })).toBe(T0);
    expect(nextSendTime(settings, T0 + 5000, { sends: [T0], dailyCap: 400 })).toBe(T0 + 5000);
  });

  it('waits batch_delay after batch_size consecutive sends, then starts a new batch', () => {
    const settings = { batch_size: 3, batch_delay: 60, email_delay: 1, max_per_minute: 60, max_per_hour: 3600 };
    const sends = [T0, T0 + 1000, T0 + 2000];
    expect(batchPosition(settings, sends)).toBe(3);
    expect(nextSendTime(settings, T0 + 3000, { sends, dailyCap: 400 })).toBe(T0 + 62_000);
    expect(batchPosition(settings, [...sends, T0 + 62_000])).toBe(1);
  });

  it('holds the rolling daily cap: the next send waits until the oldest of the last cap sends is 24 h old', () => {
    const settings = { batch_size: 100, batch_delay: 0, email_delay: 0, max_per_minute: 100, max_per_hour: 1000 };
    const sends = Array.from({ length: 400 }, (_, i) => T0 + i * 10_000);
    expect(nextSendTime(settings, T0 + 4_000_000, { sends, dailyCap: 400 })).toBe(T0 + DAY_MS);
  });
});

describe('MailboxPacer', () => {
  it('plans exactly what the rule allows over the same history', () => {
    fc.assert(
      fc.property(
        settingsArb,
        capArb,
        historyArb,
        fc.array(fc.integer({ min: 0, max: 90_000 }), { maxLength: 60 }),
        (settings, cap, history, lateness) => {
          const pacer = new MailboxPacer(settings, cap, history);
          const sends = history.slice();
          let now = (history[history.length - 1] ?? T0) + 1;
          for (const late of lateness) {
            const expected = nextSendTime(settings, now, { sends, dailyCap: cap });
            expect(pacer.next(now)).toBe(expected);
            pacer.record(expected + late);
            sends.push(expected + late);
            now = expected + late;
          }
        },
      ),
      { numRuns: 300 },
    );
  });

  it('sizes a claim by the sends pacing allows within the horizon', () => {
    const settings = { batch_size: 100, batch_delay: 60, email_delay: 2, max_per_minute: 60, max_per_hour: 3600 };
    const pacer = new MailboxPacer(settings, 400, []);
    // At 0, 2, 4, 6, 8, 10 s: six sends fit in a 10 s horizon.
    expect(pacer.sendableWithin(T0, 10_000, 100)).toBe(6);
    expect(pacer.sendableWithin(T0, 10_000, 4)).toBe(4);
    // The simulation leaves the real history untouched.
    expect(pacer.history.sends).toHaveLength(0);
  });
});

describe('dailyCapSplit', () => {
  const fast: Settings = { batch_size: 100_000, batch_delay: 0, email_delay: 0, max_per_minute: 100_000, max_per_hour: 10_000_000 };

  it('210 sent in the last hours and a cap of 400: a send of 300 sends 190, the rest when the oldest is 24 h old', () => {
    const now = T0 + DAY_MS;
    // 210 sends over the last ten hours, one every ~171 s.
    const sends = Array.from({ length: 210 }, (_, i) => now - 10 * HOUR_MS + i * Math.floor((10 * HOUR_MS) / 210));
    const split = dailyCapSplit(fast, now, { sends, dailyCap: 400 }, 0, 300);
    expect(split).toEqual({ beforeCap: 190, resumesAt: (sends[0] as number) + DAY_MS });
    // Nothing held when the send fits under the cap.
    expect(dailyCapSplit(fast, now, { sends, dailyCap: 400 }, 0, 190)).toEqual({ beforeCap: 190, resumesAt: null });
    // Messages already waiting go first and use the day's room.
    expect(dailyCapSplit(fast, now, { sends, dailyCap: 400 }, 150, 100)).toEqual({
      beforeCap: 40,
      resumesAt: (sends[0] as number) + DAY_MS,
    });
    expect(dailyCapSplit(fast, now, { sends, dailyCap: 400 }, 250, 10)?.beforeCap).toBe(0);
  });

  it('agrees with the rule: those before the cap leave as if there were none, and the next is the first it holds', () => {
    fc.assert(
      fc.property(
        settingsArb,
        capArb,
        historyArb,
        fc.integer({ min: 0, max: 20 }),
        fc.integer({ min: 1, max: 60 }),
        (s, cap, history, ahead, count) => {
          const now = (history[history.length - 1] ?? T0) + 1000;
          const split = dailyCapSplit(s, now, { sends: history, dailyCap: cap }, ahead, count);
          if (!split) return false;
          expect(split.beforeCap).toBeLessThanOrEqual(count);
          expect(split.resumesAt === null).toBe(split.beforeCap === count);
          // Those before the cap leave exactly when they would with no cap at all (the queue ahead included).
          if (split.beforeCap > 0) {
            const uncapped = lastOfWalk(s, now, { sends: history, dailyCap: 0 }, ahead + split.beforeCap);
            expect(lastOfWalk(s, now, { sends: history, dailyCap: cap }, ahead + split.beforeCap)).toBe(uncapped);
          }
          if (split.resumesAt !== null) {
            expect(split.resumesAt).toBe(lastOfWalk(s, now, { sends: history, dailyCap: cap }, ahead + split.beforeCap + 1));
          }
          return true;
        },
      ),
      { numRuns: 300 },
    );
  });
});

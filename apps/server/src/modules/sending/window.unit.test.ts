import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DAY_MS, MINUTE_MS } from './pacing';
import { closingOf, compileWindow, isOpen, nextOpening, RIYADH_OFFSET_MS } from './window';

/**
 * The sending window against a reference that reads Riyadh's wall clock from Intl's time-zone database
 * (Asia/Riyadh), not from the fixed shift the module uses: the two agree on whether an instant is open, and
 * the next opening is open, never earlier than asked, with nothing open before it.
 */

const riyadh = new Intl.DateTimeFormat('en-US', {
  timeZone: 'Asia/Riyadh',
  hourCycle: 'h23',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  weekday: 'short',
});
const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];

function wallClock(instant: number): { date: string; weekday: number; minute: number } {
  const parts = Object.fromEntries(riyadh.formatToParts(new Date(instant)).map((p) => [p.type, p.value]));
  return {
    date: `${parts.year}-${parts.month}-${parts.day}`,
    weekday: WEEKDAYS.indexOf(parts.weekday as string),
    minute: Number(parts.hour) * 60 + Number(parts.minute),
  };
}

interface WindowSettings {
  days: number[];
  start: string;
  end: string;
  holidays: string[];
}

const hhmm = (minutes: number) =>
  minutes === 1440 ? '24:00' : `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;

const T0 = Date.UTC(2026, 0, 1);
const SPAN = 3 * 365 * DAY_MS;

/**
 * Random windows: any non-empty set of days, whole-minute hours, holidays near T0. About half end the same day
 * (up to a whole day, 00:00–24:00) and half cross midnight (22:00–02:00: end before start).
 */
const windowArb: fc.Arbitrary<WindowSettings> = fc
  .record({
    days: fc.uniqueArray(fc.integer({ min: 0, max: 6 }), { minLength: 1, maxLength: 7 }),
    start: fc.integer({ min: 0, max: 1439 }),
    length: fc.integer({ min: 1, max: 1440 }),
    crossesMidnight: fc.boolean(),
    holidays: fc.uniqueArray(fc.integer({ min: 0, max: 3 * 365 }), { maxLength: 60 }),
  })
  .map(({ days, start, length, crossesMidnight, holidays }) => ({
    days,
    start: hhmm(start),
    // Crossing: the end wraps past midnight to before the start ('00:00' when it lands on midnight itself).
    end: crossesMidnight ? hhmm((start + Math.min(length, 1439)) % 1440) : hhmm(Math.min(1440, start + length)),
    holidays: holidays.map((d) => new Date(T0 + d * DAY_MS).toISOString().slice(0, 10)),
  }));
const instantArb = fc.integer({ min: T0 - DAY_MS, max: T0 + SPAN });

/**
 * A window and an instant whose holidays fall on the sending days right after it, as a team closed for a
 * season would set them: the next opening lies weeks ahead.
 */
const blockedAheadArb = fc.tuple(windowArb, instantArb, fc.integer({ min: 0, max: 30 })).map(([settings, instant, blocked]) => {
  const holidays: string[] = [];
  for (let d = 0; holidays.length < blocked; d++) {
    const { date, weekday } = wallClock(instant + d * DAY_MS);
    if (settings.days.includes(weekday)) holidays.push(date);
  }
  return [{ ...settings, holidays }, instant] as const;
});

/**
 * Open on a sending day that is not a holiday from the start until the end; when the end is not after the
 * start the window runs past midnight, and the hours after midnight belong to the day before (its weekday and
 * its holiday decide them).
 */
function referenceOpen(w: WindowSettings, instant: number): boolean {
  const { date, weekday, minute } = wallClock(instant);
  const [sh, sm] = w.start.split(':').map(Number) as [number, number];
  const [eh, em] = w.end.split(':').map(Number) as [number, number];
  const start = sh * 60 + sm;
  const end = eh * 60 + em;
  const sendingDay = (d: { date: string; weekday: number }) => w.days.includes(d.weekday) && !w.holidays.includes(d.date);
  if (end > start) return sendingDay({ date, weekday }) && minute >= start && minute < end;
  const dayBefore = wallClock(instant - DAY_MS);
  return (sendingDay({ date, weekday }) && minute >= start) || (sendingDay(dayBefore) && minute < end);
}

const probesArb = fc.array(fc.double({ min: 0, max: 1, noNaN: true }), { maxLength: 20 });

/** The next opening is open, not before `instant`, and random instants and a 37-minute grid before it are closed. */
function nextOpeningHolds(settings: WindowSettings, instant: number, probes: number[]): void {
  const w = compileWindow(settings);
  const opening = nextOpening(instant, w);
  expect(opening).toBeGreaterThanOrEqual(instant);
  expect(referenceOpen(settings, opening)).toBe(true);
  if (opening > instant) {
    expect(referenceOpen(settings, opening - 1)).toBe(false);
    for (const p of probes) expect(isOpen(instant + Math.floor(p * (opening - instant - 1)), w)).toBe(false);
    for (let t = instant; t < opening && t < instant + 14 * DAY_MS; t += 37 * MINUTE_MS) expect(referenceOpen(settings, t)).toBe(false);
  }
  const closing = closingOf(opening, w);
  expect(closing).toBeGreaterThan(opening);
  expect(referenceOpen(settings, closing - 1)).toBe(true);
}

describe('sending window', () => {
  it('Riyadh is UTC+03:00 at every instant from 1990 to 2100 (Intl agrees with the fixed shift)', () => {
    fc.assert(
      fc.property(fc.integer({ min: Date.UTC(1990, 0, 1), max: Date.UTC(2100, 0, 1) }), (instant) => {
        const { minute } = wallClock(instant);
        const shifted = new Date(instant + RIYADH_OFFSET_MS);
        expect(minute).toBe(shifted.getUTCHours() * 60 + shifted.getUTCMinutes());
      }),
      { numRuns: 2000 },
    );
  });

  it('the default window: Sunday–Thursday 08:00–16:00 Riyadh time', () => {
    const w = compileWindow({ days: [0, 1, 2, 3, 4], start: '08:00', end: '16:00', holidays: ['2026-11-29'] });
    // Thursday 26 November 2026: open at 08:00 Riyadh (05:00 UTC), closed at 16:00.
    expect(isOpen(Date.parse('2026-11-26T05:00:00Z'), w)).toBe(true);
    expect(isOpen(Date.parse('2026-11-26T04:59:59.999Z'), w)).toBe(false);
    expect(isOpen(Date.parse('2026-11-26T12:59:59.999Z'), w)).toBe(true);
    expect(isOpen(Date.parse('2026-11-26T13:00:00Z'), w)).toBe(false);
    // Closed Thursday evening → Friday and Saturday off → Sunday 29th a holiday → Monday 30th 08:00.
    expect(new Date(nextOpening(Date.parse('2026-11-26T13:00:00Z'), w)).toISOString()).toBe('2026-11-30T05:00:00.000Z');
    expect(new Date(closingOf(Date.parse('2026-11-26T06:00:00Z'), w)).toISOString()).toBe('2026-11-26T13:00:00.000Z');
  });

  it('one sending weekday whose next occurrences are all holidays opens on the first free one', () => {
    // Saturdays only; the next three Saturdays are holidays, so the window next opens four weeks on.
    const w = compileWindow({
      days: [6],
      start: '00:10',
      end: '00:43',
      holidays: ['2026-11-28', '2026-12-05', '2026-12-12'],
    });
    expect(new Date(nextOpening(Date.parse('2026-11-26T13:00:00Z'), w)).toISOString()).toBe('2026-12-18T21:10:00.000Z');
  });

  it('a night window, 22:00–02:00 Sunday–Thursday, runs past midnight and belongs to the day it starts on', () => {
    const w = compileWindow({ days: [0, 1, 2, 3, 4], start: '22:00', end: '02:00', holidays: ['2026-11-29'] });
    // Thursday 26 November 2026, 22:00 Riyadh (19:00 UTC) until Friday 02:00 (Thursday 23:00 UTC).
    expect(isOpen(Date.parse('2026-11-26T18:59:59.999Z'), w)).toBe(false);
    expect(isOpen(Date.parse('2026-11-26T19:00:00Z'), w)).toBe(true);
    expect(isOpen(Date.parse('2026-11-26T21:30:00Z'), w)).toBe(true); // Friday 00:30 Riyadh: Thursday's night
    expect(isOpen(Date.parse('2026-11-26T22:59:59.999Z'), w)).toBe(true);
    expect(isOpen(Date.parse('2026-11-26T23:00:00Z'), w)).toBe(false);
    expect(new Date(closingOf(Date.parse('2026-11-26T21:30:00Z'), w)).toISOString()).toBe('2026-11-26T23:00:00.000Z');
    // Friday 22:00 is not a sending night, Saturday's neither, and Sunday 29th is a holiday: Monday 22:00.
    expect(isOpen(Date.parse('2026-11-27T19:30:00Z'), w)).toBe(false);
    expect(new Date(nextOpening(Date.parse('2026-11-26T23:00:00Z'), w)).toISOString()).toBe('2026-11-30T19:00:00.000Z');
    // Monday 30th 01:00 Riyadh follows the holiday's night: closed; Tuesday 1 December 01:00 follows Monday's: open.
    expect(isOpen(Date.parse('2026-11-29T22:00:00Z'), w)).toBe(false);
    expect(isOpen(Date.parse('2026-11-30T22:00:00Z'), w)).toBe(true);
    // Sunday 29th 01:00 Riyadh is Saturday's night: closed, though Sunday is a sending weekday.
    expect(isOpen(Date.parse('2026-11-28T22:00:00Z'), w)).toBe(false);
  });

  it('a window ending at midnight, 20:00–00:00, is the same as 20:00–24:00', () => {
    const a = compileWindow({ days: [1], start: '20:00', end: '00:00', holidays: [] });
    const b = compileWindow({ days: [1], start: '20:00', end: '24:00', holidays: [] });
    expect(a).toEqual(b);
  });

  it('isOpen agrees with the wall-clock reference over random windows, holidays and instants', () => {
    let cases = 0;
    fc.assert(
      fc.property(windowArb, instantArb, (settings, instant) => {
        cases++;
        expect(isOpen(instant, compileWindow(settings))).toBe(referenceOpen(settings, instant));
      }),
      { numRuns: 3000 },
    );
    expect(cases).toBe(3000);
  });

  // Hundreds of generated cases, each walking minutes of calendar: a few seconds alone, more on a busy machine.
  it('nextOpening is open, not before the instant asked, and nothing before it is open', { timeout: 120_000 }, () => {
    fc.assert(fc.property(windowArb, instantArb, probesArb, nextOpeningHolds), { numRuns: 500 });
  });

  // As above, with every day of the walk a holiday: the longest walks of all.
  it('nextOpening holds when the sending days right after the instant are all holidays', { timeout: 120_000 }, () => {
    fc.assert(
      fc.property(blockedAheadArb, probesArb, ([settings, instant], probes) => nextOpeningHolds(settings, instant, probes)),
      { numRuns: 100 },
    );
  });
});

import { describe, expect, it } from 'vitest';
import { MINUTE_MS } from './pacing';
import { sendTimeline, walkQueue } from './send-plan';
import { compileWindow } from './window';

/**
 * The queue walked as the worker sends it: while the window is closed, an any-time job's messages leave and a
 * working-hours job's wait for the opening, whatever their order in the queue.
 */
const pacing = { batch_size: 10, batch_delay: 0, email_delay: 60, max_per_minute: 10, max_per_hour: 100 };
const history = { sends: [] as number[], dailyCap: 100 };
// Every day, 08:00–16:00 Riyadh time (05:00–13:00 UTC).
const window = compileWindow({ days: [0, 1, 2, 3, 4, 5, 6], start: '08:00', end: '16:00', holidays: [] });
const evening = Date.parse('2026-11-26T17:00:00Z'); // 20:00 in Riyadh: closed.
const nextMorning = Date.parse('2026-11-27T05:00:00Z'); // 08:00 in Riyadh.
const iso = (t: number) => new Date(t).toISOString();

describe('walking a mailbox’s queue', () => {
  it('with the window closed, any-time messages queued behind working-hours ones leave first', () => {
    const departures: Array<[number, string]> = [];
    const finish = walkQueue(
      pacing,
      evening,
      history,
      [
        { at: evening, count: 3, windowed: true },
        { at: evening, count: 2, windowed: false },
      ],
      window,
      (group, at) => departures.push([group, iso(at)]),
    );
    expect(departures).toEqual([
      [1, iso(evening)],
      [1, iso(evening + MINUTE_MS)],
      [0, iso(nextMorning)],
      [0, iso(nextMorning + MINUTE_MS)],
      [0, iso(nextMorning + 2 * MINUTE_MS)],
    ]);
    expect(finish).toBe(nextMorning + 2 * MINUTE_MS);
  });

  it('with the window open, the queue goes in its order, one pacing between all of them', () => {
    const noon = Date.parse('2026-11-26T09:00:00Z');
    const groups: number[] = [];
    walkQueue(
      pacing,
      noon,
      history,
      [
        { at: noon, count: 2, windowed: true },
        { at: noon, count: 2, windowed: false },
        { at: noon, count: 1, windowed: true },
      ],
      window,
      (group) => groups.push(group),
    );
    expect(groups).toEqual([0, 0, 1, 1, 2]);
  });

  it('the plan of an any-time send behind a waiting working-hours job starts now and ends before the morning', () => {
    const timeline = sendTimeline(
      pacing,
      evening,
      history,
      [{ at: evening, count: 3, windowed: true }],
      { at: evening, count: 2, windowed: false },
      window,
    );
    expect(iso(timeline.startsAt as number)).toBe(iso(evening));
    expect(iso(timeline.finishAt as number)).toBe(iso(evening + MINUTE_MS));
    expect([timeline.days, timeline.sendingDays, timeline.firstDayCount]).toEqual([1, 1, 2]);
    // None of the waiting working-hours messages leaves before it: the plan does not say they are ahead.
    expect(timeline.ahead).toBe(0);
  });

  it('the plan of a working-hours send behind an any-time one waits for the opening, after the any-time messages', () => {
    const timeline = sendTimeline(
      pacing,
      evening,
      history,
      [{ at: evening, count: 2, windowed: false }],
      { at: evening, count: 3, windowed: true },
      window,
    );
    expect(iso(timeline.startsAt as number)).toBe(iso(nextMorning));
    expect(iso(timeline.finishAt as number)).toBe(iso(nextMorning + 2 * MINUTE_MS));
    // The any-time messages leave first: both are ahead of it.
    expect(timeline.ahead).toBe(2);
  });
});

import { minutesOf, type SendingWindowSettings } from '@sira/shared/schemas/sending-window';
import { DAY_MS, MINUTE_MS } from './pacing';

/**
 * The sending window as pure functions of an instant (ms since the epoch): whether a windowed message may
 * leave then, and when it next may. Nothing here reads a clock or the database, so the worker, the plan and
 * the property tests apply the one rule on whatever time they are given.
 *
 * Saudi time is UTC+03:00 all year (Asia/Riyadh keeps no daylight saving), so wall-clock arithmetic is a fixed
 * shift rather than a time-zone database lookup on every message (ADR 014; window.unit.test.ts checks the shift
 * against Intl's Asia/Riyadh).
 */

export const RIYADH_OFFSET_MS = 3 * 60 * MINUTE_MS;

/** A window ready for arithmetic: built once per settings change, asked for every message. */
export interface SendingWindow {
  /** By weekday, 0 = Sunday. */
  days: readonly boolean[];
  /**
   * Opening and closing, ms after the Riyadh midnight of the day the window opens (close > open). A window that
   * crosses midnight (22:00–02:00) closes the next day, so its closeMs passes a day: a night belongs to the day
   * it starts on, for the days and the holidays alike.
   */
  openMs: number;
  closeMs: number;
  /** Holidays as Riyadh day numbers (days since 1970-01-01 in Riyadh). */
  holidays: ReadonlySet<number>;
}

/** Riyadh day number of a YYYY-MM-DD date. */
const dayNumberOf = (date: string): number => Math.floor(Date.parse(`${date}T00:00:00Z`) / DAY_MS);

export function compileWindow(settings: SendingWindowSettings): SendingWindow {
  const days = Array.from({ length: 7 }, (_, d) => settings.days.includes(d));
  const openMs = minutesOf(settings.start) * MINUTE_MS;
  const endMs = minutesOf(settings.end) * MINUTE_MS;
  return {
    days,
    openMs,
    closeMs: endMs > openMs ? endMs : endMs + DAY_MS,
    holidays: new Set(settings.holidays.map(dayNumberOf)),
  };
}

/** The Riyadh day an instant falls on (days since 1970-01-01, Riyadh) and the ms since its midnight. */
export function riyadhDay(instant: number): { day: number; msOfDay: number } {
  const local = instant + RIYADH_OFFSET_MS;
  const day = Math.floor(local / DAY_MS);
  return { day, msOfDay: local - day * DAY_MS };
}

/** 1970-01-01 was a Thursday (4). */
const weekdayOf = (day: number): number => (((day + 4) % 7) + 7) % 7;

/** Whether messages may leave on this Riyadh day at all. */
export function isSendingDay(day: number, window: SendingWindow): boolean {
  return window.days[weekdayOf(day)] === true && !window.holidays.has(day);
}

/**
 * The Riyadh day whose window holds `instant` — that day's own, or the night of the day before running past
 * midnight — or null when no window is open then.
 */
function openingDayAt(instant: number, window: SendingWindow): number | null {
  const { day, msOfDay } = riyadhDay(instant);
  if (isSendingDay(day, window) && msOfDay >= window.openMs && msOfDay < window.closeMs) return day;
  if (isSendingDay(day - 1, window) && msOfDay + DAY_MS < window.closeMs) return day - 1;
  return null;
}

/** Whether a windowed message may leave at `instant`: within the hours of a sending day (or its night). */
export function isOpen(instant: number, window: SendingWindow): boolean {
  return openingDayAt(instant, window) !== null;
}

/**
 * The earliest instant ≥ `instant` at which the window is open: `instant` itself when it is. A window has at
 * least one weekday and finitely many holidays. Each holiday removes at most one sending day, and with a
 * single sending weekday that is a whole week, so an opening always comes within 7 × (holidays + 1) days.
 */
export function nextOpening(instant: number, window: SendingWindow): number {
  if (isOpen(instant, window)) return instant;
  const { day, msOfDay } = riyadhDay(instant);
  if (isSendingDay(day, window) && msOfDay < window.openMs) return day * DAY_MS + window.openMs - RIYADH_OFFSET_MS;
  const limit = day + 7 * (window.holidays.size + 1);
  for (let d = day + 1; d <= limit; d++) {
    if (isSendingDay(d, window)) return d * DAY_MS + window.openMs - RIYADH_OFFSET_MS;
  }
  // Unreachable with a valid window (at least one weekday): said loudly rather than sending at a wrong time.
  throw new Error('sending window has no opening');
}

/** When the window that is open at `instant` closes (the instant itself when it is closed). */
export function closingOf(instant: number, window: SendingWindow): number {
  const day = openingDayAt(instant, window);
  return day === null ? instant : day * DAY_MS + window.closeMs - RIYADH_OFFSET_MS;
}

const compiled = new WeakMap<SendingWindowSettings, SendingWindow>();

/** compileWindow, once per settings object (the worker shares one object until the settings are read again). */
export function windowOf(settings: SendingWindowSettings): SendingWindow {
  let window = compiled.get(settings);
  if (!window) {
    window = compileWindow(settings);
    compiled.set(settings, window);
  }
  return window;
}

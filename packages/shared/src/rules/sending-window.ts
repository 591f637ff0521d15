/**
 * The sending window's constants and small rules, zod-free so the web's forms use them without bringing zod
 * into the browser (schemas/sending-window.ts validates with them).
 */

export const SEND_WINDOW_MODES = ['working_hours', 'any_time'] as const;
export type SendWindowMode = (typeof SEND_WINDOW_MODES)[number];

/** Most holiday dates kept: a few years of Eid and national days. */
export const HOLIDAYS_MAX = 200;

/** The admin's window: days 0 = Sunday … 6 = Saturday, Riyadh "HH:MM" hours, holidays as Riyadh YYYY-MM-DD dates. */
export interface SendingWindowSettings {
  days: number[];
  start: string;
  end: string;
  holidays: string[];
}

/** Sunday–Thursday, 08:00–16:00 Riyadh time, no holidays: the Saudi working week until the admin says otherwise. */
export const DEFAULT_SENDING_WINDOW: SendingWindowSettings = {
  days: [0, 1, 2, 3, 4],
  start: '08:00',
  end: '16:00',
  holidays: [],
};

export const CLOCK_TIME = /^(?:[01]\d|2[0-3]):[0-5]\d$|^24:00$/;
const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

/** Minutes after midnight of "HH:MM". */
export const minutesOf = (time: string): number => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));

/** A real Gregorian date written YYYY-MM-DD (not 2026-02-30). */
export function isCalendarDate(value: string): boolean {
  if (!ISO_DATE.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}

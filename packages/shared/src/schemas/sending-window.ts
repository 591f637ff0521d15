import { z } from 'zod';
import {
  CLOCK_TIME,
  DEFAULT_SENDING_WINDOW,
  HOLIDAYS_MAX,
  isCalendarDate,
  minutesOf,
  SEND_WINDOW_MODES,
  type SendingWindowSettings,
  type SendWindowMode,
} from '../rules/sending-window';
import { JOB_SOURCES } from '../rules/targeting';

/**
 * When messages may leave (the sending window, in Saudi time) and the plan a user sees before sending. The
 * window is the admin's, one for every job that chose "working hours only"; a job that chose "any time" is
 * paced as before. Days are numbered as JavaScript numbers them (0 = Sunday … 6 = Saturday); hours are
 * Riyadh wall-clock time ("HH:MM", "24:00" for midnight; an end before the start runs past midnight); holidays are Riyadh calendar dates
 * (YYYY-MM-DD, Gregorian) on which nothing windowed leaves.
 */

export { DEFAULT_SENDING_WINDOW, HOLIDAYS_MAX, minutesOf, SEND_WINDOW_MODES, type SendingWindowSettings, type SendWindowMode };

export const sendWindowModeSchema = z.enum(SEND_WINDOW_MODES);

export const sendingWindowSchema = z
  .object({
    days: z.array(z.number().int().min(0).max(6)).min(1).max(7),
    start: z.string().regex(CLOCK_TIME),
    end: z.string().regex(CLOCK_TIME),
    holidays: z.array(z.string().refine(isCalendarDate, 'not a calendar date')).max(HOLIDAYS_MAX),
  })
  // An end before the start runs past midnight (22:00–02:00), the night counted to the day it starts on.
  .refine((w) => w.start !== '24:00', { path: ['start'], message: 'a window starts before midnight' })
  .refine((w) => minutesOf(w.end) !== minutesOf(w.start), { path: ['end'], message: 'end must differ from start' })
  .refine((w) => new Set(w.days).size === w.days.length, { path: ['days'], message: 'days repeat' });

/** GET /api/sending/plan?sendWindow=&count= */
export const sendPlanQuerySchema = z.object({
  sendWindow: sendWindowModeSchema.default('working_hours'),
  /** How many would be scheduled (a narrower choice of companies); at most what the user may send now. */
  count: z.coerce.number().int().min(0).max(1_000_000).optional(),
  /**
   * Whom the send reaches (ADR 029): what the user may send now is counted from it. 'job_ad': an application
   * to `count` addresses of a job ad, bounded by the balance only.
   */
  source: z.enum(JOB_SOURCES).default('directory'),
});
export type SendPlanQuery = z.input<typeof sendPlanQuerySchema>;

/** What a send would do, computed on the server before the user confirms it. */
export const sendPlanSchema = z.object({
  sendWindow: sendWindowModeSchema,
  /** Messages this send schedules. */
  messages: z.number().int(),
  /** Messages of the user's earlier sends still waiting: they leave first. */
  ahead: z.number().int(),
  /** Riyadh calendar days on which this send's messages leave (first to last, inclusive). 0 when nothing goes. */
  days: z.number().int(),
  /** Of those, the days on which at least one of them leaves (weekends and holidays in between are not). */
  sendingDays: z.number().int(),
  /** Of this send, how many leave on the first of those days. */
  firstDayCount: z.number().int(),
  /** ISO 8601: when its first message is expected to leave, and its last (null when nothing goes). */
  startsAt: z.string().nullable(),
  finishAt: z.string().nullable(),
  /** The mailbox's rolling 24 h cap and what it sent in the last 24 h. */
  dailyCap: z.number().int(),
  sentLast24h: z.number().int(),
  /** The admin's window the plan followed (shown with the choice). */
  window: sendingWindowSchema,
  /** False when no mailbox is linked: the plan then assumes nothing was sent today. */
  mailboxLinked: z.boolean(),
});
export type SendPlan = z.infer<typeof sendPlanSchema>;

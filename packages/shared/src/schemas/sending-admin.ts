import { z } from 'zod';
import { DELIVERY_PAGE_SIZE } from '../constants';
import { toSettingNumber } from '../messages/sending-admin';
import { jobStatusSchema } from './sending';

/**
 * The admin's sending tabs: email_settings (the seven pacing numbers of spec §5 plus the rolling-24 h caps
 * per mailbox kind) and email_logs (send jobs of every user).
 */

/**
 * Each pacing number's range. The minimums are spec §5's (batch_size, max_per_minute, max_per_hour ≥ 1, the
 * rest ≥ 0); the maximums are ours, so that a slip of the keyboard cannot stop sending for years (delays in
 * seconds: a week at most between batches or retries, a day between messages). The form shows both.
 */
export const DELAY_LIMITS = {
  batch_size: { min: 1, max: 100_000 },
  batch_delay: { min: 0, max: 604_800 },
  email_delay: { min: 0, max: 86_400 },
  max_per_minute: { min: 1, max: 100_000 },
  max_per_hour: { min: 1, max: 10_000_000 },
  retry_delay: { min: 0, max: 604_800 },
  max_retries: { min: 0, max: 100 },
} as const;
/** A mailbox's rolling-24 h cap. */
export const DAILY_CAP_LIMITS = { min: 1, max: 100_000 } as const;

const withinLimits = (limits: { min: number; max: number }) => z.number().int().min(limits.min).max(limits.max);

export const emailDelaySettingsSchema = z.object({
  batch_size: withinLimits(DELAY_LIMITS.batch_size),
  batch_delay: withinLimits(DELAY_LIMITS.batch_delay),
  email_delay: withinLimits(DELAY_LIMITS.email_delay),
  max_per_minute: withinLimits(DELAY_LIMITS.max_per_minute),
  max_per_hour: withinLimits(DELAY_LIMITS.max_per_hour),
  retry_delay: withinLimits(DELAY_LIMITS.retry_delay),
  max_retries: withinLimits(DELAY_LIMITS.max_retries),
});
export type EmailDelaySettings = z.infer<typeof emailDelaySettingsSchema>;

/** Rolling-24 h cap per mailbox: consumer gmail.com/googlemail.com vs Google Workspace. */
export const dailyCapsSchema = z.object({
  gmail: withinLimits(DAILY_CAP_LIMITS),
  workspace: withinLimits(DAILY_CAP_LIMITS),
});
export type DailyCaps = z.infer<typeof dailyCapsSchema>;

/** GET/PUT /api/admin/sending/settings */
export const sendingSettingsSchema = z.object({
  delay: emailDelaySettingsSchema,
  dailyCaps: dailyCapsSchema,
});
export type SendingSettings = z.infer<typeof sendingSettingsSchema>;

/**
 * The PUT body as the route accepts it: anything in the two groups, since spec §5 turns whatever was typed into
 * a number (settleSendingSettings).
 */
export const sendingSettingsInputSchema = z.object({ delay: z.unknown().optional(), dailyCaps: z.unknown().optional() });

/** One typed value as spec §5 reads it: a non-number becomes 0, decimals are dropped, then it is held to its range. */
export function settleSettingValue(value: unknown, limits: { min: number; max: number }): number {
  return Math.min(limits.max, Math.max(limits.min, Math.trunc(toSettingNumber(value))));
}

/**
 * What a save stores (spec §5 "numeric inputs, non-numeric becomes 0; minimums: batch_size 1, max_per_minute
 * 1, max_per_hour 1, all others 0"): each field sent is settled to a whole number within its range, below the
 * minimum becoming the minimum and past our maximum the maximum; a field or group left out keeps `current`.
 * Null when a group is sent but is not a set of fields (a malformed request).
 */
export function settleSendingSettings(input: { delay?: unknown; dailyCaps?: unknown }, current: SendingSettings): SendingSettings | null {
  const isGroup = (group: unknown): group is Record<string, unknown> => !!group && typeof group === 'object' && !Array.isArray(group);
  if ((input.delay !== undefined && !isGroup(input.delay)) || (input.dailyCaps !== undefined && !isGroup(input.dailyCaps))) return null;
  const typed = { delay: input.delay ?? {}, dailyCaps: input.dailyCaps ?? {} } as Record<'delay' | 'dailyCaps', Record<string, unknown>>;
  const delay = { ...current.delay };
  for (const field of Object.keys(DELAY_LIMITS) as Array<keyof EmailDelaySettings>) {
    if (field in typed.delay) delay[field] = settleSettingValue(typed.delay[field], DELAY_LIMITS[field]);
  }
  const dailyCaps = { ...current.dailyCaps };
  for (const field of ['gmail', 'workspace'] as const) {
    if (field in typed.dailyCaps) dailyCaps[field] = settleSettingValue(typed.dailyCaps[field], DAILY_CAP_LIMITS);
  }
  return { delay, dailyCaps };
}
export type SendingSettingsInput = z.infer<typeof sendingSettingsInputSchema>;

/** The longest search the logs take (the search box stops there too). */
export const LOGS_SEARCH_MAX_LENGTH = 200;

export const sendingLogsQuerySchema = z.object({
  /** Matches the user's e-mail or the subject (contains, case-insensitive). */
  search: z.string().trim().max(LOGS_SEARCH_MAX_LENGTH).default(''),
  status: z.union([jobStatusSchema, z.literal('')]).default(''),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
});
export type SendingLogsQuery = z.input<typeof sendingLogsQuerySchema>;
export type SendingLogsParams = z.output<typeof sendingLogsQuerySchema>;

export const sendingLogRowSchema = z.object({
  id: z.uuid(),
  userEmail: z.string(),
  packageName: z.string().nullable(),
  subject: z.string(),
  status: jobStatusSchema,
  sent: z.number().int(),
  failed: z.number().int(),
  total: z.number().int(),
  /** ISO 8601. */
  createdAt: z.string(),
});
export type SendingLogRow = z.infer<typeof sendingLogRowSchema>;

/** GET /api/admin/sending/logs?search=&status=&page=1 */
export const sendingLogPageSchema = z.object({
  /**
   * Over the jobs the table lists (the search and the status filter): total, in progress (pending — 'in
   * queue' — or processing: the jobs not finished yet), completed, failed. The four add up to the total.
   */
  summary: z.object({
    total: z.number().int(),
    inProgress: z.number().int(),
    completed: z.number().int(),
    failed: z.number().int(),
  }),
  rows: z.array(sendingLogRowSchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.literal(DELIVERY_PAGE_SIZE),
});
export type SendingLogPage = z.infer<typeof sendingLogPageSchema>;

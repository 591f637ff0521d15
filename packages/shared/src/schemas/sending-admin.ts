import { z } from 'zod';
import { DELIVERY_PAGE_SIZE } from '../constants';
import { jobStatusSchema } from './sending';

/**
 * The admin's sending tabs: email_settings (the seven pacing numbers of spec §5 plus the rolling-24 h caps
 * per mailbox kind) and email_logs (send jobs of every user).
 */

/** Seconds for the delays; spec §5 minimums: batch_size, max_per_minute, max_per_hour ≥ 1, the rest ≥ 0. */
export const emailDelaySettingsSchema = z.object({
  batch_size: z.number().int().min(1).max(100_000),
  batch_delay: z.number().int().min(0).max(604_800),
  email_delay: z.number().int().min(0).max(86_400),
  max_per_minute: z.number().int().min(1).max(100_000),
  max_per_hour: z.number().int().min(1).max(10_000_000),
  retry_delay: z.number().int().min(0).max(604_800),
  max_retries: z.number().int().min(0).max(100),
});
export type EmailDelaySettings = z.infer<typeof emailDelaySettingsSchema>;

/** Rolling-24 h cap per mailbox: consumer gmail.com/googlemail.com vs Google Workspace. */
export const dailyCapsSchema = z.object({
  gmail: z.number().int().min(1).max(100_000),
  workspace: z.number().int().min(1).max(100_000),
});
export type DailyCaps = z.infer<typeof dailyCapsSchema>;

/** GET/PUT /api/admin/sending/settings */
export const sendingSettingsSchema = z.object({
  delay: emailDelaySettingsSchema,
  dailyCaps: dailyCapsSchema,
});
export type SendingSettings = z.infer<typeof sendingSettingsSchema>;

/**
 * The PUT body as the route accepts it: anything in the two groups, so that a value below a minimum, a
 * fraction or a non-number answers INVALID_SETTINGS (the service checks it against sendingSettingsSchema).
 */
export const sendingSettingsInputSchema = z.object({ delay: z.unknown().optional(), dailyCaps: z.unknown().optional() });
export type SendingSettingsInput = z.infer<typeof sendingSettingsInputSchema>;

export const sendingLogsQuerySchema = z.object({
  /** Matches the user's e-mail or the subject (contains, case-insensitive). */
  search: z.string().trim().max(200).default(''),
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
   * Over every job matching the search (not the status filter): total, in progress (pending — 'in queue' — or
   * processing: the jobs not finished yet), completed, failed. The four add up to the total.
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

import { z } from 'zod';
import { DELIVERY_PAGE_SIZE, LOGS_SEARCH_MAX_LENGTH } from '../constants';
import { DAILY_CAP_LIMITS, DELAY_LIMITS } from '../rules/sending-settings';
import { keysetPageFields, pageCursor } from './common';
import { jobStatusSchema } from './sending';

/**
 * The admin's sending tabs: email_settings (the seven pacing numbers of spec §5 plus the rolling-24 h caps
 * per mailbox kind) and email_logs (send jobs of every user).
 */

export { settleSendingSettings, settleSettingValue } from '../rules/sending-settings';
// The ranges and the spec §5 reading of typed values are zod-free (rules/sending-settings.ts), so the web's
// form uses them without bringing zod into the browser.
export { DAILY_CAP_LIMITS, DELAY_LIMITS, LOGS_SEARCH_MAX_LENGTH };

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

/**
 * Rolling-24 h cap per mailbox: consumer gmail.com/googlemail.com vs Google Workspace; Outlook.com vs Microsoft
 * 365; SMTP servers without a preset of their own.
 */
export const dailyCapsSchema = z.object({
  gmail: withinLimits(DAILY_CAP_LIMITS),
  workspace: withinLimits(DAILY_CAP_LIMITS),
  outlook: withinLimits(DAILY_CAP_LIMITS),
  microsoft365: withinLimits(DAILY_CAP_LIMITS),
  smtp: withinLimits(DAILY_CAP_LIMITS),
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
export type SendingSettingsInput = z.infer<typeof sendingSettingsInputSchema>;

/** Why sending is paused for everyone: an administrator's switch, or a database restored from a backup or copied (ADR 019). */
export const SENDING_PAUSE_REASONS = ['admin', 'restored'] as const;

/** GET/PUT /api/admin/sending/pause: the switch that pauses all sending, and what waits meanwhile. */
export const sendingPauseSchema = z.object({
  /** Sending is paused now: by the switch, or by SENDING_PAUSED. */
  paused: z.boolean(),
  /** SENDING_PAUSED is set on the server: paused whatever the switch says. */
  environment: z.boolean(),
  /** The panel's switch, and who or what set it when. */
  switch: z.object({
    paused: z.boolean(),
    reason: z.enum(SENDING_PAUSE_REASONS).nullable(),
    /** ISO 8601: when it was last turned. */
    at: z.string().nullable(),
    /** The administrator who turned it, or what did (the restore command). */
    by: z.string().nullable(),
    /** After a restore: the deliveries that were being sent in the copy, settled as failed (credit back). */
    interrupted: z.number().int(),
  }),
  /** Messages waiting to be sent (pending or being sent) and the users they belong to. */
  waiting: z.object({ messages: z.number().int(), users: z.number().int() }),
});
export type SendingPause = z.infer<typeof sendingPauseSchema>;

export const sendingPauseInputSchema = z.object({ paused: z.boolean() });
export type SendingPauseInput = z.infer<typeof sendingPauseInputSchema>;

export const sendingLogsQuerySchema = z.object({
  /** Matches the user's e-mail or the subject (contains, case-insensitive). */
  search: z.string().trim().max(LOGS_SEARCH_MAX_LENGTH).default(''),
  status: z.union([jobStatusSchema, z.literal('')]).default(''),
  /** A cursor of the last answer (previous, next, last, current); absent, the newest jobs (keyset: ADR 024). */
  cursor: pageCursor(),
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

/** GET /api/admin/sending/logs?search=&status=&cursor=: newest first, paged by key (ADR 024, "Long lists"). */
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
  ...keysetPageFields,
  pageSize: z.literal(DELIVERY_PAGE_SIZE),
});
export type SendingLogPage = z.infer<typeof sendingLogPageSchema>;

/**
 * GET /api/admin/sending/failed-emails?cursor=: e-mails that could not be delivered, newest first, paged by key
 * (ADR 024, "Long lists"; shown on the companies tab). Absent cursor: the newest.
 */
export const adminFailedEmailsQuerySchema = z.object({ cursor: pageCursor() });

/** The failed e-mails are counted exactly up to this many and estimated past it (said so on screen). */
export const FAILED_EMAILS_COUNT_LIMIT = 50_000;

export const adminFailedEmailSchema = z.object({
  id: z.uuid(),
  /** The recipient that could not be reached. */
  email: z.string(),
  /** The account that sent it. */
  userEmail: z.string(),
  error: z.string(),
  createdAt: z.string(),
});
export type AdminFailedEmail = z.infer<typeof adminFailedEmailSchema>;
export const adminFailedEmailsPageSchema = z.object({
  items: z.array(adminFailedEmailSchema),
  ...keysetPageFields,
});
export type AdminFailedEmailsPage = z.infer<typeof adminFailedEmailsPageSchema>;

import { z } from 'zod';

/**
 * How long a user's résumés and message bodies are kept after their last send finished (ADR 012). The bounds
 * are ours: at least a week, so a slip of the keyboard cannot erase everyone's files at the next pass, and at
 * most ten years.
 */
export const RETENTION_DAYS_LIMITS = { min: 7, max: 3650 } as const;
export const DEFAULT_RETENTION_DAYS = 90;

/** GET/PUT /api/admin/retention. */
export const retentionSettingsSchema = z.object({
  days: z.number().int().min(RETENTION_DAYS_LIMITS.min).max(RETENTION_DAYS_LIMITS.max),
});
export type RetentionSettings = z.infer<typeof retentionSettingsSchema>;

/**
 * GET /api/users/me/retention: what the dashboard says. `deleteOn` is when the résumés, message bodies, own
 * list of companies (with its uploads' records) and job ads' text held now will be erased; null when nothing
 * is held, or while a send is still running (`waitingForSend`: the count starts when it ends).
 */
export const retentionNoticeSchema = z.object({
  days: z.number().int(),
  resumeCount: z.number().int(),
  messageCount: z.number().int(),
  /** Rows of the user's own list ("my companies", ADR 029). */
  ownCompanyCount: z.number().int(),
  /** Job ads applied to whose text is still kept. */
  jobAdCount: z.number().int(),
  waitingForSend: z.boolean(),
  deleteOn: z.iso.datetime().nullable(),
});
export type RetentionNotice = z.infer<typeof retentionNoticeSchema>;

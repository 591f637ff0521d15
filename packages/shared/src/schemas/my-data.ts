import { z } from 'zod';
import { EMAIL_INPUT_MAX, PASSWORD_INPUT_MAX, PHONE_INPUT_MAX } from '../rules/my-data';

// The "my data" page (/my-data): a copy of everything held, the contact details, and deleting the account.

export const DATA_EXPORT_STATUSES = ['pending', 'running', 'ready', 'failed'] as const;
export type DataExportStatus = (typeof DATA_EXPORT_STATUSES)[number];

/** One export request as the page shows it: progress while it is made, then the download until it expires. */
export const dataExportSchema = z.object({
  id: z.string(),
  status: z.enum(DATA_EXPORT_STATUSES),
  /** Rows and files written so far, of `total` (0 until the build has counted them). */
  done: z.number().int(),
  total: z.number().int(),
  sizeBytes: z.number().int().nullable(),
  createdAt: z.string(),
  expiresAt: z.string().nullable(),
});
export type DataExport = z.infer<typeof dataExportSchema>;

/** GET /api/users/me/data-exports: the newest request, if any. */
export const latestDataExportSchema = z.object({ export: dataExportSchema.nullable() });

/** PUT /api/users/me/phone */
export const phoneBodySchema = z.object({ phone: z.string().max(PHONE_INPUT_MAX) });
export const phoneAnswerSchema = z.object({ phone: z.string() });

/**
 * POST /api/users/me/email-change: confirmed by the current password; a link goes to the new address, and
 * nothing changes until it is opened.
 */
export const emailChangeBodySchema = z.object({ email: z.string().max(EMAIL_INPUT_MAX), password: z.string().max(PASSWORD_INPUT_MAX) });
export const emailChangeAnswerSchema = z.object({ sentTo: z.string() });

/** POST /api/users/me/deletion */
export const accountDeletionBodySchema = z.object({ password: z.string().max(PASSWORD_INPUT_MAX) });
export const accountDeletionAnswerSchema = z.object({
  /** Deliveries that had not left yet: cancelled, their messages noted with the unused balance. */
  cancelledDeliveries: z.number().int(),
  /** Whether Google confirmed the revoke; if not, the user is asked to remove access in their Google account. */
  mailboxRevoked: z.enum(['revoked', 'not_linked', 'shared', 'failed']),
});
export type AccountDeletionAnswer = z.infer<typeof accountDeletionAnswerSchema>;

import { z } from 'zod';
import { MAILBOX_CALLBACK_RESULTS, MAILBOX_NOTICES } from '../messages/mailbox';

/** GET /api/mailbox: the signed-in user's Gmail link. Tokens never leave the server. */
export const mailboxStatusSchema = z.object({
  linked: z.boolean(),
  email: z.string().nullable(),
  notice: z.enum(MAILBOX_NOTICES).nullable(),
  /** Deliveries not yet finished (pending, held or being sent): unlinking holds them. */
  activeDeliveries: z.number().int(),
  /** ISO 8601; set while Google's daily sending limit pauses this mailbox. */
  pausedUntil: z.string().nullable(),
});
export type MailboxStatus = z.infer<typeof mailboxStatusSchema>;

/** GET /api/mailbox?verify=true asks the server to check the link with Google (the 5-minute re-check). */
export const mailboxStatusQuerySchema = z.object({ verify: z.enum(['true', 'false']).optional() });

/** POST /api/mailbox/connect: where the browser goes next (Google's consent page). */
export const mailboxConnectSchema = z.object({ url: z.string() });
export type MailboxConnect = z.infer<typeof mailboxConnectSchema>;

export const mailboxCallbackResultSchema = z.enum(MAILBOX_CALLBACK_RESULTS);

export const mailboxCallbackQuerySchema = z.object({
  state: z.string().max(200).optional(),
  code: z.string().max(2000).optional(),
  error: z.string().max(200).optional(),
  scope: z.string().max(4000).optional(),
});

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

/** The kinds of mailbox a user may link (ADR 030). */
export const MAIL_PROVIDERS = ['gmail', 'microsoft', 'smtp'] as const;

/** One of the user's linked mailboxes, as GET /api/mailboxes lists it. Secrets never leave the server. */
export const linkedMailboxSchema = z.object({
  id: z.string().uuid(),
  provider: z.enum(MAIL_PROVIDERS),
  email: z.string(),
  /** The mailbox new sends go from. */
  chosen: z.boolean(),
  /** Microsoft: 'consumer' (Outlook.com) or 'organization' (Microsoft 365); null otherwise. */
  accountType: z.enum(['consumer', 'organization']).nullable(),
  /** SMTP: the server it sends through. */
  smtpHost: z.string().nullable(),
  /** Its rolling-24 h cap: its own, else the default for its kind. */
  dailyCap: z.number().int(),
  /** ISO 8601; set while the provider's limit pauses this mailbox. */
  pausedUntil: z.string().nullable(),
  /** The largest résumé it can send, in bytes; null: any the site accepts. */
  maxResumeBytes: z.number().int().nullable(),
});
export type LinkedMailbox = z.infer<typeof linkedMailboxSchema>;

export const mailboxListSchema = z.object({ mailboxes: z.array(linkedMailboxSchema) });
export type MailboxList = z.infer<typeof mailboxListSchema>;

export const mailboxIdParamsSchema = z.object({ id: z.string().uuid() });

/** An SMTP mailbox's settings as the linking form sends them; the app password is sealed once stored. */
export const smtpMailboxInputSchema = z.object({
  email: z.string().trim().toLowerCase().email().max(320),
  host: z.string().trim().min(1).max(253),
  port: z.number().int().min(1).max(65_535),
  tls: z.enum(['tls', 'starttls']),
  user: z.string().trim().min(1).max(320),
  password: z.string().min(1).max(1024),
});
export type SmtpMailboxInput = z.infer<typeof smtpMailboxInputSchema>;

/** The outcome of "test connection" (nothing is sent): ok, or why not in the form's words (messages/mailbox.ts). */
export const smtpTestResultSchema = z.object({ ok: z.boolean(), code: z.string().nullable() });
export type SmtpTestResult = z.infer<typeof smtpTestResultSchema>;

/** A preset of a common provider's SMTP server, for the linking form (no secrets). */
export const smtpPresetSchema = z.object({
  id: z.string(),
  name: z.string(),
  domains: z.array(z.string()),
  host: z.string(),
  port: z.number().int(),
  tls: z.enum(['tls', 'starttls']),
  appPasswordUrl: z.string().nullable(),
  defaultDailyCap: z.number().int(),
  /** false: the provider takes no password over SMTP; link through `useInstead`. */
  passwordLogin: z.boolean(),
  useInstead: z.enum(['microsoft']).nullable(),
});
export const smtpPresetListSchema = z.object({ presets: z.array(smtpPresetSchema) });

export const linkedMailboxIdSchema = z.object({ id: z.string().uuid() });

import { z } from 'zod';
import { singleLine } from './common';

/**
 * The admin "gmail" tab (spec §2, §3 settings.gmail): the OAuth client the platform links users' mailboxes
 * with. The client secret is write-only: answers say only whether one is stored.
 */
export const gmailSettingsSchema = z.object({
  clientId: z.string(),
  clientSecretSet: z.boolean(),
  scopes: z.array(z.string()),
  redirectUris: z.array(z.string()),
  javascriptOrigins: z.array(z.string()),
});
export type GmailSettings = z.infer<typeof gmailSettingsSchema>;

/**
 * PUT /api/admin/mailbox/settings. Shape and size only; the spec's rules (checkGmailSettings) answer with
 * their own codes. An empty clientSecret keeps the stored one.
 */
export const gmailSettingsInputSchema = z.object({
  clientId: singleLine().max(300),
  clientSecret: singleLine().max(500).default(''),
  scopes: z.array(singleLine().max(300)).max(20),
  redirectUris: z.array(singleLine().max(2000)).max(50),
  javascriptOrigins: z.array(singleLine().max(2000)).max(50),
  /** Save though the connection test failed (Google refused the client, or could not be reached). */
  saveUntested: z.boolean().optional(),
});
export type GmailSettingsInput = z.input<typeof gmailSettingsInputSchema>;

/** POST /api/admin/mailbox/settings/test: the client as typed (an empty secret: the stored one); nothing saved. */
export const gmailClientTestSchema = gmailSettingsInputSchema
  .pick({ clientId: true, clientSecret: true })
  .extend({ redirectUris: z.array(singleLine().max(2000)).max(50).optional() });
export type GmailClientTest = z.input<typeof gmailClientTestSchema>;

/**
 * accepted: Google's token endpoint knows the client and its secret; refused: it does not (invalid_client);
 * unreachable: no usable answer; sandbox: embedded mode's Google sandbox accepts whichever client is saved,
 * so only the form of the id was checked.
 */
export const GMAIL_CLIENT_TEST_OUTCOMES = ['accepted', 'refused', 'unreachable', 'sandbox'] as const;
export const gmailClientTestResultSchema = z.object({ outcome: z.enum(GMAIL_CLIENT_TEST_OUTCOMES) });
export type GmailClientTestResult = z.infer<typeof gmailClientTestResultSchema>;

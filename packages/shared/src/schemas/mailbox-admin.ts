import { z } from 'zod';

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
  clientId: z.string().max(300),
  clientSecret: z.string().max(500).default(''),
  scopes: z.array(z.string().max(300)).max(20),
  redirectUris: z.array(z.string().max(2000)).max(50),
  javascriptOrigins: z.array(z.string().max(2000)).max(50),
});
export type GmailSettingsInput = z.input<typeof gmailSettingsInputSchema>;

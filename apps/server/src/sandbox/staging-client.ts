import type { Database } from '../db/client';
import type { SecretBox } from '../lib/secret-box';
import { writeSetting } from '../lib/settings';
import { GMAIL_SETTING_KEY, readGmailSetting } from '../modules/mailbox/providers/gmail/gmail-settings';
import { SANDBOX_CLIENT_ID } from './google/core';

/**
 * The OAuth client secret the sandboxes process's Google accepts for SANDBOX_CLIENT_ID. Public on purpose,
 * like Paylink's test keys: the sandbox holds nothing real, and a secret shared with it (APP_SECRET, from
 * which embedded mode derives its own) would put the key to every stored token in one more process.
 */
export const STAGING_GOOGLE_CLIENT_SECRET = 'GOCSPX-sira-staging-sandbox-client';

/** Staging: the seeded sandbox client gets the sandbox's secret, once, unless the admin configured another. */
export async function useStagingGoogleClient(db: Database, secretBox: SecretBox): Promise<void> {
  const setting = await readGmailSetting(db);
  if (setting.client_id !== SANDBOX_CLIENT_ID || setting.client_secret) return;
  await writeSetting(db, GMAIL_SETTING_KEY, { ...setting, client_secret: secretBox.seal(STAGING_GOOGLE_CLIENT_SECRET) });
}

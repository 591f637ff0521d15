import { GMAIL_SEND_CAPABLE_SCOPES, GMAIL_SEND_SCOPE } from '@sira/shared';
import type { Database } from '../../../../db/client';
import { AppError } from '../../../../lib/errors';
import type { SecretBox } from '../../../../lib/secret-box';
import { readSetting } from '../../../../lib/settings';

export const GMAIL_SETTING_KEY = 'gmail';

/** The `gmail` row of the settings table (spec §3). `client_secret` is sealed (secret-box), never plain. */
export interface StoredGmailSetting {
  client_id: string;
  client_secret: string | null;
  scopes: string[];
  redirect_uris: string[];
  javascript_origins: string[];
}

export async function readGmailSetting(db: Database): Promise<StoredGmailSetting> {
  const stored = await readSetting<Partial<StoredGmailSetting>>(db, GMAIL_SETTING_KEY);
  return {
    client_id: stored?.client_id ?? '',
    client_secret: stored?.client_secret ?? null,
    scopes: stored?.scopes?.length ? stored.scopes : [GMAIL_SEND_SCOPE],
    redirect_uris: stored?.redirect_uris ?? [],
    javascript_origins: stored?.javascript_origins ?? [],
  };
}

/** What the OAuth flow needs: the client, where Google sends the user back, and the scopes to ask for. */
export interface GmailClientConfig {
  clientId: string;
  clientSecret: string;
  redirectUri: string;
  /** The admin's scopes plus `openid email`, so the linked address can be read. */
  scopes: string[];
}

export function grantsSending(grantedScope: string): boolean {
  const granted = grantedScope.split(/\s+/);
  return GMAIL_SEND_CAPABLE_SCOPES.some((s) => granted.includes(s));
}

/**
 * The configured client, or 409 MAILBOX_NOT_CONFIGURED. Of several redirect URIs the one on this deployment's
 * own origin is used (the callback must come back to us), else the first.
 */
export async function gmailClientConfig(db: Database, secretBox: SecretBox, publicBaseUrl?: string): Promise<GmailClientConfig> {
  const setting = await readGmailSetting(db);
  // A secret sealed under an earlier APP_SECRET (ADR 006) is as good as none: the admin tab shows it as not
  // set, and a user asking to link is told the mail settings are not configured, not that something broke.
  if (!setting.client_id || !secretBox.canOpen(setting.client_secret) || setting.redirect_uris.length === 0) {
    throw new AppError(409, 'MAILBOX_NOT_CONFIGURED');
  }
  const ownOrigin = publicBaseUrl ? new URL(publicBaseUrl).origin : undefined;
  const redirectUri =
    setting.redirect_uris.find((u) => ownOrigin !== undefined && URL.canParse(u) && new URL(u).origin === ownOrigin) ??
    (setting.redirect_uris[0] as string);
  return {
    clientId: setting.client_id,
    clientSecret: secretBox.open(setting.client_secret as string),
    redirectUri,
    scopes: [...new Set([...setting.scopes, 'openid', 'email'])],
  };
}

import { checkGmailSettings } from '@sira/shared/messages/mailbox-admin';
import type { GmailSettings } from '@sira/shared/schemas/mailbox-admin';
import type { Database } from '../../db/client';
import { settings } from '../../db/schema';
import { type AuditEntry, recordAudit } from '../../lib/audit';
import { badRequest } from '../../lib/errors';
import type { SecretBox } from '../../lib/secret-box';
import { GMAIL_SETTING_KEY, readGmailSetting, type StoredGmailSetting } from './gmail-settings';

export interface GmailSettingsWrite {
  clientId: string;
  /** Empty keeps the stored secret. */
  clientSecret: string;
  scopes: string[];
  redirectUris: string[];
  javascriptOrigins: string[];
}

/** The admin's view: everything but the secret, of which only "set (and usable) / not set" is told. */
const toView = (stored: StoredGmailSetting, secretBox: SecretBox): GmailSettings => ({
  clientId: stored.client_id,
  clientSecretSet: secretBox.canOpen(stored.client_secret),
  scopes: stored.scopes,
  redirectUris: stored.redirect_uris,
  javascriptOrigins: stored.javascript_origins,
});

export async function getGmailSettings(db: Database, secretBox: SecretBox): Promise<GmailSettings> {
  return toView(await readGmailSetting(db), secretBox);
}

/**
 * Spec §5 "Mail-connection settings", checked with the same rule as the form. The secret is sealed before it
 * is stored and never written to the audit log (only whether it changed).
 */
export async function saveGmailSettings(
  db: Database,
  secretBox: SecretBox,
  actor: AuditEntry['actor'],
  input: GmailSettingsWrite,
): Promise<GmailSettings> {
  const clean = {
    clientId: input.clientId.trim(),
    clientSecret: input.clientSecret.trim(),
    scopes: [...new Set(input.scopes.map((s) => s.trim()).filter(Boolean))],
    redirectUris: [...new Set(input.redirectUris)],
    javascriptOrigins: [...new Set(input.javascriptOrigins)],
  };
  return db.transaction(async (tx) => {
    const before = await readGmailSetting(tx);
    // A stored secret that no longer opens cannot be kept: the form must bring a new one.
    const storedUsable = secretBox.canOpen(before.client_secret);
    const problem = checkGmailSettings(clean, storedUsable);
    if (problem) throw badRequest(problem);
    const next: StoredGmailSetting = {
      client_id: clean.clientId,
      client_secret: clean.clientSecret ? secretBox.seal(clean.clientSecret) : before.client_secret,
      scopes: clean.scopes,
      redirect_uris: clean.redirectUris,
      javascript_origins: clean.javascriptOrigins,
    };
    await tx
      .insert(settings)
      .values({ key: GMAIL_SETTING_KEY, value: next })
      .onConflictDoUpdate({ target: settings.key, set: { value: next } });
    const after = toView(next, secretBox);
    await recordAudit(tx, {
      actor,
      action: 'settings.update',
      entity: 'settings',
      entityId: GMAIL_SETTING_KEY,
      before: toView(before, secretBox),
      after: { ...after, clientSecretChanged: clean.clientSecret !== '' },
    });
    return after;
  });
}

import { checkGmailSettings, isGoogleClientId } from '@sira/shared/messages/mailbox-admin';
import type { GmailClientTestResult, GmailSettings } from '@sira/shared/schemas/mailbox-admin';
import { GOOGLE_SANDBOX_PREFIX, type GoogleEndpoints } from '../../config/providers';
import type { Database } from '../../db/client';
import { settings } from '../../db/schema';
import { type AuditEntry, recordAudit } from '../../lib/audit';
import { badRequest } from '../../lib/errors';
import type { SecretBox } from '../../lib/secret-box';
import { GMAIL_SETTING_KEY, readGmailSetting, type StoredGmailSetting } from './providers/gmail/gmail-settings';
import { checkGoogleClient } from './providers/gmail/google-oauth';

/** Where the connection test asks, and whether that is embedded mode's own sandbox (which follows the settings). */
export interface GoogleClientTestDeps {
  google: GoogleEndpoints;
  /** This server's own origin: a token endpoint under it is the sandbox mounted in embedded mode. */
  publicBaseUrl: string;
  mode: 'embedded' | 'production';
}

/**
 * Embedded mode's Google sandbox accepts whichever client the settings hold (sandbox/google/index.ts), so it
 * cannot judge one that is not saved yet: there only the id's form is checked.
 */
const followsSettings = (deps: GoogleClientTestDeps) =>
  deps.mode === 'embedded' && deps.google.tokenUrl.startsWith(`${deps.publicBaseUrl.replace(/\/+$/, '')}${GOOGLE_SANDBOX_PREFIX}/`);

/**
 * "Test connection": a token request with the client as typed — an empty secret means the stored one — that
 * Google can only refuse; how it refuses tells whether it knows the client (google-oauth.ts checkGoogleClient).
 */
export async function testGmailClient(
  db: Database,
  secretBox: SecretBox,
  deps: GoogleClientTestDeps,
  input: { clientId: string; clientSecret?: string | undefined; redirectUris?: string[] | undefined },
): Promise<GmailClientTestResult> {
  const clientId = input.clientId.trim();
  if (!isGoogleClientId(clientId)) throw badRequest('GMAIL_CLIENT_ID_INVALID');
  let clientSecret = input.clientSecret?.trim() || null;
  if (!clientSecret) {
    const stored = await readGmailSetting(db);
    clientSecret = secretBox.canOpen(stored.client_secret) ? secretBox.open(stored.client_secret as string) : null;
  }
  if (!clientSecret) throw badRequest('GMAIL_CLIENT_SECRET_REQUIRED');
  if (followsSettings(deps)) return { outcome: 'sandbox' };
  const redirectUri = input.redirectUris?.[0] ?? `${deps.publicBaseUrl.replace(/\/+$/, '')}/api/mailbox/callback`;
  const { outcome } = await checkGoogleClient(deps.google, { clientId, clientSecret, redirectUri });
  return { outcome };
}

export interface GmailSettingsWrite {
  clientId: string;
  /** Empty keeps the stored secret. */
  clientSecret: string;
  scopes: string[];
  redirectUris: string[];
  javascriptOrigins: string[];
  /** Save though the connection test failed. */
  saveUntested?: boolean | undefined;
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
  tester?: GoogleClientTestDeps,
): Promise<GmailSettings> {
  // Tried before the transaction (a call of up to 10 s must not hold a database connection), and only once the
  // settings pass the form's rule, which answers first.
  if (tester && !input.saveUntested) {
    const problem = checkGmailSettings(input, secretBox.canOpen((await readGmailSetting(db)).client_secret));
    if (problem) throw badRequest(problem);
    const { outcome } = await testGmailClient(db, secretBox, tester, input);
    if (outcome === 'refused') throw badRequest('GMAIL_CLIENT_REFUSED');
    if (outcome === 'unreachable') throw badRequest('GMAIL_UNREACHABLE');
  }
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

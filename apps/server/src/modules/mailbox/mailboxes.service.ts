import { createHash, randomBytes } from 'node:crypto';
import type { MailboxCallbackResult } from '@sira/shared/messages/mailbox';
import type { LinkedMailbox, SmtpMailboxInput, SmtpTestResult } from '@sira/shared/schemas/mailbox';
import { and, asc, eq, isNotNull, lt } from 'drizzle-orm';
import { mailboxOauthStates, userMailboxes } from '../../db/schema';
import { AppError } from '../../lib/errors';
import { mailboxDailyCap, readSendingSettings } from '../sending/sending-settings';
import { disconnect, OAUTH_STATE_TTL_MS, type ServiceDeps } from './mailbox.service';
import { chooseMailbox, storeLink, unlinkMailboxById } from './mailbox-credentials';
import type { MailboxSettings } from './providers/mailbox-settings';
import { exchangeMicrosoftCode, hasScope, microsoftAuthorizationUrl, readMicrosoftAccount } from './providers/microsoft/microsoft-oauth';
import { MICROSOFT_MAX_RESUME_BYTES } from './providers/microsoft/sender';
import type { MailProvider } from './providers/provider';
import { presetForAddress, SMTP_PRESETS } from './providers/smtp/presets';
import { type SmtpTestOutcome, testSmtpConnection } from './providers/smtp/smtp-test';

/**
 * Several mailboxes per user (ADR 030): the list, choosing the one sends go from, unlinking any, linking a
 * Microsoft mailbox (OAuth code + PKCE, the three scopes only) and an SMTP mailbox (settings tested, the app
 * password sealed). Every query names the signed-in user: another user's mailbox id finds nothing.
 */

export interface MailboxesDeps extends ServiceDeps {
  mailboxes: MailboxSettings;
}

export async function listMailboxes(deps: MailboxesDeps, profileId: string): Promise<LinkedMailbox[]> {
  const [rows, settings] = await Promise.all([
    deps.db
      .select()
      .from(userMailboxes)
      .where(and(eq(userMailboxes.profileId, profileId), isNotNull(userMailboxes.credential)))
      .orderBy(asc(userMailboxes.createdAt)),
    readSendingSettings(deps.db),
  ]);
  const now = Date.now();
  return rows.map((row) => ({
    id: row.id,
    provider: row.provider as MailProvider,
    email: row.email,
    chosen: row.chosen,
    accountType: (row.accountType as LinkedMailbox['accountType']) ?? null,
    smtpHost: row.smtpHost,
    dailyCap: mailboxDailyCap({ ...row, provider: row.provider as MailProvider }, settings.dailyCaps),
    pausedUntil: row.pausedUntil && row.pausedUntil.getTime() > now ? row.pausedUntil.toISOString() : null,
    maxResumeBytes: row.provider === 'microsoft' ? MICROSOFT_MAX_RESUME_BYTES : null,
  }));
}

/** The user's linked mailbox with this id, or a 404 — the same answer whether it is someone else's or gone. */
async function ownMailbox(deps: MailboxesDeps, profileId: string, id: string) {
  const [row] = await deps.db
    .select()
    .from(userMailboxes)
    .where(and(eq(userMailboxes.id, id), eq(userMailboxes.profileId, profileId), isNotNull(userMailboxes.credential)));
  if (!row) throw new AppError(404, 'MAILBOX_NOT_FOUND');
  return row;
}

export async function chooseOwnMailbox(deps: MailboxesDeps, profileId: string, id: string): Promise<void> {
  if (!(await chooseMailbox(deps, profileId, id))) throw new AppError(404, 'MAILBOX_NOT_FOUND');
}

/**
 * Unlinks one of the user's mailboxes: its waiting messages are held until it is linked again. A Gmail's grant
 * is given back to Google first, as the Gmail route does (disconnect); Microsoft has no revocation endpoint for
 * an app's refresh token (the person removes the app's consent in their account), so its tokens are erased.
 */
export async function unlinkOwnMailbox(deps: MailboxesDeps, profileId: string, id: string): Promise<{ email: string }> {
  const row = await ownMailbox(deps, profileId, id);
  if (row.provider === 'gmail') await disconnect(deps, profileId);
  else await unlinkMailboxById(deps, row.id, 'user');
  return { email: row.email };
}

const outcomeOf = (outcome: SmtpTestOutcome): SmtpTestResult => (outcome.ok ? { ok: true, code: null } : { ok: false, code: outcome.code });

/** "Test connection" of a linked SMTP mailbox, with its stored settings: logs in and quits, sends nothing. */
export async function testOwnMailbox(deps: MailboxesDeps, profileId: string, id: string): Promise<SmtpTestResult> {
  const row = await ownMailbox(deps, profileId, id);
  if (row.provider !== 'smtp' || !row.credential || !row.smtpHost || !row.smtpPort || !row.smtpUser)
    throw new AppError(409, 'NOT_SMTP_MAILBOX');
  const settings = {
    host: row.smtpHost,
    port: row.smtpPort,
    tls: (row.smtpTls ?? 'tls') as 'tls' | 'starttls',
    user: row.smtpUser,
    password: deps.secretBox.open(row.credential),
  };
  return outcomeOf(await testSmtpConnection({ settings, rules: deps.mailboxes.smtpRules }));
}

export function smtpPresets() {
  return SMTP_PRESETS.map((p) => ({
    id: p.id,
    name: p.name,
    domains: [...p.domains],
    host: p.host,
    port: p.port,
    tls: p.tls,
    appPasswordUrl: p.appPasswordUrl,
    defaultDailyCap: p.defaultDailyCap,
    passwordLogin: p.passwordLogin,
    useInstead: p.useInstead ?? null,
  }));
}

/** "Test connection" before linking: the same checks and login as a send, then QUIT. */
export async function testSmtpSettings(deps: MailboxesDeps, input: SmtpMailboxInput): Promise<SmtpTestResult> {
  refuseMicrosoftAddress(input.email);
  const { email: _email, ...settings } = input;
  return outcomeOf(await testSmtpConnection({ settings, rules: deps.mailboxes.smtpRules }));
}

function refuseMicrosoftAddress(email: string): void {
  const preset = presetForAddress(email);
  if (preset && !preset.passwordLogin) throw new AppError(409, 'SMTP_USE_MICROSOFT');
}

/**
 * Links an SMTP mailbox: the settings must pass the connection test first (a mailbox that cannot log in would
 * only fail every message), then the app password is sealed and the mailbox becomes the one sends go from.
 */
export async function linkSmtpMailbox(
  deps: MailboxesDeps,
  profileId: string,
  input: SmtpMailboxInput,
): Promise<{ id: string } | { failed: SmtpTestResult }> {
  const tested = await testSmtpSettings(deps, input);
  if (!tested.ok) return { failed: tested };
  const { mailboxId } = await storeLink(deps, profileId, {
    provider: 'smtp',
    email: input.email,
    secret: input.password,
    smtp: { host: input.host.trim().toLowerCase(), port: input.port, tls: input.tls, user: input.user },
  });
  return { id: mailboxId };
}

const pkceChallenge = (verifier: string) => createHash('sha256').update(verifier).digest('base64url');
const microsoftRedirectUri = (deps: MailboxesDeps) => `${deps.publicBaseUrl.replace(/\/$/, '')}/api/mailbox/microsoft/callback`;

/**
 * Starts a Microsoft consent: a random state bound to this user (single use, 10 minutes) with its PKCE
 * verifier, and the `common` authority's sign-in address asking for offline_access, Mail.Send and User.Read.
 */
export async function startMicrosoftConnect(deps: MailboxesDeps, profileId: string): Promise<{ url: string }> {
  const client = deps.mailboxes.microsoftClient;
  if (!client) throw new AppError(503, 'MICROSOFT_NOT_CONFIGURED');
  const state = randomBytes(32).toString('base64url');
  const codeVerifier = randomBytes(48).toString('base64url');
  const redirectUri = microsoftRedirectUri(deps);
  await deps.db.delete(mailboxOauthStates).where(lt(mailboxOauthStates.createdAt, new Date(Date.now() - OAUTH_STATE_TTL_MS)));
  await deps.db.insert(mailboxOauthStates).values({ state, profileId, codeVerifier, redirectUri });
  return {
    url: microsoftAuthorizationUrl(deps.providers.microsoft, {
      clientId: client.clientId,
      redirectUri,
      state,
      codeChallenge: pkceChallenge(codeVerifier),
    }),
  };
}

/**
 * Microsoft sent the browser back: the state must be this user's, unused and fresh; then the code is exchanged
 * with the verifier, Mail.Send checked, the account read from Graph's /me and the mailbox stored and chosen.
 */
export async function completeMicrosoftConnect(
  deps: MailboxesDeps,
  profileId: string,
  query: { state?: string | undefined; code?: string | undefined; error?: string | undefined },
): Promise<MailboxCallbackResult> {
  if (!query.state) return 'state_invalid';
  const [flow] = await deps.db
    .delete(mailboxOauthStates)
    .where(and(eq(mailboxOauthStates.state, query.state), eq(mailboxOauthStates.profileId, profileId)))
    .returning();
  if (!flow || flow.createdAt.getTime() < Date.now() - OAUTH_STATE_TTL_MS) return 'state_invalid';
  if (query.error) return query.error === 'access_denied' ? 'denied' : 'failed';
  if (!query.code) return 'failed';
  const client = deps.mailboxes.microsoftClient;
  if (!client) return 'not_configured';
  try {
    const tokens = await exchangeMicrosoftCode(deps.providers.microsoft, client, {
      code: query.code,
      redirectUri: flow.redirectUri,
      codeVerifier: flow.codeVerifier,
    });
    if (!hasScope(tokens.scope, 'Mail.Send')) return 'scope_missing';
    if (!tokens.refreshToken) return 'failed';
    const account = await readMicrosoftAccount(deps.providers.microsoft, tokens.accessToken, tokens.idToken);
    await storeLink(deps, profileId, {
      provider: 'microsoft',
      email: account.email,
      secret: tokens.refreshToken,
      accessToken: tokens.accessToken,
      expiresAt: tokens.expiresAt,
      scope: tokens.scope,
      accountId: account.id,
      accountType: account.accountType,
    });
    return 'linked';
  } catch (error) {
    deps.log.warn({ profileId, err: { name: (error as Error).name, message: (error as Error).message } }, 'microsoft mailbox link failed');
    return 'failed';
  }
}

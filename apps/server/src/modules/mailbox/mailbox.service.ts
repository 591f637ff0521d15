import { createHash, randomBytes } from 'node:crypto';
import type { MailboxCallbackResult, MailboxNotice } from '@sira/shared/messages/mailbox';
import type { MailboxStatus } from '@sira/shared/schemas/mailbox';
import { and, count, eq, inArray, isNotNull, lt } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { deliveries, mailboxOauthStates, profiles, userMailboxes } from '../../db/schema';
import { AppError } from '../../lib/errors';
import {
  getSendingCredentials,
  grantSharedWithOthers,
  linkMailbox,
  type MailboxDeps,
  MailboxUnavailableError,
  revokeSealedToken,
  unlinkMailbox,
} from './mailbox-credentials';
import { gmailClientConfig, grantsSending } from './providers/gmail/gmail-settings';
import { authorizationUrl, exchangeCode, fetchUserinfo, GoogleOAuthError, revokeToken } from './providers/gmail/google-oauth';

/** A consent must come back within this time; the state row is then useless (about 10 minutes). */
export const OAUTH_STATE_TTL_MS = 10 * 60_000;

export interface ServiceDeps extends MailboxDeps {
  publicBaseUrl: string;
  log: FastifyBaseLogger;
}

const ACTIVE_STATUSES = ['pending', 'held', 'sending'];

export async function mailboxStatus(deps: MailboxDeps, profileId: string): Promise<MailboxStatus> {
  const [[link], [profile], [active]] = await Promise.all([
    deps.db
      .select({ email: userMailboxes.email, pausedUntil: userMailboxes.pausedUntil })
      .from(userMailboxes)
      .where(and(eq(userMailboxes.profileId, profileId), eq(userMailboxes.chosen, true))),
    deps.db.select({ notice: profiles.mailboxNotice }).from(profiles).where(eq(profiles.id, profileId)),
    deps.db
      .select({ n: count() })
      .from(deliveries)
      .where(and(eq(deliveries.profileId, profileId), inArray(deliveries.status, ACTIVE_STATUSES))),
  ]);
  const pausedUntil = link?.pausedUntil && link.pausedUntil.getTime() > Date.now() ? link.pausedUntil.toISOString() : null;
  return {
    linked: !!link,
    email: link?.email ?? null,
    notice: profile?.notice === 'invalid_grant' ? (profile.notice as MailboxNotice) : null,
    activeDeliveries: active?.n ?? 0,
    pausedUntil,
  };
}

/** When each link was last checked with Google, so reloads and many tabs do not hammer it. */
const lastVerified = new Map<string, number>();
const VERIFY_INTERVAL_MS = 60_000;

/**
 * The periodic re-check (spec §4: every 5 minutes): asks Google whether the link still works. A refused
 * access token is refreshed; a refresh answered invalid_grant unlinks (getSendingCredentials does that).
 * Google being unreachable says nothing about the link, so it is left as it is.
 */
export async function verifyMailbox(deps: ServiceDeps, profileId: string): Promise<void> {
  const last = lastVerified.get(profileId) ?? 0;
  if (Date.now() - last < VERIFY_INTERVAL_MS) return;
  lastVerified.set(profileId, Date.now());
  try {
    const { accessToken } = await getSendingCredentials(deps, profileId);
    try {
      await fetchUserinfo(deps.providers.google, accessToken);
    } catch (error) {
      if (!(error instanceof GoogleOAuthError && error.status === 401)) throw error;
      const refreshed = await getSendingCredentials(deps, profileId, { forceRefresh: true });
      await fetchUserinfo(deps.providers.google, refreshed.accessToken);
    }
  } catch (error) {
    if (error instanceof MailboxUnavailableError) return;
    deps.log.warn({ profileId, err: { name: (error as Error).name, message: (error as Error).message } }, 'mailbox re-check inconclusive');
  }
}

const pkceChallenge = (verifier: string) => createHash('sha256').update(verifier).digest('base64url');

/**
 * Starts a consent: a random state bound to this user (single use, 10 minutes) with its PKCE verifier, and
 * Google's consent address for the browser to go to.
 */
export async function startConnect(deps: ServiceDeps, profileId: string): Promise<{ url: string }> {
  const client = await gmailClientConfig(deps.db, deps.secretBox, deps.publicBaseUrl);
  const state = randomBytes(32).toString('base64url');
  const codeVerifier = randomBytes(48).toString('base64url');
  await deps.db.delete(mailboxOauthStates).where(lt(mailboxOauthStates.createdAt, new Date(Date.now() - OAUTH_STATE_TTL_MS)));
  await deps.db.insert(mailboxOauthStates).values({ state, profileId, codeVerifier, redirectUri: client.redirectUri });
  return {
    url: authorizationUrl(deps.providers.google, {
      clientId: client.clientId,
      redirectUri: client.redirectUri,
      scopes: client.scopes,
      state,
      codeChallenge: pkceChallenge(codeVerifier),
    }),
  };
}

export interface CallbackQuery {
  state?: string | undefined;
  code?: string | undefined;
  error?: string | undefined;
}

/**
 * Google sent the browser back. The state must be this user's, unused and fresh; then the code is exchanged
 * (with the PKCE verifier), the granted scopes checked, the address read, and the link stored.
 */
export async function completeConnect(deps: ServiceDeps, profileId: string, query: CallbackQuery): Promise<MailboxCallbackResult> {
  if (!query.state) return 'state_invalid';
  // Deleting it first makes the state single-use even if two callbacks race.
  const [flow] = await deps.db
    .delete(mailboxOauthStates)
    .where(and(eq(mailboxOauthStates.state, query.state), eq(mailboxOauthStates.profileId, profileId)))
    .returning();
  if (!flow || flow.createdAt.getTime() < Date.now() - OAUTH_STATE_TTL_MS) return 'state_invalid';
  if (query.error) return query.error === 'access_denied' ? 'denied' : 'failed';
  if (!query.code) return 'failed';

  let client: Awaited<ReturnType<typeof gmailClientConfig>>;
  try {
    client = await gmailClientConfig(deps.db, deps.secretBox, deps.publicBaseUrl);
  } catch {
    return 'not_configured';
  }
  try {
    const tokens = await exchangeCode(deps.providers.google, client, {
      code: query.code,
      redirectUri: flow.redirectUri,
      codeVerifier: flow.codeVerifier,
    });
    if (!grantsSending(tokens.scope)) {
      // Without the send permission the grant is useless to us: give it back rather than keep it.
      await revokeToken(deps.providers.google, tokens.refreshToken ?? tokens.accessToken).catch(() => undefined);
      return 'scope_missing';
    }
    if (!tokens.refreshToken) return 'failed';
    const user = await fetchUserinfo(deps.providers.google, tokens.accessToken);
    if (!user.emailVerified) {
      // Messages would leave From an address Google does not vouch for (integrations.md §B3): give the grant
      // back, unless a link (this account's or another's) already holds this Google account's grant, which
      // revoking would end too.
      const [holder] = await deps.db
        .select({ profileId: userMailboxes.profileId })
        .from(userMailboxes)
        .where(and(eq(userMailboxes.provider, 'gmail'), eq(userMailboxes.accountId, user.sub), isNotNull(userMailboxes.credential)))
        .limit(1);
      if (!holder) await revokeToken(deps.providers.google, tokens.refreshToken).catch(() => undefined);
      return 'email_unverified';
    }
    const { replacedRefreshToken } = await linkMailbox(deps, profileId, {
      email: user.email,
      googleSub: user.sub,
      refreshToken: tokens.refreshToken,
      accessToken: tokens.accessToken,
      expiresAt: tokens.expiresAt,
      scope: tokens.scope,
    });
    lastVerified.delete(profileId);
    if (replacedRefreshToken) await revokeSealedToken(deps, replacedRefreshToken).catch(() => undefined);
    return 'linked';
  } catch (error) {
    deps.log.warn({ profileId, err: { name: (error as Error).name, message: (error as Error).message } }, 'mailbox link failed');
    return 'failed';
  }
}

/**
 * The user unlinks: the grant is revoked at Google first (so the platform keeps no working token), then the
 * link deleted and pending deliveries held. Google being unreachable does not keep the user linked.
 */
export async function disconnect(deps: ServiceDeps, profileId: string): Promise<void> {
  const [link] = await deps.db
    .select({ refreshToken: userMailboxes.credential, googleSub: userMailboxes.accountId, email: userMailboxes.email })
    .from(userMailboxes)
    .where(and(eq(userMailboxes.profileId, profileId), eq(userMailboxes.provider, 'gmail'), isNotNull(userMailboxes.credential)));
  if (!link?.refreshToken) throw new AppError(409, 'MAILBOX_NOT_LINKED');
  try {
    if (!(await grantSharedWithOthers(deps.db, profileId, link))) await revokeSealedToken(deps, link.refreshToken);
  } catch (error) {
    deps.log.warn({ profileId, err: { name: (error as Error).name, message: (error as Error).message } }, 'mailbox revoke failed');
  }
  await unlinkMailbox(deps, profileId, 'user');
  lastVerified.delete(profileId);
}

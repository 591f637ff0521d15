import { TOKEN_REFRESH_RETRY } from '@sira/shared';
import { and, eq, ne, sql } from 'drizzle-orm';
import type { ProviderEndpoints } from '../../config/providers';
import type { Database } from '../../db/client';
import { deliveries, profiles, userGmail } from '../../db/schema';
import type { EventBus } from '../../lib/event-bus';
import type { SecretBox } from '../../lib/secret-box';
import { gmailClientConfig } from './providers/gmail/gmail-settings';
import { GoogleOAuthError, GoogleUnavailableError, refreshAccessToken, revokeToken } from './providers/gmail/google-oauth';

/**
 * The one door to a user's Gmail credentials, shared by the HTTP routes and the sending worker (contracts.md
 * "A → C"). Tokens are sealed at rest and opened only here, in memory, for the call that needs them.
 */
export interface MailboxDeps {
  db: Database;
  secretBox: SecretBox;
  providers: ProviderEndpoints;
  events: EventBus;
}

/** No usable link: never linked (or unlinked), or Google refused the refresh token (the link is now gone). */
export class MailboxUnavailableError extends Error {
  constructor(readonly reason: 'not_linked' | 'invalid_grant') {
    super(`mailbox unavailable: ${reason}`);
    this.name = 'MailboxUnavailableError';
  }
}

/**
 * A refresh that failed for another reason than invalid_grant: Google unreachable after the retries, or an
 * OAuth error that is the platform's fault (e.g. invalid_client after an admin changed the secret). The link
 * stays; callers retry later.
 */
export class MailboxRefreshError extends Error {
  constructor(
    message: string,
    override readonly cause?: unknown,
  ) {
    super(message);
    this.name = 'MailboxRefreshError';
  }
}

/** An access token is refreshed when it has less than this left, so it cannot expire mid-request. */
export const REFRESH_MARGIN_MS = 60_000;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** In-flight refreshes by profile: concurrent callers share one refresh instead of racing Google. */
const refreshing = new Map<string, Promise<{ email: string; accessToken: string }>>();

/**
 * Decrypts the link and returns a usable access token, refreshing it first when it expires within 60 s (or
 * when `forceRefresh`, e.g. after Gmail answered 401). Refresh: 3 tries, 1 s then 2 s apart, on network
 * errors and 5xx. invalid_grant (400/401) unlinks and holds the user's deliveries.
 */
export async function getSendingCredentials(
  deps: MailboxDeps,
  profileId: string,
  options: { forceRefresh?: boolean } = {},
): Promise<{ email: string; accessToken: string }> {
  const inFlight = refreshing.get(profileId);
  if (inFlight) return inFlight;
  const [link] = await deps.db.select().from(userGmail).where(eq(userGmail.profileId, profileId));
  if (!link) throw new MailboxUnavailableError('not_linked');
  if (isFresh(link) && !options.forceRefresh && link.accessToken) {
    const accessToken = openOrNull(deps, link.accessToken);
    if (accessToken) return { email: link.email, accessToken };
  }
  const started = refreshing.get(profileId);
  if (started) return started;
  const refresh = refreshLink(deps, profileId, link.accessToken).finally(() => refreshing.delete(profileId));
  refreshing.set(profileId, refresh);
  return refresh;
}

type LinkRow = typeof userGmail.$inferSelect;

/** A sealed token, or null when it cannot be opened (sealed under another APP_SECRET, or damaged). */
function openOrNull(deps: MailboxDeps, sealed: string): string | null {
  try {
    return deps.secretBox.open(sealed);
  } catch {
    return null;
  }
}
const isFresh = (link: LinkRow) => !!link.tokenExpiry && link.tokenExpiry.getTime() - Date.now() > REFRESH_MARGIN_MS;

/**
 * `seenAccessToken` is the (sealed) token the caller found stale or rejected. If another caller refreshed
 * since, its newer token is used instead of refreshing again.
 */
async function refreshLink(
  deps: MailboxDeps,
  profileId: string,
  seenAccessToken: string | null,
): Promise<{ email: string; accessToken: string }> {
  const [link] = await deps.db.select().from(userGmail).where(eq(userGmail.profileId, profileId));
  if (!link) throw new MailboxUnavailableError('not_linked');
  if (link.accessToken && link.accessToken !== seenAccessToken && isFresh(link)) {
    const accessToken = openOrNull(deps, link.accessToken);
    if (accessToken) return { email: link.email, accessToken };
  }
  const client = await gmailClientConfig(deps.db, deps.secretBox).catch((error: unknown) => {
    throw new MailboxRefreshError('mail connection settings are incomplete', error);
  });
  const refreshToken = openOrNull(deps, link.refreshToken);
  if (refreshToken === null) {
    // Sealed under another APP_SECRET (rotated, ADR 006): the link can never work again. It goes the way of a
    // revoked grant — unlinked, deliveries held, the user asked to link again — instead of failing every call.
    await removeLink(deps, link.profileId, 'invalid_grant', link.refreshToken);
    throw new MailboxUnavailableError('invalid_grant');
  }
  let lastError: unknown;
  for (let attempt = 0; attempt < TOKEN_REFRESH_RETRY.attempts; attempt++) {
    if (attempt > 0) await sleep(TOKEN_REFRESH_RETRY.baseDelayMs * 2 ** (attempt - 1));
    try {
      const token = await refreshAccessToken(deps.providers.google, client, refreshToken);
      // Only the link this refresh token belongs to is updated: a relink meanwhile keeps its own tokens.
      await deps.db
        .update(userGmail)
        .set({
          accessToken: deps.secretBox.seal(token.accessToken),
          tokenExpiry: token.expiresAt,
          // A token endpoint may rotate the refresh token (RFC 6749 §6); the old one then stops working.
          ...(token.refreshToken && token.refreshToken !== refreshToken ? { refreshToken: deps.secretBox.seal(token.refreshToken) } : {}),
        })
        .where(and(eq(userGmail.profileId, link.profileId), eq(userGmail.refreshToken, link.refreshToken)));
      return { email: link.email, accessToken: token.accessToken };
    } catch (error) {
      if (error instanceof GoogleOAuthError) {
        if (error.error === 'invalid_grant' && (error.status === 400 || error.status === 401)) {
          await removeLink(deps, link.profileId, 'invalid_grant', link.refreshToken);
          throw new MailboxUnavailableError('invalid_grant');
        }
        throw new MailboxRefreshError(`token refresh refused: ${error.error}`, error);
      }
      if (!(error instanceof GoogleUnavailableError)) throw error;
      lastError = error;
    }
  }
  throw new MailboxRefreshError('token refresh failed after retries', lastError);
}

/**
 * Deletes the link, moves the user's pending deliveries to held, records why (notice 'invalid_grant' only
 * for that reason; a user's own unlink clears it) and publishes 'mailbox' (and 'sending' when deliveries
 * moved). Linking again resumes them (linkMailbox).
 */
export async function unlinkMailbox(deps: MailboxDeps, profileId: string, reason: 'user' | 'invalid_grant'): Promise<void> {
  await removeLink(deps, profileId, reason);
}

/** `onlyRefreshToken`: delete only if the link still holds that (sealed) token — a relink meanwhile wins. */
async function removeLink(
  deps: MailboxDeps,
  profileId: string,
  reason: 'user' | 'invalid_grant',
  onlyRefreshToken?: string,
): Promise<void> {
  const held = await deps.db.transaction(async (tx) => {
    const removed = await tx
      .delete(userGmail)
      .where(
        onlyRefreshToken === undefined
          ? eq(userGmail.profileId, profileId)
          : and(eq(userGmail.profileId, profileId), eq(userGmail.refreshToken, onlyRefreshToken)),
      )
      .returning({ profileId: userGmail.profileId });
    if (removed.length === 0 && onlyRefreshToken !== undefined) return -1;
    const moved = await tx
      .update(deliveries)
      .set({ status: 'held' })
      .where(and(eq(deliveries.profileId, profileId), eq(deliveries.status, 'pending')))
      .returning({ id: deliveries.id });
    await tx
      .update(profiles)
      .set({ mailboxNotice: reason === 'invalid_grant' ? 'invalid_grant' : null })
      .where(eq(profiles.id, profileId));
    return moved.length;
  });
  if (held < 0) return;
  deps.events.publish({ topic: 'mailbox', profileId });
  if (held > 0) deps.events.publish({ topic: 'sending', profileId });
}

export interface NewLink {
  email: string;
  googleSub: string;
  refreshToken: string;
  accessToken: string;
  expiresAt: Date;
  scope: string;
}

/**
 * Stores a fresh link (tokens sealed), releases the user's held deliveries (due now) and clears the notice.
 * A pause for Google's daily limit stays when the same mailbox is linked again: the limit is the mailbox's.
 * Returns the sealed refresh token the link replaced, if any, so the caller can revoke it.
 */
export async function linkMailbox(deps: MailboxDeps, profileId: string, link: NewLink): Promise<{ replacedRefreshToken: string | null }> {
  const result = await deps.db.transaction(async (tx) => {
    const [previous] = await tx.select().from(userGmail).where(eq(userGmail.profileId, profileId)).for('update');
    const sameMailbox = previous?.email === link.email;
    const values = {
      email: link.email,
      googleSub: link.googleSub,
      refreshToken: deps.secretBox.seal(link.refreshToken),
      accessToken: deps.secretBox.seal(link.accessToken),
      tokenExpiry: link.expiresAt,
      scopes: link.scope,
      pausedUntil: sameMailbox ? (previous?.pausedUntil ?? null) : null,
      dailyCap: sameMailbox ? (previous?.dailyCap ?? null) : null,
    };
    await tx
      .insert(userGmail)
      .values({ profileId, ...values })
      .onConflictDoUpdate({ target: userGmail.profileId, set: values });
    const resumed = await tx
      .update(deliveries)
      .set({ status: 'pending', nextAttemptAt: sql`now()` })
      .where(and(eq(deliveries.profileId, profileId), eq(deliveries.status, 'held')))
      .returning({ id: deliveries.id });
    await tx.update(profiles).set({ mailboxNotice: null }).where(eq(profiles.id, profileId));
    // Google ends a whole grant when any of its tokens is revoked, and consenting again to the same account
    // joins that grant: revoking the replaced token would kill the new one. Only another account's goes.
    const sameAccount = previous && (previous.googleSub && link.googleSub ? previous.googleSub === link.googleSub : sameMailbox);
    return { resumed: resumed.length, replaced: previous && !sameAccount ? previous.refreshToken : null, previous };
  });
  deps.events.publish({ topic: 'mailbox', profileId });
  if (result.resumed > 0) deps.events.publish({ topic: 'sending', profileId });
  if (result.replaced && result.previous && (await grantSharedWithOthers(deps.db, profileId, result.previous))) {
    return { replacedRefreshToken: null };
  }
  return { replacedRefreshToken: result.replaced };
}

/**
 * Whether another profile is linked to the same Google account (someone linked one Gmail to two Sira
 * accounts): revoking would end that link's grant too, so the token is left to Google.
 */
export async function grantSharedWithOthers(
  db: MailboxDeps['db'],
  profileId: string,
  account: { googleSub: string | null; email: string },
): Promise<boolean> {
  const [other] = await db
    .select({ profileId: userGmail.profileId })
    .from(userGmail)
    .where(
      and(
        ne(userGmail.profileId, profileId),
        account.googleSub ? eq(userGmail.googleSub, account.googleSub) : eq(userGmail.email, account.email),
      ),
    )
    .limit(1);
  return !!other;
}

/** Revokes a sealed refresh token at Google; the caller decides whether a failure matters. */
export async function revokeSealedToken(deps: MailboxDeps, sealedRefreshToken: string): Promise<void> {
  await revokeToken(deps.providers.google, deps.secretBox.open(sealedRefreshToken));
}

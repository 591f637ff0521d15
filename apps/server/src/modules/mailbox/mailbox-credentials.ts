import { TOKEN_REFRESH_RETRY } from '@sira/shared';
import { and, eq, isNotNull, ne, sql } from 'drizzle-orm';
import type { ProviderEndpoints } from '../../config/providers';
import type { Database } from '../../db/client';
import { profiles, userGmail, userMailboxes } from '../../db/schema';
import type { EventBus } from '../../lib/event-bus';
import type { SecretBox } from '../../lib/secret-box';
import { gmailClientConfig } from './providers/gmail/gmail-settings';
import { GoogleOAuthError, GoogleUnavailableError, refreshAccessToken, revokeToken } from './providers/gmail/google-oauth';
import { type ClientCredentials, MicrosoftUnavailableError, refreshMicrosoftToken } from './providers/microsoft/microsoft-oauth';
import type { MailProvider, SendAccess } from './providers/provider';

/**
 * The one door to a user's mailbox credentials, shared by the HTTP routes and the sending worker (contracts.md
 * "A → C"). Tokens and app passwords are sealed at rest and opened only here, in memory, for the call that
 * needs them. Mailboxes are rows of user_mailboxes (ADR 030); user_gmail keeps the chosen Gmail for the
 * previous version during an upgrade (syncLegacyGmail).
 */
export interface MailboxDeps {
  db: Database;
  secretBox: SecretBox;
  providers: ProviderEndpoints;
  events: EventBus;
  /** The Azure application Microsoft mailboxes are linked through (microsoft-client.ts); null when not configured. */
  microsoftClient?: ClientCredentials | null;
}

import { MailboxUnavailableError } from './mailbox-errors';

export { MailboxUnavailableError };

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

/** In-flight refreshes by mailbox: concurrent callers share one refresh instead of racing the provider. */
const refreshing = new Map<string, Promise<{ email: string; accessToken: string }>>();

type MailboxRow = typeof userMailboxes.$inferSelect;
type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];

/** The profile's Gmail mailbox (one per profile, ADR 006), linked or not. */
async function gmailRow(db: Database | Tx, profileId: string): Promise<MailboxRow | undefined> {
  const [row] = await db
    .select()
    .from(userMailboxes)
    .where(and(eq(userMailboxes.profileId, profileId), eq(userMailboxes.provider, 'gmail')))
    .limit(1);
  return row;
}

/**
 * The profile's Gmail credentials (its linked Gmail, used by the link's re-check): a usable access token,
 * refreshed first when it expires within 60 s or when `forceRefresh` (e.g. after Gmail answered 401).
 */
export async function getSendingCredentials(
  deps: MailboxDeps,
  profileId: string,
  options: { forceRefresh?: boolean } = {},
): Promise<{ email: string; accessToken: string }> {
  const row = await gmailRow(deps.db, profileId);
  if (!row || row.credential === null) throw new MailboxUnavailableError('not_linked');
  return tokenOf(deps, row.id, options);
}

/** What a mailbox sends with, opened for the one call or run that needs it. */
export interface SendingCredentials {
  provider: MailProvider;
  email: string;
  access: SendAccess;
}

/**
 * The credentials of one linked mailbox, whatever its provider: an OAuth access token (refreshed as
 * tokenOf does), or the SMTP settings with the app password opened. An app password that cannot be opened
 * (sealed under another APP_SECRET) unlinks the mailbox like a revoked grant.
 */
export async function mailboxCredentials(
  deps: MailboxDeps,
  mailboxId: string,
  options: { forceRefresh?: boolean } = {},
): Promise<SendingCredentials> {
  const [link] = await deps.db.select().from(userMailboxes).where(eq(userMailboxes.id, mailboxId));
  if (!link || link.credential === null) throw new MailboxUnavailableError('not_linked');
  const provider = link.provider as MailProvider;
  if (provider !== 'smtp') {
    const { email, accessToken } = await tokenOf(deps, mailboxId, options);
    return { provider, email, access: { kind: 'token', accessToken } };
  }
  const password = openOrNull(deps, link.credential);
  if (password === null || !link.smtpHost || !link.smtpPort || !link.smtpUser) {
    await removeLink(deps, link.id, 'invalid_grant', link.credential);
    throw new MailboxUnavailableError('invalid_grant');
  }
  return {
    provider,
    email: link.email,
    access: {
      kind: 'smtp',
      host: link.smtpHost,
      port: link.smtpPort,
      tls: (link.smtpTls ?? 'tls') as 'tls' | 'starttls' | 'none',
      user: link.smtpUser,
      password,
    },
  };
}

/**
 * Decrypts an OAuth mailbox's link and returns a usable access token, refreshing it first when it expires
 * within 60 s (or when `forceRefresh`). Refresh: 3 tries, 1 s then 2 s apart, on network errors and 5xx.
 * invalid_grant (400/401) unlinks and holds the mailbox's deliveries.
 */
export async function tokenOf(
  deps: MailboxDeps,
  mailboxId: string,
  options: { forceRefresh?: boolean } = {},
): Promise<{ email: string; accessToken: string }> {
  const inFlight = refreshing.get(mailboxId);
  if (inFlight) return inFlight;
  const [link] = await deps.db.select().from(userMailboxes).where(eq(userMailboxes.id, mailboxId));
  if (!link || link.credential === null) throw new MailboxUnavailableError('not_linked');
  if (isFresh(link) && !options.forceRefresh && link.accessToken) {
    const accessToken = openOrNull(deps, link.accessToken);
    if (accessToken) return { email: link.email, accessToken };
  }
  const started = refreshing.get(mailboxId);
  if (started) return started;
  const refresh = refreshLink(deps, mailboxId, link.accessToken).finally(() => refreshing.delete(mailboxId));
  refreshing.set(mailboxId, refresh);
  return refresh;
}

/** A sealed secret, or null when it cannot be opened (sealed under another APP_SECRET, or damaged). */
function openOrNull(deps: MailboxDeps, sealed: string): string | null {
  try {
    return deps.secretBox.open(sealed);
  } catch {
    return null;
  }
}
const isFresh = (link: MailboxRow) => !!link.tokenExpiry && link.tokenExpiry.getTime() - Date.now() > REFRESH_MARGIN_MS;

/** The OAuth provider's side of a refresh: Google's or Microsoft's token endpoint. */
export interface TokenRefresher {
  refresh(refreshToken: string): Promise<{ accessToken: string; refreshToken?: string | undefined; expiresAt: Date }>;
  /** The provider refused the refresh token itself: the link is dead (invalid_grant). */
  isDeadGrant(error: unknown): boolean;
  /** The provider could not be reached: tried again. */
  isUnavailable(error: unknown): boolean;
}

async function gmailRefresher(deps: MailboxDeps): Promise<TokenRefresher> {
  const client = await gmailClientConfig(deps.db, deps.secretBox).catch((error: unknown) => {
    throw new MailboxRefreshError('mail connection settings are incomplete', error);
  });
  return {
    refresh: (refreshToken) => refreshAccessToken(deps.providers.google, client, refreshToken),
    isDeadGrant: (error) =>
      error instanceof GoogleOAuthError && error.error === 'invalid_grant' && (error.status === 400 || error.status === 401),
    isUnavailable: (error) => error instanceof GoogleUnavailableError,
  };
}

async function microsoftRefresher(deps: MailboxDeps): Promise<TokenRefresher> {
  const client = deps.microsoftClient;
  if (!client) throw new MailboxRefreshError('Microsoft linking is not configured (MICROSOFT_CLIENT_ID, MICROSOFT_CLIENT_SECRET)');
  return {
    refresh: (refreshToken) => refreshMicrosoftToken(deps.providers.microsoft, client, refreshToken),
    // refreshMicrosoftToken tells a dead grant as the neutral error already.
    isDeadGrant: (error) => error instanceof MailboxUnavailableError,
    isUnavailable: (error) => error instanceof MicrosoftUnavailableError,
  };
}

/** How each OAuth provider refreshes; an SMTP mailbox has nothing to refresh. */
const refreshers: Partial<Record<MailProvider, (deps: MailboxDeps) => Promise<TokenRefresher>>> = {
  gmail: gmailRefresher,
  microsoft: microsoftRefresher,
};

/**
 * `seenAccessToken` is the (sealed) token the caller found stale or rejected. If another caller refreshed
 * since, its newer token is used instead of refreshing again.
 */
async function refreshLink(
  deps: MailboxDeps,
  mailboxId: string,
  seenAccessToken: string | null,
): Promise<{ email: string; accessToken: string }> {
  const [link] = await deps.db.select().from(userMailboxes).where(eq(userMailboxes.id, mailboxId));
  if (!link || link.credential === null) throw new MailboxUnavailableError('not_linked');
  if (link.accessToken && link.accessToken !== seenAccessToken && isFresh(link)) {
    const accessToken = openOrNull(deps, link.accessToken);
    if (accessToken) return { email: link.email, accessToken };
  }
  const make = refreshers[link.provider as MailProvider];
  if (!make) throw new MailboxRefreshError(`${link.provider} mailboxes have no token to refresh`);
  const refresher = await make(deps);
  const sealedRefreshToken = link.credential;
  const refreshToken = openOrNull(deps, sealedRefreshToken);
  if (refreshToken === null) {
    // Sealed under another APP_SECRET (rotated, ADR 006): the link can never work again. It goes the way of a
    // revoked grant — unlinked, deliveries held, the user asked to link again — instead of failing every call.
    await removeLink(deps, link.id, 'invalid_grant', sealedRefreshToken);
    throw new MailboxUnavailableError('invalid_grant');
  }
  let lastError: unknown;
  for (let attempt = 0; attempt < TOKEN_REFRESH_RETRY.attempts; attempt++) {
    if (attempt > 0) await sleep(TOKEN_REFRESH_RETRY.baseDelayMs * 2 ** (attempt - 1));
    try {
      const token = await refresher.refresh(refreshToken);
      // Only the link this refresh token belongs to is updated: a relink meanwhile keeps its own tokens.
      await deps.db.transaction(async (tx) => {
        await tx
          .update(userMailboxes)
          .set({
            accessToken: deps.secretBox.seal(token.accessToken),
            tokenExpiry: token.expiresAt,
            // A token endpoint may rotate the refresh token (RFC 6749 §6); the old one then stops working.
            ...(token.refreshToken && token.refreshToken !== refreshToken ? { credential: deps.secretBox.seal(token.refreshToken) } : {}),
          })
          .where(and(eq(userMailboxes.id, link.id), eq(userMailboxes.credential, sealedRefreshToken)));
        if (link.provider === 'gmail') await syncLegacyGmail(tx, link.profileId);
      });
      return { email: link.email, accessToken: token.accessToken };
    } catch (error) {
      if (refresher.isDeadGrant(error)) {
        await removeLink(deps, link.id, 'invalid_grant', sealedRefreshToken);
        throw new MailboxUnavailableError('invalid_grant');
      }
      if (!refresher.isUnavailable(error)) {
        if (error instanceof Error && 'status' in error) throw new MailboxRefreshError(`token refresh refused: ${error.message}`, error);
        throw error;
      }
      lastError = error;
    }
  }
  throw new MailboxRefreshError('token refresh failed after retries', lastError);
}

/**
 * Keeps user_gmail as the previous version reads it during an upgrade: the profile's chosen mailbox when that
 * is a linked Gmail, else nothing — so a worker of that version sends only what this one would, from the same
 * Gmail. Dropped with user_gmail in a later release (ADR 030).
 */
export async function syncLegacyGmail(tx: Tx, profileId: string): Promise<void> {
  // Tells the migration's trigger that this delete is a rewrite, not the previous version unlinking the Gmail.
  await tx.execute(sql`select set_config('sira.legacy_sync', 'on', true)`);
  await tx.delete(userGmail).where(eq(userGmail.profileId, profileId));
  await tx.execute(sql`
    insert into user_gmail (profile_id, email, refresh_token, access_token, token_expiry, scopes, google_sub, daily_cap, paused_until)
    select profile_id, email, credential, access_token, token_expiry, scopes, account_id, daily_cap, paused_until
    from user_mailboxes
    where profile_id = ${profileId} and chosen and provider = 'gmail' and credential is not null`);
}

/** The profile's send jobs that go from `mailboxId`: those that name it, and when it is chosen those that name none. */
const jobsOfMailbox = (profileId: string, mailboxId: string, chosen: boolean) =>
  chosen
    ? sql`(select j.id from send_jobs j where j.profile_id = ${profileId} and (j.mailbox_id = ${mailboxId} or j.mailbox_id is null))`
    : sql`(select j.id from send_jobs j where j.mailbox_id = ${mailboxId})`;

/**
 * Unlinks the profile's Gmail: see unlinkMailboxById. Kept for the Gmail routes, which know the profile only.
 */
export async function unlinkMailbox(deps: MailboxDeps, profileId: string, reason: 'user' | 'invalid_grant'): Promise<void> {
  const row = await gmailRow(deps.db, profileId);
  if (row) await removeLink(deps, row.id, reason);
}

/**
 * Unlinks a mailbox: its credentials go (the row stays, so its jobs find it again when it is linked again),
 * its waiting deliveries are held, why is recorded (notice 'invalid_grant' only for that reason; a user's own
 * unlink clears it) and 'mailbox' is published (and 'sending' when deliveries moved). Linking it again resumes
 * them (storeLink).
 */
export async function unlinkMailboxById(deps: MailboxDeps, mailboxId: string, reason: 'user' | 'invalid_grant'): Promise<void> {
  await removeLink(deps, mailboxId, reason);
}

/** `onlyCredential`: unlink only if the link still holds that (sealed) secret — a relink meanwhile wins. */
async function removeLink(deps: MailboxDeps, mailboxId: string, reason: 'user' | 'invalid_grant', onlyCredential?: string): Promise<void> {
  const result = await deps.db.transaction(async (tx) => {
    const [removed] = await tx
      .update(userMailboxes)
      .set({ credential: null, accessToken: null, tokenExpiry: null, chosen: false, unlinkedAt: sql`now()` })
      .where(
        and(
          eq(userMailboxes.id, mailboxId),
          onlyCredential === undefined ? isNotNull(userMailboxes.credential) : eq(userMailboxes.credential, onlyCredential),
        ),
      )
      .returning({ profileId: userMailboxes.profileId });
    if (!removed) return null;
    // The jobs that name no mailbox go from the chosen one: held too when no mailbox is chosen any more.
    const noneChosen = !(await otherChosen(tx, removed.profileId, mailboxId));
    const moved = await tx.execute(sql`
      update deliveries d set status = 'held'
      where d.profile_id = ${removed.profileId} and d.status = 'pending'
        and d.job_id in ${jobsOfMailbox(removed.profileId, mailboxId, noneChosen)}
      returning d.id`);
    await tx
      .update(profiles)
      .set({ mailboxNotice: reason === 'invalid_grant' ? 'invalid_grant' : null })
      .where(eq(profiles.id, removed.profileId));
    await syncLegacyGmail(tx, removed.profileId);
    return { profileId: removed.profileId, held: rowsCount(moved) };
  });
  if (!result) return;
  deps.events.publish({ topic: 'mailbox', profileId: result.profileId });
  if (result.held > 0) deps.events.publish({ topic: 'sending', profileId: result.profileId });
}

/** Whether another mailbox of the profile than `mailboxId` is chosen. */
async function otherChosen(tx: Tx, profileId: string, mailboxId: string): Promise<boolean> {
  const [other] = await tx
    .select({ id: userMailboxes.id })
    .from(userMailboxes)
    .where(and(eq(userMailboxes.profileId, profileId), eq(userMailboxes.chosen, true), ne(userMailboxes.id, mailboxId)))
    .limit(1);
  return !!other;
}

const rowsCount = (result: unknown) => {
  const r = result as { rows?: unknown[]; rowCount?: number; affectedRows?: number };
  return r.rows?.length ?? r.rowCount ?? r.affectedRows ?? 0;
};

export interface NewLink {
  email: string;
  googleSub: string;
  refreshToken: string;
  accessToken: string;
  expiresAt: Date;
  scope: string;
}

/** A mailbox being linked, whatever its provider. */
export interface NewMailbox {
  provider: MailProvider;
  email: string;
  /** The OAuth refresh token or the SMTP app password (plain here; sealed when stored). */
  secret: string;
  accessToken?: string | undefined;
  expiresAt?: Date | undefined;
  scope?: string | undefined;
  accountId?: string | undefined;
  accountType?: 'consumer' | 'organization' | undefined;
  smtp?: { host: string; port: number; tls: 'tls' | 'starttls' | 'none'; user: string } | undefined;
}

/**
 * Stores a Gmail link (tokens sealed): the profile's one Gmail, replaced when another Google account is linked
 * (ADR 006). Returns the sealed refresh token the link replaced, if any, so the caller can revoke it.
 */
export async function linkMailbox(deps: MailboxDeps, profileId: string, link: NewLink): Promise<{ replacedRefreshToken: string | null }> {
  const stored = await storeLink(deps, profileId, {
    provider: 'gmail',
    email: link.email,
    secret: link.refreshToken,
    accessToken: link.accessToken,
    expiresAt: link.expiresAt,
    scope: link.scope,
    accountId: link.googleSub,
  });
  const previous = stored.previous;
  // Google ends a whole grant when any of its tokens is revoked, and consenting again to the same account
  // joins that grant: revoking the replaced token would kill the new one. Only another account's goes.
  const sameAccount =
    previous && (previous.accountId && link.googleSub ? previous.accountId === link.googleSub : previous.email === link.email);
  const replaced = previous?.credential && !sameAccount ? previous.credential : null;
  if (replaced && previous && (await grantSharedWithOthers(deps.db, profileId, { googleSub: previous.accountId, email: previous.email }))) {
    return { replacedRefreshToken: null };
  }
  return { replacedRefreshToken: replaced };
}

/**
 * Stores a fresh link (secrets sealed) and makes it the mailbox new sends go from; releases the deliveries held
 * for it (due now) and clears the notice. A Gmail replaces the profile's Gmail row (one per profile); another
 * provider's mailbox is found again by its address. A pause for the provider's limit stays when the same
 * mailbox is linked again: the limit is the mailbox's. Returns the mailbox's id and the row as it was.
 */
export async function storeLink(
  deps: MailboxDeps,
  profileId: string,
  link: NewMailbox,
): Promise<{ mailboxId: string; previous: MailboxRow | undefined }> {
  const result = await deps.db.transaction(async (tx) => {
    const [previous] =
      link.provider === 'gmail'
        ? await tx
            .select()
            .from(userMailboxes)
            .where(and(eq(userMailboxes.profileId, profileId), eq(userMailboxes.provider, 'gmail')))
            .for('update')
        : await tx
            .select()
            .from(userMailboxes)
            .where(
              and(eq(userMailboxes.profileId, profileId), eq(userMailboxes.provider, link.provider), eq(userMailboxes.email, link.email)),
            )
            .for('update');
    const sameMailbox = previous?.email === link.email;
    // The chosen mark moves here: at most one per profile, cleared elsewhere first.
    await tx
      .update(userMailboxes)
      .set({ chosen: false })
      .where(and(eq(userMailboxes.profileId, profileId), eq(userMailboxes.chosen, true)));
    const values = {
      email: link.email,
      credential: deps.secretBox.seal(link.secret),
      accessToken: link.accessToken ? deps.secretBox.seal(link.accessToken) : null,
      tokenExpiry: link.expiresAt ?? null,
      scopes: link.scope ?? '',
      accountId: link.accountId ?? null,
      accountType: link.accountType ?? null,
      smtpHost: link.smtp?.host ?? null,
      smtpPort: link.smtp?.port ?? null,
      smtpTls: link.smtp?.tls ?? null,
      smtpUser: link.smtp?.user ?? null,
      pausedUntil: sameMailbox ? (previous?.pausedUntil ?? null) : null,
      dailyCap: sameMailbox ? (previous?.dailyCap ?? null) : null,
      chosen: true,
      unlinkedAt: null,
    };
    let mailboxId: string;
    if (previous) {
      await tx.update(userMailboxes).set(values).where(eq(userMailboxes.id, previous.id));
      mailboxId = previous.id;
    } else {
      const [inserted] = await tx
        .insert(userMailboxes)
        .values({ profileId, provider: link.provider, ...values })
        .returning({ id: userMailboxes.id });
      mailboxId = (inserted as { id: string }).id;
    }
    const resumed = await resumeHeld(tx, profileId, mailboxId);
    await tx.update(profiles).set({ mailboxNotice: null }).where(eq(profiles.id, profileId));
    await syncLegacyGmail(tx, profileId);
    return { mailboxId, previous, resumed };
  });
  deps.events.publish({ topic: 'mailbox', profileId });
  if (result.resumed > 0) deps.events.publish({ topic: 'sending', profileId });
  return { mailboxId: result.mailboxId, previous: result.previous };
}

/** The deliveries held for the mailbox, now chosen, go back to the queue, due now. */
async function resumeHeld(tx: Tx, profileId: string, mailboxId: string): Promise<number> {
  const resumed = await tx.execute(sql`
    update deliveries d set status = 'pending', next_attempt_at = now()
    where d.profile_id = ${profileId} and d.status = 'held' and d.job_id in ${jobsOfMailbox(profileId, mailboxId, true)}
    returning d.id`);
  return rowsCount(resumed);
}

/**
 * The user chooses the linked mailbox new sends go from. Jobs already scheduled keep theirs; those scheduled
 * before mailboxes could be chosen (no mailbox named) follow the choice. False: not one of the user's linked
 * mailboxes.
 */
export async function chooseMailbox(deps: MailboxDeps, profileId: string, mailboxId: string): Promise<boolean> {
  const result = await deps.db.transaction(async (tx) => {
    const [target] = await tx
      .select({ id: userMailboxes.id })
      .from(userMailboxes)
      .where(and(eq(userMailboxes.id, mailboxId), eq(userMailboxes.profileId, profileId), isNotNull(userMailboxes.credential)))
      .for('update');
    if (!target) return null;
    await tx
      .update(userMailboxes)
      .set({ chosen: false })
      .where(and(eq(userMailboxes.profileId, profileId), eq(userMailboxes.chosen, true), ne(userMailboxes.id, mailboxId)));
    await tx.update(userMailboxes).set({ chosen: true }).where(eq(userMailboxes.id, mailboxId));
    const resumed = await resumeHeld(tx, profileId, mailboxId);
    await syncLegacyGmail(tx, profileId);
    return { resumed };
  });
  if (!result) return false;
  deps.events.publish({ topic: 'mailbox', profileId });
  if (result.resumed > 0) deps.events.publish({ topic: 'sending', profileId });
  return true;
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
    .select({ profileId: userMailboxes.profileId })
    .from(userMailboxes)
    .where(
      and(
        ne(userMailboxes.profileId, profileId),
        eq(userMailboxes.provider, 'gmail'),
        isNotNull(userMailboxes.credential),
        account.googleSub ? eq(userMailboxes.accountId, account.googleSub) : eq(userMailboxes.email, account.email),
      ),
    )
    .limit(1);
  return !!other;
}

/** Revokes a sealed refresh token at Google; the caller decides whether a failure matters. */
export async function revokeSealedToken(deps: MailboxDeps, sealedRefreshToken: string): Promise<void> {
  await revokeToken(deps.providers.google, deps.secretBox.open(sealedRefreshToken));
}

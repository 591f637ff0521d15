import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, id, updatedAt } from './columns';
import { profiles } from './users';

/**
 * The previous version's one Gmail per profile (spec's user_gmail). `user_mailboxes` replaced it (ADR 030); it is
 * kept, holding the profile's chosen mailbox when that is a Gmail (mailbox-credentials.ts, syncLegacyGmail),
 * while a version that reads it may still run during an upgrade, and dropped in a later release. Tokens are
 * AES-256-GCM ciphertext, never plain.
 */
export const userGmail = pgTable(
  'user_gmail',
  {
    profileId: text('profile_id')
      .primaryKey()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    refreshToken: text('refresh_token').notNull(),
    accessToken: text('access_token'),
    tokenExpiry: timestamp('token_expiry', { withTimezone: true }),
    scopes: text('scopes').notNull().default(''),
    /** Google's stable account id (`sub`); the address can change, the account cannot. */
    googleSub: text('google_sub'),
    /** Rolling-24 h cap for this mailbox; null means the default for its domain. */
    dailyCap: integer('daily_cap'),
    /** Set when the provider said the mailbox hit its sending limit (429 "Mail sending"). */
    pausedUntil: timestamp('paused_until', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  // One address may be linked to several Sira accounts; the worker's claim locks all its links and a 429
  // pauses them all (sending/worker/queue.ts).
  (t) => [index('user_gmail_email_idx').on(t.email)],
);

/**
 * An OAuth consent in flight: the `state` sent to Google, bound to the user who started it, with the PKCE
 * verifier. Single use (deleted by the callback) and short-lived.
 */
export const mailboxOauthStates = pgTable('mailbox_oauth_states', {
  state: text('state').primaryKey(),
  profileId: text('profile_id')
    .notNull()
    .references(() => profiles.id, { onDelete: 'cascade' }),
  codeVerifier: text('code_verifier').notNull(),
  redirectUri: text('redirect_uri').notNull(),
  createdAt: createdAt(),
});

/**
 * Every mailbox a user linked (ADR 030): Gmail and Microsoft over OAuth, any other over SMTP with an app
 * password. The user sends from one at a time (`chosen`); a send job keeps the mailbox chosen when it was
 * scheduled (send_jobs.mailbox_id). Unlinking keeps the row without its credentials (`unlinked_at`), so the
 * jobs that name it wait, held, and resume when the same mailbox is linked again.
 */
export const userMailboxes = pgTable(
  'user_mailboxes',
  {
    id: id(),
    profileId: text('profile_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    provider: text('provider').notNull(),
    /** The address mail leaves from (lower case but for Gmail links carried over as Google wrote them). */
    email: text('email').notNull(),
    /** Sealed (lib/secret-box.ts): the OAuth refresh token, or the SMTP app password. Null once unlinked. */
    credential: text('credential'),
    /** Sealed OAuth access token and its expiry (Gmail, Microsoft). */
    accessToken: text('access_token'),
    tokenExpiry: timestamp('token_expiry', { withTimezone: true }),
    scopes: text('scopes').notNull().default(''),
    /** The provider's stable account id (Google's `sub`, Graph's user id); the address can change, the account cannot. */
    accountId: text('account_id'),
    /** Microsoft: 'consumer' (Outlook.com) or 'organization' (Microsoft 365), which sets the default cap. */
    accountType: text('account_type'),
    smtpHost: text('smtp_host'),
    smtpPort: integer('smtp_port'),
    smtpTls: text('smtp_tls'),
    smtpUser: text('smtp_user'),
    /** Rolling-24 h cap for this mailbox; null means the default for its provider and kind. */
    dailyCap: integer('daily_cap'),
    /** Set when the provider said the mailbox reached its sending limit; only this mailbox rests. */
    pausedUntil: timestamp('paused_until', { withTimezone: true }),
    /** The mailbox new sends go from: at most one per profile. */
    chosen: boolean('chosen').notNull().default(false),
    unlinkedAt: timestamp('unlinked_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('user_mailboxes_profile_provider_email_unique').on(t.profileId, t.provider, t.email),
    uniqueIndex('user_mailboxes_one_chosen').on(t.profileId).where(sql`${t.chosen}`),
    // The scheduler's walk over users with a linked mailbox, the chosen one first (sending/worker/queue.ts).
    index('user_mailboxes_linked_profile_idx').on(t.profileId, t.chosen.desc()).where(sql`${t.credential} is not null`),
    // One address may be linked to several Sira accounts: the worker's claim locks all its links, and pacing
    // and a provider's pause belong to the address (sending/worker/queue.ts).
    index('user_mailboxes_email_idx').on(t.email),
    check('user_mailboxes_provider_known', sql`${t.provider} in ('gmail','microsoft','smtp')`),
    check('user_mailboxes_smtp_tls_known', sql`${t.smtpTls} is null or ${t.smtpTls} in ('tls','starttls','none')`),
    check('user_mailboxes_account_type_known', sql`${t.accountType} is null or ${t.accountType} in ('consumer','organization')`),
    // An unlinked mailbox keeps no secret and is never the one sends go from.
    check('user_mailboxes_unlinked_has_no_secret', sql`${t.unlinkedAt} is null or (${t.credential} is null and not ${t.chosen})`),
  ],
);

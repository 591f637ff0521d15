import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from './columns';
import { profiles } from './users';

/** The user's linked Gmail (spec's user_gmail). Tokens are AES-256-GCM ciphertext, never plain. */
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

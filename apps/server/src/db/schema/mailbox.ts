import { integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from './columns';
import { profiles } from './profiles';

/** The user's linked Gmail (spec's user_gmail). Tokens are AES-256-GCM ciphertext, never plain. */
export const userGmail = pgTable('user_gmail', {
  profileId: text('profile_id')
    .primaryKey()
    .references(() => profiles.id, { onDelete: 'cascade' }),
  email: text('email').notNull(),
  refreshToken: text('refresh_token').notNull(),
  accessToken: text('access_token'),
  tokenExpiry: timestamp('token_expiry', { withTimezone: true }),
  scopes: text('scopes').notNull().default(''),
  /** Rolling-24 h cap for this mailbox; null means the default for its domain. */
  dailyCap: integer('daily_cap'),
  /** Set when the provider said the mailbox hit its sending limit (429 "Mail sending"). */
  pausedUntil: timestamp('paused_until', { withTimezone: true }),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

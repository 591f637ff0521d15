import { sql } from 'drizzle-orm';
import { check, index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { user } from './auth';
import { createdAt, id } from './columns';

/**
 * Each sign-in and each failed attempt at one, for the dashboard's "recent sign-ins": when, from which address
 * and browser, and whether it succeeded. A session row is gone once its owner signs out or it expires, so it
 * cannot tell this history; the row keeps the session's id to say which sign-in is this browser and which are
 * still signed in. Only a user's newest few are kept (modules/users/sign-ins.ts): an address and a browser are
 * personal data.
 */
export const signIns = pgTable(
  'sign_ins',
  {
    id: id(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    /** better-auth's session id (not its token); the session may since have ended. Null for a failed attempt. */
    sessionId: text('session_id'),
    ipAddress: text('ip_address'),
    userAgent: text('user_agent'),
    /** 'succeeded', or 'failed' (a wrong password for this account's address). */
    outcome: text('outcome').notNull().default('succeeded'),
    createdAt: createdAt(),
  },
  (t) => [
    index('sign_ins_user_created_idx').on(t.userId, t.createdAt.desc()),
    check('sign_ins_outcome_known', sql`${t.outcome} in ('succeeded','failed')`),
  ],
);

/**
 * Each change of an account's sign-in address, kept so the address that was on the account before can be told
 * of it and can undo it (within EMAIL_CHANGE_UNDO_DAYS), and be told of a password reset that follows it: the
 * path by which a borrowed session would take the account over.
 */
export const emailChanges = pgTable(
  'email_changes',
  {
    id: id(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    oldEmail: text('old_email').notNull(),
    newEmail: text('new_email').notNull(),
    /** When the old address undid the change (the account went back to it). */
    undoneAt: timestamp('undone_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('email_changes_user_created_idx').on(t.userId, t.createdAt.desc())],
);

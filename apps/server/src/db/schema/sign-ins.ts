import { index, pgTable, text } from 'drizzle-orm/pg-core';
import { user } from './auth';
import { createdAt, id } from './columns';

/**
 * Each successful sign-in, for the dashboard's "recent sign-ins": when, from which address and browser. A
 * session row is gone once its owner signs out or it expires, so it cannot tell this history; the row keeps the
 * session's id to say which sign-in is this browser and which are still signed in. Only a user's newest few are
 * kept (modules/users/sign-ins.ts): an address and a browser are personal data.
 */
export const signIns = pgTable(
  'sign_ins',
  {
    id: id(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    /** better-auth's session id (not its token); the session may since have ended. */
    sessionId: text('session_id'),
    ipAddress: text('ip_address'),
    userAgent: text('user_agent'),
    createdAt: createdAt(),
  },
  (t) => [index('sign_ins_user_created_idx').on(t.userId, t.createdAt.desc())],
);

import { index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { id } from './columns';
import { profiles } from './users';

/**
 * What a user agreed to and when (PDPL: consent must be shown): one row per acceptance of the terms and the
 * privacy policy, with the version they read (`@sira/shared` POLICY_VERSION) and the server's time. Written at
 * registration, in the request that creates the account; a later version accepted adds a row.
 */
export const consents = pgTable(
  'consents',
  {
    id: id(),
    profileId: text('profile_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    /** The version of the terms and privacy policy accepted. */
    policyVersion: text('policy_version').notNull(),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('consents_profile_idx').on(t.profileId, t.acceptedAt.desc())],
);

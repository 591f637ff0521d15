import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { user } from './auth';
import { createdAt, updatedAt } from './columns';
import { packages } from './packages';

/** One per account: the balance and package. The package named 'admin' marks administrators (spec §6). */
export const profiles = pgTable(
  'profiles',
  {
    id: text('id')
      .primaryKey()
      .references(() => user.id, { onDelete: 'cascade' }),
    email: text('email').notNull().unique(),
    phoneNumber: text('phone_number'),
    /** The applicant's full name in Arabic: the e-mails' From name and {{applicant_name}}. Null until given. */
    fullName: text('full_name'),
    /** The same name in Latin letters, optional: {{applicant_name_en}}. */
    fullNameEn: text('full_name_en'),
    packageId: uuid('package_id')
      .notNull()
      .references(() => packages.id, { onDelete: 'restrict' }),
    messagesRemaining: integer('messages_remaining').notNull().default(0),
    sentMessages: integer('sent_messages').notNull().default(0),
    /** Why the mailbox link was dropped (e.g. 'invalid_grant'), shown in the app until the user relinks. */
    mailboxNotice: text('mailbox_notice'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('profiles_created_at_idx').on(t.createdAt.desc()),
    index('profiles_package_id_idx').on(t.packageId),
    index('profiles_email_trgm_idx').using('gin', sql`${t.email} gin_trgm_ops`),
    check('profiles_messages_remaining_nonnegative', sql`${t.messagesRemaining} >= 0`),
  ],
);

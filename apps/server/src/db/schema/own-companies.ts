import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id, updatedAt } from './columns';
import { excelFiles } from './companies';
import { profiles } from './users';

/**
 * A job seeker's own companies ("my companies", ADR 029): uploaded from a spreadsheet where the package allows
 * it (packages.can_upload_excel) or added one by one. Private to its owner: no other user, page or answer reads
 * it; the admin sees how many a user has, and the addresses only of rows the user suggested for the directory.
 * Deleted with the account (cascade) and by retention.
 */
export const userCompanies = pgTable(
  'user_companies',
  {
    id: id(),
    profileId: text('profile_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    /** The upload that added it; null for a row added by hand or once its upload record is gone. */
    excelFileId: uuid('excel_file_id').references(() => excelFiles.id, { onDelete: 'set null' }),
    name: text('name').notNull(),
    email: text('email').notNull(),
    sector: text('sector').notNull().default('غير محدد'),
    location: text('location').notNull().default('غير محدد'),
    /** Whom to greet, when the user knows (optional column of the sheet). */
    contactName: text('contact_name'),
    /** Times a message to this address was refused as undeliverable: such a row is not sent to again. */
    hardFailures: integer('hard_failures').notNull().default(0),
    /**
     * The user offered this company to the directory: 'pending' until the admin accepts it (copied into a
     * package's list, like an import) or declines it. Null: never offered, and the admin never sees its address.
     */
    suggestion: text('suggestion'),
    suggestedAt: timestamp('suggested_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // Never the same address twice in one user's list; two users may each list it.
    uniqueIndex('user_companies_profile_email_unique').on(t.profileId, sql`lower(${t.email})`),
    // The list's order; with the id a page reads its rows without a sort.
    index('user_companies_profile_name_idx').on(t.profileId, t.name, t.id),
    index('user_companies_suggestion_idx').on(t.suggestedAt, t.id).where(sql`${t.suggestion} = 'pending'`),
    check('user_companies_suggestion_known', sql`${t.suggestion} is null or ${t.suggestion} in ('pending','accepted','declined')`),
  ],
);

/**
 * A job ad a user applied to (ADR 029): the post as pasted and what was read from it and confirmed. Its
 * deliveries point back to it. The post's text is erased by retention like a message's body.
 */
export const jobAds = pgTable(
  'job_ads',
  {
    id: id(),
    profileId: text('profile_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    postText: text('post_text').notNull(),
    jobTitle: text('job_title'),
    companyName: text('company_name'),
    createdAt: createdAt(),
  },
  (t) => [index('job_ads_profile_created_idx').on(t.profileId, t.createdAt)],
);

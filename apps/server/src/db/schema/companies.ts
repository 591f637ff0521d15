import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id, updatedAt } from './columns';
import { packages } from './packages';
import { profiles } from './users';

/** The recipient directory. Each company belongs to one package's list (spec §3). */
export const companies = pgTable(
  'companies',
  {
    id: id(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    sector: text('sector').notNull().default('غير محدد'),
    location: text('location').notNull().default('غير محدد'),
    packageId: uuid('package_id')
      .notNull()
      .references(() => packages.id, { onDelete: 'restrict' }),
    /** How many times a user's message to this address was refused as undeliverable (the admin cleans these up). */
    hardFailures: integer('hard_failures').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    /**
     * What the admin search looks in: name and e-mail lower-cased, apart by a control character no company text
     * holds (company-text.ts), so a search never matches across the two. Searched with LIKE on the lower-cased
     * text: ILIKE lower-cases every row's Arabic as it reads it, ten times the cost of the match itself.
     */
    searchText: text('search_text').notNull().generatedAlwaysAs(sql`lower(name || chr(1) || email)`),
  },
  (t) => [
    uniqueIndex('companies_email_unique').on(sql`lower(${t.email})`),
    index('companies_package_name_idx').on(t.packageId, t.name),
    // The directory's order; with the id the page needs no sort after reading the index.
    index('companies_name_idx').on(t.name, t.id),
    // One trigram index for the search: one GIN entry list per imported row to maintain instead of two.
    index('companies_search_trgm_idx').using('gin', sql`${t.searchText} gin_trgm_ops`),
  ],
);

/**
 * One row per spreadsheet upload (spec's excel_files): an admin's import into the directory ('directory'), or a
 * user's upload of their own companies ('own_list', ADR 029). A user's own uploads are their data: erased with
 * the account and by retention; an admin's stay with the directory (profile set null).
 */
export const excelFiles = pgTable(
  'excel_files',
  {
    id: id(),
    profileId: text('profile_id').references(() => profiles.id, { onDelete: 'set null' }),
    scope: text('scope').notNull().default('directory'),
    filename: text('filename').notNull(),
    rowsAdded: integer('rows_added').notNull().default(0),
    rowsSkipped: integer('rows_skipped').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [
    index('excel_files_created_at_idx').on(t.createdAt.desc()),
    index('excel_files_profile_scope_idx').on(t.profileId, t.scope, t.createdAt),
    check('excel_files_scope_known', sql`${t.scope} in ('directory','own_list')`),
  ],
);

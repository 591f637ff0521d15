import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { bytea, createdAt, id, updatedAt } from './columns';
import { profiles } from './users';

/**
 * A user's request for a copy of everything Sira holds about them (ADR 015). Made in the background
 * (modules/users/my-data/my-data-task.ts): pending → running (leased) → ready | failed; `done`/`total`
 * count the rows and files written so far, which the page shows as progress. The archive expires.
 */
export const dataExports = pgTable(
  'data_exports',
  {
    id: id(),
    profileId: text('profile_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    status: text('status').notNull().default('pending'),
    done: integer('done').notNull().default(0),
    total: integer('total').notNull().default(0),
    /** While 'running': the worker that builds it holds it until then; a crashed build is taken up again after. */
    leaseExpiresAt: timestamp('lease_expires_at', { withTimezone: true }),
    sizeBytes: integer('size_bytes'),
    /** When the archive is deleted (set when it is ready). */
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('data_exports_profile_created_idx').on(t.profileId, t.createdAt.desc()),
    index('data_exports_waiting_idx').on(t.createdAt).where(sql`${t.status} in ('pending', 'running')`),
    check('data_exports_status_known', sql`${t.status} in ('pending','running','ready','failed')`),
  ],
);

/** The ZIP of a ready export: a sibling row, so polling the status never reads the archive. */
export const dataExportFiles = pgTable('data_export_files', {
  exportId: uuid('export_id')
    .primaryKey()
    .references(() => dataExports.id, { onDelete: 'cascade' }),
  bytes: bytea('bytes').notNull(),
});

/**
 * What a deleted account left behind in figures only (ADR 015): no id, address or name of the person. The
 * cancelled deliveries' credits are noted here because the balance they return to is deleted with the account.
 */
export const accountDeletions = pgTable('account_deletions', {
  id: id(),
  cancelledDeliveries: integer('cancelled_deliveries').notNull(),
  /** Messages paid for and never sent: the cancelled deliveries plus the unused balance. */
  creditsNoted: integer('credits_noted').notNull(),
  invoicesKept: integer('invoices_kept').notNull(),
  mailboxRevoked: text('mailbox_revoked').notNull(),
  createdAt: createdAt(),
});

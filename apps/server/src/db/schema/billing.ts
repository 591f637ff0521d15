import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id, updatedAt } from './columns';
import { packages } from './packages';
import { profiles } from './users';

export const invoices = pgTable(
  'invoices',
  {
    id: id(),
    /** Null once the account is deleted: the invoice is kept, anonymised, until `retain_until` (ADR 015). */
    profileId: text('profile_id').references(() => profiles.id, { onDelete: 'set null' }),
    packageId: uuid('package_id').references(() => packages.id, { onDelete: 'set null' }),
    /** Whole riyals, copied from the package price when the invoice is made. */
    amount: integer('amount').notNull(),
    /**
     * The messages bought, copied from the package when the invoice is made: the buyer gets what was shown at
     * the price paid even if an administrator edits the package meanwhile. Null on invoices made before this
     * column (their package's current number is used).
     */
    messages: integer('messages'),
    status: text('status').notNull().default('pending'),
    /** Paylink's transactionNo (the spec's moyasar_id, renamed: integrations.md §A7). */
    gatewayTxnId: text('gateway_txn_id').unique(),
    orderNumber: text('order_number').notNull().unique(),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    /** The gateway's last reported orderStatus and when we last asked (reconciliation polls stale pending rows). */
    gatewayStatus: text('gateway_status'),
    lastCheckedAt: timestamp('last_checked_at', { withTimezone: true }),
    /** Set when the buyer's account is deleted: the bookkeeping period's end, after which the row is deleted. */
    retainUntil: timestamp('retain_until', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('invoices_profile_created_idx').on(t.profileId, t.createdAt.desc()),
    index('invoices_status_created_idx').on(t.status, t.createdAt),
    index('invoices_created_at_idx').on(t.createdAt.desc()),
    check('invoices_status_known', sql`${t.status} in ('pending','processing','completed','failed')`),
    check('invoices_amount_nonnegative', sql`${t.amount} >= 0`),
    check('invoices_messages_nonnegative', sql`${t.messages} >= 0`),
  ],
);

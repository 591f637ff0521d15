import { sql } from 'drizzle-orm';
import { check, index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id, updatedAt } from './columns';
import { deliveries } from './sending';

/**
 * The directory's "do not send" marks (companies domain, ADR 013): one row per address whose receiver asked,
 * through the link in an application e-mail, to get no more CVs there. The address is kept lower-cased and
 * apart from `companies`, so a company deleted and imported again stays opted out, and no user's send reaches
 * it whichever package lists it.
 *
 * A receiver may instead ask for CVs to go to another address (`redirect_email`): the old address is opted out
 * at once, and the new one waits for the administrator (`redirect_status`), who approves it (the directory's
 * entry takes the new address) or rejects it.
 */
export const companyOptOuts = pgTable(
  'company_opt_outs',
  {
    id: id(),
    /** The opted-out address, lower-cased. */
    email: text('email').notNull(),
    /** The company's name as the delivery that carried the link had it (for the administrator). */
    companyName: text('company_name').notNull(),
    /** The delivery whose link was used (null once the sender's account and its deliveries are deleted). */
    deliveryId: uuid('delivery_id').references(() => deliveries.id, { onDelete: 'set null' }),
    /** How the receiver asked: the page ('page') or the mail client's one-click unsubscribe ('one_click'). */
    source: text('source').notNull(),
    redirectEmail: text('redirect_email'),
    redirectStatus: text('redirect_status'),
    redirectDecidedAt: timestamp('redirect_decided_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('company_opt_outs_email_unique').on(t.email),
    index('company_opt_outs_created_at_idx').on(t.createdAt.desc()),
    check('company_opt_outs_email_lower', sql`${t.email} = lower(${t.email})`),
    check('company_opt_outs_source_known', sql`${t.source} in ('page','one_click')`),
    check(
      'company_opt_outs_redirect_known',
      sql`(${t.redirectEmail} is null and ${t.redirectStatus} is null) or (${t.redirectEmail} is not null and ${t.redirectStatus} in ('pending','approved','rejected'))`,
    ),
  ],
);

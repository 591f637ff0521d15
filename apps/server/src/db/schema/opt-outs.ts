import { sql } from 'drizzle-orm';
import { check, index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { user } from './auth';
import { createdAt, id, updatedAt } from './columns';
import { companies } from './companies';
import { deliveries } from './sending';
import { profiles } from './users';

/**
 * The company opt-out (companies domain, ADR 013 and ADR 018). Who holds an opt-out link: the company that
 * received the mail, and also the user who sent it (their Sent folder). So a link alone only ever changes that
 * sender's own mail; what every user's sends do changes only when the company's own address confirms it or an
 * administrator decides it.
 */

/**
 * The directory's "do not send" marks: one row per address no user may send to. The address is kept
 * lower-cased and apart from `companies`, so a company deleted and imported again stays opted out.
 * A mark comes from a request confirmed from the address itself ('confirmed'), an administrator's decision
 * ('admin'), or a link used before confirmation existed ('page', 'one_click'). An administrator may lift it.
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
    source: text('source').notNull(),
    /** The request that made this mark, when one did (undoing that request lifts the mark). */
    requestId: uuid('request_id'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('company_opt_outs_email_unique').on(t.email),
    index('company_opt_outs_created_at_idx').on(t.createdAt.desc()),
    check('company_opt_outs_email_lower', sql`${t.email} = lower(${t.email})`),
    check('company_opt_outs_source_known', sql`${t.source} in ('page','one_click','confirmed','admin')`),
  ],
);

/**
 * One sender's own stop: the link of a message `profile_id` sent was used to stop CVs to `email`. Only that
 * user's sends skip the address; it takes effect at once and needs nobody's confirmation, since it changes
 * nothing for anyone else.
 */
export const senderOptOuts = pgTable(
  'sender_opt_outs',
  {
    id: id(),
    profileId: text('profile_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    /** The address, lower-cased. */
    email: text('email').notNull(),
    deliveryId: uuid('delivery_id').references(() => deliveries.id, { onDelete: 'set null' }),
    /** 'page' (the link's page) or 'one_click' (the mail client's List-Unsubscribe-Post). */
    source: text('source').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('sender_opt_outs_profile_email_unique').on(t.profileId, t.email),
    index('sender_opt_outs_email_idx').on(t.email),
    check('sender_opt_outs_email_lower', sql`${t.email} = lower(${t.email})`),
    check('sender_opt_outs_source_known', sql`${t.source} in ('page','one_click')`),
  ],
);

/**
 * A request, made through an opt-out link, to change what every user's sends do: stop all CVs to the address
 * ('stop') or send them to another address instead ('redirect'). One per link, ever (`link_id`, the delivery id
 * the token carries, kept as a value since the delivery may be deleted). It waits 'unconfirmed' until the
 * company's current address confirms it through a mailed link ('confirmed'), or an administrator decides it
 * ('approved' / 'rejected'); an approved request can be undone ('undone').
 * - stop: confirmation or approval marks the address (company_opt_outs).
 * - redirect: confirmation marks the old address; an administrator's approval moves the directory entry
 *   (`company_id`) to the new address.
 */
export const optOutRequests = pgTable(
  'opt_out_requests',
  {
    id: id(),
    kind: text('kind').notNull(),
    /** The address the link's mail went to, lower-cased. */
    email: text('email').notNull(),
    companyName: text('company_name').notNull(),
    linkId: uuid('link_id').notNull(),
    /** The user whose message carried the link (null once that account is deleted). */
    senderProfileId: text('sender_profile_id').references(() => profiles.id, { onDelete: 'set null' }),
    redirectEmail: text('redirect_email'),
    /** The network address the request came from, as evidence for the administrator. */
    requesterIp: text('requester_ip'),
    status: text('status').notNull().default('unconfirmed'),
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    decidedBy: text('decided_by').references(() => user.id, { onDelete: 'set null' }),
    /** The directory entry an approved redirect moved (so undoing it can move it back). */
    companyId: uuid('company_id').references(() => companies.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('opt_out_requests_link_unique').on(t.linkId),
    index('opt_out_requests_open_idx').on(t.createdAt.desc()).where(sql`${t.status} in ('unconfirmed', 'confirmed')`),
    index('opt_out_requests_sender_idx').on(t.senderProfileId),
    check('opt_out_requests_email_lower', sql`${t.email} = lower(${t.email})`),
    check('opt_out_requests_kind_known', sql`${t.kind} in ('stop','redirect')`),
    check('opt_out_requests_status_known', sql`${t.status} in ('unconfirmed','confirmed','approved','rejected','undone')`),
    check('opt_out_requests_redirect_address', sql`(${t.kind} = 'redirect') = (${t.redirectEmail} is not null)`),
  ],
);

import { index, pgTable, text } from 'drizzle-orm/pg-core';
import { createdAt, id } from './columns';

/**
 * System e-mails (confirmation, password reset) as the embedded mode's local outbox: nothing leaves the
 * machine, and a person reads them at /sandbox/outbox. Production sends over SMTP and writes nothing here.
 */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: id(),
    to: text('to').notNull(),
    subject: text('subject').notNull(),
    html: text('html').notNull(),
    text: text('text').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('mail_outbox_to_created_idx').on(t.to, t.createdAt.desc())],
);

import { index, integer, jsonb, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id, updatedAt } from './columns';
import { packages } from './packages';

export const templates = pgTable(
  'templates',
  {
    id: id(),
    name: text('name').notNull(),
    subject: text('subject').notNull().default(''),
    content: text('content').notNull(),
    /** Free-form extras; package links live in package_templates. */
    metadata: jsonb('metadata').notNull().default({}),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('templates_name_idx').on(t.name)],
);

/** Which templates a package offers, in order (spec's package_templates). */
export const packageTemplates = pgTable(
  'package_templates',
  {
    packageId: uuid('package_id')
      .notNull()
      .references(() => packages.id, { onDelete: 'cascade' }),
    templateId: uuid('template_id')
      .notNull()
      .references(() => templates.id, { onDelete: 'cascade' }),
    templateNumber: integer('template_number').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.packageId, t.templateId] }),
    index('package_templates_order_idx').on(t.packageId, t.templateNumber),
    index('package_templates_template_idx').on(t.templateId),
  ],
);

import { index, integer, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id, updatedAt } from './columns';

export const pages = pgTable(
  'pages',
  {
    id: id(),
    title: text('title').notNull(),
    slug: text('slug').notNull().unique(),
    /** Sanitised HTML: sanitised when written, so readers can trust it. */
    content: text('content').notNull().default(''),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('pages_title_idx').on(t.title)],
);

export const footerSections = pgTable(
  'footer_sections',
  {
    id: id(),
    title: text('title').notNull(),
    order: integer('order').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('footer_sections_order_idx').on(t.order)],
);

export const footerLinks = pgTable(
  'footer_links',
  {
    id: id(),
    title: text('title').notNull(),
    url: text('url').notNull(),
    icon: text('icon'),
    order: integer('order').notNull().default(0),
    /** Deleting a section deletes its links (spec §8). */
    sectionId: uuid('section_id').references(() => footerSections.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('footer_links_section_order_idx').on(t.sectionId, t.order)],
);

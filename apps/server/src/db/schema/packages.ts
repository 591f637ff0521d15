import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, numeric, pgTable, text } from 'drizzle-orm/pg-core';
import { createdAt, id, updatedAt } from './columns';

export const packages = pgTable(
  'packages',
  {
    id: id(),
    name: text('name').notNull().unique(),
    /** Whole riyals (spec §3). */
    price: integer('price').notNull().default(0),
    originalPrice: integer('original_price'),
    discountPercent: numeric('discount_percent', { precision: 5, scale: 2, mode: 'number' }),
    messagesLimit: integer('messages_limit').notNull().default(0),
    features: text('features').array().notNull().default(sql`'{}'::text[]`),
    canUploadExcel: boolean('can_upload_excel').notNull().default(false),
    // Display extras (spec §3 "client display extras").
    description: text('description').notNull().default(''),
    icon: text('icon'),
    ctaText: text('cta_text'),
    highlighted: boolean('highlighted').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('packages_price_idx').on(t.price),
    check('packages_price_nonnegative', sql`${t.price} >= 0`),
    check('packages_messages_limit_nonnegative', sql`${t.messagesLimit} >= 0`),
  ],
);

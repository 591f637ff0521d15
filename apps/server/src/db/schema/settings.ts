import { jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from './columns';

/** Key/value settings of spec §3 (paylink, gmail, social_media, footer_settings, contact_info, email_delay_settings). */
export const settings = pgTable('settings', {
  key: text('key').primaryKey(),
  value: jsonb('value').notNull(),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

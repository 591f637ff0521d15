import { sql } from 'drizzle-orm';
import { timestamp, uuid } from 'drizzle-orm/pg-core';

/** Every table keys on a server-made UUID and records when it was created and last changed. */
export const id = () => uuid('id').primaryKey().default(sql`gen_random_uuid()`);
export const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
/** Kept current by the set_updated_at trigger (migration 0001), so raw SQL updates maintain it too. */
export const updatedAt = () =>
  timestamp('updated_at', { withTimezone: true })
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date());

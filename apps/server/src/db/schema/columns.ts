import { sql } from 'drizzle-orm';
import { customType, timestamp, uuid } from 'drizzle-orm/pg-core';

/** Every table keys on a server-made UUID and records when it was created and last changed. */
export const id = () => uuid('id').primaryKey().default(sql`gen_random_uuid()`);
export const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
/** Kept current by the set_updated_at trigger (migration 0001), so raw SQL updates maintain it too. */
export const updatedAt = () =>
  timestamp('updated_at', { withTimezone: true })
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date());

/**
 * Binary data as a Buffer on both drivers: node-postgres sends a Buffer as a binary parameter and parses bytea
 * into one; PGlite does the same with the type handlers `db/client.ts` gives it.
 */
export const bytea = customType<{ data: Buffer; driverData: Buffer }>({
  dataType: () => 'bytea',
});

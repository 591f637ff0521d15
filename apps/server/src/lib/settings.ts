import { eq, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { settings } from '../db/schema';

/** Reads one key of the settings table, or undefined when it was never set. */
export async function readSetting<T>(db: Database, key: string): Promise<T | undefined> {
  const [row] = await db.select({ value: settings.value }).from(settings).where(eq(settings.key, key));
  return row?.value as T | undefined;
}

export async function writeSetting(db: Database, key: string, value: unknown): Promise<void> {
  await db
    .insert(settings)
    .values({ key, value })
    .onConflictDoUpdate({ target: settings.key, set: { value: sql`excluded.value` } });
}

import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { NodePgDatabase } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgliteDatabase } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import type { DatabaseHandle } from './client';

/** Next to this module in the sources; copied next to the bundle by build.mjs. */
function migrationsFolder(): string {
  for (const candidate of ['./migrations', './db/migrations']) {
    const dir = fileURLToPath(new URL(candidate, import.meta.url));
    if (existsSync(dir)) return dir;
  }
  throw new Error('migrations folder not found next to the server code');
}

export async function migrateDatabase(handle: DatabaseHandle): Promise<void> {
  const config = { migrationsFolder: migrationsFolder() };
  if (handle.kind === 'postgres') {
    await migratePg(handle.db as unknown as NodePgDatabase, config);
  } else {
    await migratePglite(handle.db as unknown as PgliteDatabase, config);
  }
}

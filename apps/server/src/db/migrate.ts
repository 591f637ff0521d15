import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { readMigrationFiles } from 'drizzle-orm/migrator';
import type { NodePgDatabase } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgliteDatabase } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import type pg from 'pg';
import { type DatabaseHandle, rowsOf } from './client';
import { type ConstraintValidation, validateConstraints } from './validate-constraints';

/** Next to this module in the sources; copied next to the bundle by build.mjs. */
function migrationsFolder(): string {
  for (const candidate of ['./migrations', './db/migrations']) {
    const dir = fileURLToPath(new URL(candidate, import.meta.url));
    if (existsSync(dir)) return dir;
  }
  throw new Error('migrations folder not found next to the server code');
}

/** Applies the pending migrations, then validates the constraints they added `NOT VALID` (validate-constraints.ts). */
export async function migrateDatabase(handle: DatabaseHandle): Promise<ConstraintValidation> {
  const config = { migrationsFolder: migrationsFolder() };
  if (handle.kind === 'postgres') {
    await migratePg(handle.db as unknown as NodePgDatabase, config);
  } else {
    await migratePglite(handle.db as unknown as PgliteDatabase, config);
  }
  return validateConstraints(handle);
}

/**
 * The advisory lock key that makes preparing the database one process at a time: "SIRA" and 1 in a bigint.
 * Nothing else in Sira takes it.
 */
export const PREPARE_LOCK_KEY = '6001096233558212609';

/**
 * Runs `prepare` (migrate, seed, ensure the administrator) while holding a PostgreSQL advisory lock, so servers
 * and workers started together against a new database take turns: the first does the work, the others then
 * find it done. Every step is idempotent, which is what makes "wait, then do it again" safe. Without the lock
 * they raced on `CREATE EXTENSION`, the migrator's own schema and the administrator's row, and some crashed.
 *
 * The lock is held on a connection of its own for the whole preparation; a process that dies while holding it
 * loses the connection and PostgreSQL releases the lock. PGlite has a single process (the data folder is
 * locked), so there the work just runs.
 */
export async function withPreparationLock<T>(handle: DatabaseHandle, prepare: () => Promise<T>): Promise<T> {
  if (handle.kind !== 'postgres') return prepare();
  const pool = (handle.db as unknown as { $client: pg.Pool }).$client;
  const connection = await pool.connect();
  let broken: Error | undefined;
  try {
    await connection.query('select pg_advisory_lock($1::bigint)', [PREPARE_LOCK_KEY]);
    try {
      return await prepare();
    } finally {
      await connection.query('select pg_advisory_unlock($1::bigint)', [PREPARE_LOCK_KEY]).catch((error: Error) => {
        // Ending the connection below releases the lock just as well.
        broken = error;
      });
    }
  } catch (error) {
    broken = error as Error;
    throw error;
  } finally {
    // A connection whose state is unknown is closed rather than handed to the next query.
    connection.release(broken);
  }
}

export class DatabaseNotMigratedError extends Error {
  constructor(pending: number) {
    super(
      `The database lacks ${pending} migration(s) this version needs, and MIGRATE_ON_START=false. ` +
        'Run `npm run migrate` (or start with MIGRATE_ON_START=true).',
    );
    this.name = 'DatabaseNotMigratedError';
  }
}

/**
 * For MIGRATE_ON_START=false: refuses to run on a database older than this code (the deployment forgot
 * `npm run migrate`), instead of failing later on a missing table or column.
 */
export async function assertMigrated(handle: DatabaseHandle): Promise<void> {
  const migrations = readMigrationFiles({ migrationsFolder: migrationsFolder() });
  let appliedUpTo = 0;
  try {
    const [last] = rowsOf<{ created_at: string | number }>(
      await handle.db.execute(sql`select created_at from drizzle.__drizzle_migrations order by created_at desc limit 1`),
    );
    appliedUpTo = Number(last?.created_at ?? 0);
  } catch (error) {
    // 42P01: no migrations table yet, a database never migrated.
    if ((error as { cause?: { code?: string } }).cause?.code !== '42P01' && (error as { code?: string }).code !== '42P01') throw error;
  }
  const pending = migrations.filter((m) => m.folderMillis > appliedUpTo).length;
  if (pending > 0) throw new DatabaseNotMigratedError(pending);
}

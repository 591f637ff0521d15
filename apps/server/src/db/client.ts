import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import pg from 'pg';
import * as schema from './schema';

export type Schema = typeof schema;
/** The one database type every service takes: the same on PGlite and PostgreSQL. */
export type Database = PgDatabase<PgQueryResultHKT, Schema>;
export type DatabaseKind = 'pglite' | 'postgres';

export interface DatabaseHandle {
  db: Database;
  kind: DatabaseKind;
  close(): Promise<void>;
}

export interface OpenDatabaseOptions {
  /** PostgreSQL connection string; when absent the embedded PGlite is used. */
  url?: string | undefined;
  /** PGlite data directory; absent means in memory. */
  dataDir?: string | undefined;
  /** A PGlite data-dir dump to start from (tests clone a migrated, seeded template this way). */
  loadDataDir?: Blob | File | undefined;
  poolSize?: number;
  /** How long a query waits for a connection (default 10 s); then it fails, and the API answers 503. */
  connectTimeoutMs?: number;
}

export async function openDatabase(options: OpenDatabaseOptions): Promise<DatabaseHandle> {
  if (options.url) {
    // Without a connection timeout a database host that stops answering (rather than refusing) would hold every
    // request until the HTTP timeout; with it the request fails fast and is answered 503 (plugins/errors.ts).
    const pool = new pg.Pool({
      connectionString: options.url,
      max: options.poolSize ?? 10,
      connectionTimeoutMillis: options.connectTimeoutMs ?? 10_000,
    });
    // A failing idle client must not crash the process; the next query reports the problem.
    pool.on('error', () => undefined);
    const db = drizzlePg(pool, { schema }) as unknown as Database;
    return { db, kind: 'postgres', close: () => pool.end() };
  }
  const client = await PGlite.create({
    // PostgreSQL's default 128 MB of shared buffers live in PGlite's WebAssembly memory, which never shrinks.
    // 16 MB keeps the embedded server and its in-process worker about 120 MB smaller at no measured cost in
    // speed (npm run bench:worker): pages beyond it are read through the file system's cache.
    startParams: [...PGlite.defaultStartParams, '-c', 'shared_buffers=16MB'],
    ...(options.dataDir ? { dataDir: options.dataDir } : {}),
    ...(options.loadDataDir ? { loadDataDir: options.loadDataDir } : {}),
    extensions: { pg_trgm },
  });
  const db = drizzlePglite(client, { schema }) as unknown as Database;
  return {
    db,
    kind: 'pglite',
    close: async () => {
      if (!client.closed) await client.close();
    },
  };
}

/** Rows of a raw `db.execute(sql...)` result, which both drivers expose as `.rows`. */
export function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}

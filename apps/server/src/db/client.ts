import { PGlite, types } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import pg from 'pg';
import { DEFAULT_DATABASE_POOL_SIZE } from '../config/env';
import { connectionError, markAsDatabaseError } from './connection-error';
import { unpackNewDatabase } from './new-database';
import * as schema from './schema';

export type Schema = typeof schema;
/** The one database type every service takes: the same on PGlite and PostgreSQL. */
export type Database = PgDatabase<PgQueryResultHKT, Schema>;
export type DatabaseKind = 'pglite' | 'postgres';

export interface DatabaseHandle {
  db: Database;
  kind: DatabaseKind;
  close(): Promise<void>;
  /**
   * PGlite only: the whole data folder as a gzipped tarball, consistent — taken with no statement or
   * transaction running, after a checkpoint (db/backup.ts). PostgreSQL is backed up with pg_dump.
   */
  snapshot?(): Promise<Blob>;
}

export interface OpenDatabaseOptions {
  /** PostgreSQL connection string; when absent the embedded PGlite is used. */
  url?: string | undefined;
  /** PGlite data directory; absent means in memory. */
  dataDir?: string | undefined;
  /**
   * A PGlite data-dir dump to start from (tests clone a migrated, seeded template this way; a restore loads a
   * backup). Without it a new data folder starts from the build's new database where there is one, unpacked into
   * the folder before PGlite opens it (new-database.ts).
   */
  loadDataDir?: Blob | File | undefined;
  /**
   * PostgreSQL: the most connections the pool opens (DATABASE_POOL_SIZE, default 10). A query finding them all busy
   * waits for one, up to `connectTimeoutMs`.
   */
  poolSize?: number;
  /** How long a query waits for a connection (default 10 s); then it fails, and the API answers 503. */
  connectTimeoutMs?: number;
  /**
   * PostgreSQL: connect once first and fail, naming the cause, when the database cannot be reached (the default).
   * false: the pool is made without connecting, for a process that waits for its database (runtime.ts).
   */
  checkFirst?: boolean;
}

/** How long a first connection may take before the host counts as unreachable (a dropped packet never fails). */
const CONNECT_TIMEOUT_MS = 10_000;

/**
 * Connects once and asks for nothing, so a database that cannot be reached is reported as such — refused,
 * unreachable, wrong password, no such database — rather than as the first statement that failed. Throws a
 * DatabaseConnectionError.
 */
export async function checkDatabaseConnection(url: string, timeoutMs = CONNECT_TIMEOUT_MS): Promise<void> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: timeoutMs });
  // An error after connecting (the server going away) must not crash the process: the query below reports it.
  client.on('error', () => undefined);
  try {
    await client.connect();
    await client.query('select 1');
  } catch (error) {
    throw connectionError(error, url);
  } finally {
    await client.end().catch(() => undefined);
  }
}

export async function openDatabase(options: OpenDatabaseOptions): Promise<DatabaseHandle> {
  if (options.url) {
    if (options.checkFirst !== false) await checkDatabaseConnection(options.url);
    // Without a connection timeout a database host that stops answering (rather than refusing) would hold every
    // request until the HTTP timeout; with it the request fails fast and is answered 503 (plugins/errors.ts).
    const pool = new pg.Pool({
      connectionString: options.url,
      max: options.poolSize ?? DEFAULT_DATABASE_POOL_SIZE,
      connectionTimeoutMillis: options.connectTimeoutMs ?? 10_000,
      Client: DatabaseClient,
    });
    // A failing idle client must not crash the process; the next query reports the problem.
    pool.on('error', () => undefined);
    const db = drizzlePg(pool, { schema }) as unknown as Database;
    return { db, kind: 'postgres', close: () => pool.end() };
  }
  const { loadDataDir } = options;
  // A data folder without a database starts from the build's new one, unpacked into it first (new-database.ts).
  if (options.dataDir && !loadDataDir) await unpackNewDatabase(options.dataDir);
  const client = await PGlite.create({
    // PostgreSQL's default 128 MB of shared buffers live in PGlite's WebAssembly memory, which never shrinks.
    // 16 MB keeps the embedded server and its in-process worker about 120 MB smaller at no measured cost in
    // speed (npm run bench:worker): pages beyond it are read through the file system's cache.
    startParams: [...PGlite.defaultStartParams, '-c', 'shared_buffers=16MB'],
    ...(options.dataDir ? { dataDir: options.dataDir } : {}),
    ...(loadDataDir ? { loadDataDir } : {}),
    extensions: { pg_trgm },
    ...byteaHandlers,
  });
  const db = drizzlePglite(client, { schema }) as unknown as Database;
  return {
    db,
    kind: 'pglite',
    close: async () => {
      if (!client.closed) await client.close();
    },
    // PGlite serialises transactions, and statements outside one, with one lock (hot-statements.ts relies on it),
    // and every statement with another, which the dump takes. Holding the first waits for a running transaction
    // to end and keeps new ones out, so the tarball is the folder between two commits: what a crash at that
    // moment would leave, which PostgreSQL's recovery opens (the checkpoint first keeps that recovery short).
    snapshot: async () => {
      await client.exec('CHECKPOINT');
      return client._runExclusiveTransaction(async () => (await client.dumpDataDir('gzip')) as Blob);
    },
  };
}

/**
 * Wraps one of node-postgres's client methods so that the errors it reports, by callback or promise, carry the
 * database's mark. Drizzle wraps the errors of its own queries; connecting (the pool's, a transaction's) and the
 * statements sent past it (db/hot-statements.ts, the pool's own) would otherwise arrive as bare socket errors.
 */
function markingErrors<F extends (...args: never[]) => unknown>(original: F): F {
  return function (this: pg.Client, ...args: unknown[]) {
    const last = args.at(-1);
    if (typeof last === 'function') {
      args[args.length - 1] = (error: unknown, ...rest: unknown[]) => last(error ? markAsDatabaseError(error) : error, ...rest);
      return Reflect.apply(original, this, args);
    }
    const result: unknown = Reflect.apply(original, this, args);
    if (!(result instanceof Promise)) return result;
    return result.catch((error: unknown) => {
      throw markAsDatabaseError(error);
    });
  } as unknown as F;
}

/** The pool's connections: node-postgres's client whose failures say they are the database's. */
class DatabaseClient extends pg.Client {}
DatabaseClient.prototype.connect = markingErrors(pg.Client.prototype.connect);
DatabaseClient.prototype.query = markingErrors(pg.Client.prototype.query);

/**
 * PGlite's own bytea handlers turn a 5 MB résumé into an array of five million hex strings and back one
 * parseInt at a time: 8 s and ~100 MB to store one, 2 s to read it. Instead the bytes go as a binary parameter
 * (a serializer that returns the bytes makes the protocol writer send them as they are) and come back through
 * Buffer's native hex decoder, as node-postgres does — 0.2–0.4 s each way — and both drivers hand the schema's
 * `bytea` columns a Buffer.
 */
const byteaHandlers = {
  serializers: { [types.BYTEA]: (bytes: Uint8Array) => bytes as unknown as string },
  parsers: { [types.BYTEA]: (text: string) => Buffer.from(text.slice(2), 'hex') },
};

/** Rows of a raw `db.execute(sql...)` result, which both drivers expose as `.rows`. */
export function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}

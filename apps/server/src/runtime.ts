import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { Env, ProcessRole } from './config/env';
import { checkDatabaseConnection, type DatabaseHandle, openDatabase } from './db/client';
import { assertMigrated, migrateDatabase, withPreparationLock } from './db/migrate';
import { administratorEmails, ensureAdmin, seedDatabase } from './db/seed/seed';
import { lockDataDir, persistentSecret } from './lib/data-dir';
import { createLogger } from './lib/logger';
import { unlessAborted, type WaitOptions, waitForDatabase } from './lib/wait-for-database';
import { importDiskResumes } from './modules/sending/resume-import';

export interface Runtime {
  env: Env;
  database: DatabaseHandle;
  publicBaseUrl: string;
  appSecret: string;
  /**
   * The administrator ensured by `prepare`. `password` only when it was generated at this start (embedded mode's
   * first), so it is shown once; `credentialsFile` is where a generated one is kept; `inDatabase` when the
   * database came with its own (a restored or copied one), whose password is not known here.
   */
  admin: { email: string; password: string | undefined; credentialsFile?: string; inDatabase?: true } | undefined;
  /**
   * Waits for the database to answer (PostgreSQL that is not up yet is tried again with a growing delay,
   * lib/wait-for-database.ts), then migrates, seeds and ensures the administrator as the role requires.
   */
  prepare(wait: WaitOptions): Promise<void>;
  /** True once `prepare` has finished: until then the server answers nothing that reads the database. */
  prepared(): boolean;
  /** Releases the database and the data-folder lock. Safe to call twice. */
  close(): Promise<void>;
}

/**
 * Everything a server or worker process needs before it handles work: the secrets in place, the database
 * handle (a PostgreSQL pool that has not connected yet, or PGlite opened) and, in embedded mode, the data
 * folder locked against a second process. The database is readied by `prepare`, which the server calls once
 * it listens, so that it answers /healthz and a 503 /readyz while it waits.
 */
export async function openRuntime(env: Env, role: 'server' | 'worker'): Promise<Runtime> {
  const publicBaseUrl = publicBaseUrlOf(env);
  const releaseLock = env.databaseUrl ? () => undefined : lockDataDir(env.dataDir);
  let database: DatabaseHandle | undefined;
  try {
    const appSecret = env.appSecret ?? persistentSecret(env.dataDir, 'app-secret');
    database = await openDatabase({ ...databaseOptions(env), checkFirst: false });
    const handle = database;
    let closed = false;
    let prepared = false;
    const runtime: Runtime = {
      env,
      database: handle,
      publicBaseUrl,
      appSecret,
      admin: undefined,
      async prepare(wait) {
        const url = env.databaseUrl;
        runtime.admin = await waitForDatabase(async (signal) => {
          // Connecting first names why the database cannot be reached (refused, not found, wrong password…).
          if (url) await unlessAborted(checkDatabaseConnection(url), signal);
          return prepareDatabase(env, handle, role);
        }, wait);
        prepared = true;
      },
      prepared: () => prepared,
      async close() {
        if (closed) return;
        closed = true;
        try {
          await handle.close();
        } finally {
          releaseLock();
        }
      },
    };
    return runtime;
  } catch (error) {
    await database?.close().catch(() => undefined);
    releaseLock();
    throw error;
  }
}

/** `npm run migrate`: the database prepared as a starting server would, whatever MIGRATE_ON_START says, then closed. */
export async function migrateAndClose(env: Env): Promise<{ kind: DatabaseHandle['kind']; admin: Runtime['admin'] }> {
  const releaseLock = env.databaseUrl ? () => undefined : lockDataDir(env.dataDir);
  try {
    const database = await openDatabase(databaseOptions(env));
    try {
      return { kind: database.kind, admin: await prepareDatabase(env, database, 'migrate') };
    } finally {
      await database.close();
    }
  } finally {
    releaseLock();
  }
}

const publicBaseUrlOf = (env: Env) => (env.publicBaseUrl ?? `http://localhost:${env.port}`).replace(/\/$/, '');
const databaseOptions = (env: Env) => ({
  url: env.databaseUrl,
  dataDir: env.databaseUrl ? undefined : join(resolve(env.dataDir), 'db'),
  poolSize: env.databasePoolSize,
});

/**
 * Migrates, and for the server and `npm run migrate` seeds and ensures the administrator. A deployment starts
 * its processes together, so this runs under a lock (db/migrate.ts): one at a time, each step idempotent.
 * With MIGRATE_ON_START=false the server and worker only check that `npm run migrate` has been run.
 */
async function prepareDatabase(env: Env, handle: DatabaseHandle, role: ProcessRole): Promise<Runtime['admin']> {
  if (!env.migrateOnStart && role !== 'migrate') {
    await assertMigrated(handle);
    return undefined;
  }
  return withPreparationLock(handle, async () => {
    const log = createLogger(env.logLevel);
    const constraints = await migrateDatabase(handle);
    for (const constraint of constraints.validated) log.info({ constraint }, 'constraint validated');
    for (const { constraint, message } of constraints.failed) {
      log.error({ constraint, reason: message }, 'existing rows break a constraint: it holds for new rows, the old ones need fixing');
    }
    // Résumé files an earlier version kept on this host's disk move into the database, once.
    await importDiskResumes(handle.db, env.dataDir, log);
    if (role === 'worker') return undefined;
    await seedDatabase(handle.db, { publicBaseUrl: publicBaseUrlOf(env), demoContent: env.mode === 'embedded' });
    return provisionAdmin(env, handle);
  });
}

interface StoredAdmin {
  email: string;
  password: string;
}

/**
 * The administrator comes from ADMIN_EMAIL/ADMIN_PASSWORD. In embedded mode without them, credentials are
 * generated once and kept in the data folder (readable by its owner only); the password is shown at that
 * first start only, never again. Production never invents one.
 *
 * A database that already has an administrator other than the folder's — one restored or copied into a new
 * data folder — keeps it and gets no second one: its administrator signs in with the password it had.
 */
export async function provisionAdmin(env: Env, database: DatabaseHandle): Promise<Runtime['admin']> {
  if (env.adminEmail && env.adminPassword) {
    await ensureAdmin(database.db, { email: env.adminEmail, password: env.adminPassword });
    return { email: env.adminEmail, password: undefined };
  }
  if (env.mode === 'production') return undefined;
  const file = join(resolve(env.dataDir), 'admin-credentials.json');
  const stored = existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as StoredAdmin) : undefined;
  const admins = await administratorEmails(database.db);
  const storedEmail = stored?.email.trim().toLowerCase();
  const [databaseAdmin] = admins;
  if (databaseAdmin && !admins.some((email) => email.toLowerCase() === storedEmail)) {
    return { email: databaseAdmin, password: undefined, inDatabase: true };
  }
  if (stored) {
    await ensureAdmin(database.db, stored);
    return { email: stored.email, password: undefined, credentialsFile: file };
  }
  const generated = { email: env.adminEmail ?? 'admin@sira.example', password: randomBytes(12).toString('base64url') };
  writeFileSync(file, JSON.stringify(generated, null, 2), { mode: 0o600 });
  await ensureAdmin(database.db, generated);
  return { ...generated, credentialsFile: file };
}

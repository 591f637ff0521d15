import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { Env } from './config/env';
import { type DatabaseHandle, openDatabase } from './db/client';
import { migrateDatabase } from './db/migrate';
import { ensureAdmin, seedDatabase } from './db/seed/seed';
import { lockDataDir, persistentSecret } from './lib/data-dir';

export interface Runtime {
  env: Env;
  database: DatabaseHandle;
  publicBaseUrl: string;
  appSecret: string;
  /**
   * The administrator ensured at start. `password` only when it was generated at this start (embedded mode's
   * first), so it is shown once; `credentialsFile` is where a generated one is kept.
   */
  admin: { email: string; password: string | undefined; credentialsFile?: string } | undefined;
  /** Releases the database and the data-folder lock. Safe to call twice. */
  close(): Promise<void>;
}

/**
 * Everything a server or worker process needs before it handles work: the database opened, migrated and
 * seeded, the secrets in place, and (embedded mode) the data folder locked against a second process.
 */
export async function openRuntime(env: Env, options: { seed: boolean }): Promise<Runtime> {
  const publicBaseUrl = (env.publicBaseUrl ?? `http://localhost:${env.port}`).replace(/\/$/, '');
  const releaseLock = env.databaseUrl ? () => undefined : lockDataDir(env.dataDir);
  let database: DatabaseHandle | undefined;
  try {
    const appSecret = env.appSecret ?? persistentSecret(env.dataDir, 'app-secret');
    database = await openDatabase({ url: env.databaseUrl, dataDir: env.databaseUrl ? undefined : join(resolve(env.dataDir), 'db') });
    await migrateDatabase(database);
    let admin: Runtime['admin'];
    if (options.seed) {
      await seedDatabase(database.db, { publicBaseUrl, demoContent: env.mode === 'embedded' });
      admin = await provisionAdmin(env, database);
    }
    const handle = database;
    let closed = false;
    return {
      env,
      database: handle,
      publicBaseUrl,
      appSecret,
      admin,
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
  } catch (error) {
    await database?.close().catch(() => undefined);
    releaseLock();
    throw error;
  }
}

interface StoredAdmin {
  email: string;
  password: string;
}

/**
 * The administrator comes from ADMIN_EMAIL/ADMIN_PASSWORD. In embedded mode without them, credentials are
 * generated once and kept in the data folder (readable by its owner only); the password is shown at that
 * first start only, never again. Production never invents one.
 */
async function provisionAdmin(env: Env, database: DatabaseHandle): Promise<Runtime['admin']> {
  if (env.adminEmail && env.adminPassword) {
    await ensureAdmin(database.db, { email: env.adminEmail, password: env.adminPassword });
    return { email: env.adminEmail, password: undefined };
  }
  if (env.mode === 'production') return undefined;
  const file = join(resolve(env.dataDir), 'admin-credentials.json');
  let stored: StoredAdmin;
  const generated = !existsSync(file);
  if (!generated) {
    stored = JSON.parse(readFileSync(file, 'utf8')) as StoredAdmin;
  } else {
    stored = { email: env.adminEmail ?? 'admin@sira.example', password: randomBytes(12).toString('base64url') };
    writeFileSync(file, JSON.stringify(stored, null, 2), { mode: 0o600 });
  }
  await ensureAdmin(database.db, stored);
  return { email: stored.email, password: generated ? stored.password : undefined, credentialsFile: file };
}

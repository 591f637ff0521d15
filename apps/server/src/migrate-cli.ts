import { loadDotEnv } from './config/dotenv';
import { EnvError, parseEnv } from './config/env';
import { DatabaseConnectionError } from './db/connection-error';
import { DataDirLockedError } from './lib/data-dir';
import { createLogger } from './lib/logger';
import { migrateAndClose } from './runtime';

/**
 * `npm run migrate`: brings the database to this version — migrations, the idempotent seed, the administrator
 * from ADMIN_EMAIL/ADMIN_PASSWORD — and exits, for a deploy pipeline to run before it starts the new servers
 * and workers (then started with MIGRATE_ON_START=false, or left to find the work done). It takes the same
 * lock as a starting server, so it may also run while they start.
 *
 * It reports as the other processes do: in production one JSON record per line (pino) on stdout, the outcome
 * included, so that a log shipper never meets plain text; in embedded mode a sentence for the terminal.
 */
async function main(): Promise<void> {
  const startedAt = performance.now();
  loadDotEnv();
  const env = parseEnv(process.env, 'migrate');
  const result = await migrateAndClose(env);
  const seconds = (performance.now() - startedAt) / 1000;
  if (env.mode === 'production') {
    createLogger(env.logLevel).info(
      { database: result.kind, admin: result.admin?.email ?? null, ms: Math.round(seconds * 1000) },
      'database migrated and seeded',
    );
    return;
  }
  const where = result.kind === 'pglite' ? `the embedded database in ${env.dataDir}` : 'PostgreSQL';
  const admin = result.admin ? `; administrator ${result.admin.email}` : '';
  process.stdout.write(`Migrated and seeded ${where}${admin} in ${seconds.toFixed(1)} s.\n`);
}

main().catch((error: unknown) => {
  if (process.env.NODE_ENV === 'production') {
    createLogger('info').fatal({ err: error }, 'Sira could not migrate the database');
  } else {
    const known = error instanceof EnvError || error instanceof DatabaseConnectionError || error instanceof DataDirLockedError;
    process.stderr.write(
      `\nSira could not migrate the database. ${error instanceof Error ? (known ? error.message : (error.stack ?? error.message)) : String(error)}\n\n`,
    );
  }
  process.exit(1);
});

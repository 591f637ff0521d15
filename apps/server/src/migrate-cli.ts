import { loadDotEnv } from './config/dotenv';
import { EnvError, parseEnv } from './config/env';
import { DatabaseConnectionError } from './db/connection-error';
import { DataDirLockedError } from './lib/data-dir';
import { migrateAndClose } from './runtime';

/**
 * `npm run migrate`: brings the database to this version — migrations, the idempotent seed, the administrator
 * from ADMIN_EMAIL/ADMIN_PASSWORD — and exits, for a deploy pipeline to run before it starts the new servers
 * and workers (then started with MIGRATE_ON_START=false, or left to find the work done). It takes the same
 * lock as a starting server, so it may also run while they start.
 */
async function main(): Promise<void> {
  const startedAt = performance.now();
  loadDotEnv();
  const env = parseEnv(process.env, 'migrate');
  const result = await migrateAndClose(env);
  const where = result.kind === 'pglite' ? `the embedded database in ${env.dataDir}` : 'PostgreSQL';
  const admin = result.admin ? `; administrator ${result.admin.email}` : '';
  process.stdout.write(`Migrated and seeded ${where}${admin} in ${((performance.now() - startedAt) / 1000).toFixed(1)} s.\n`);
}

main().catch((error: unknown) => {
  const known = error instanceof EnvError || error instanceof DatabaseConnectionError || error instanceof DataDirLockedError;
  process.stderr.write(
    `\nSira could not migrate the database. ${error instanceof Error ? (known ? error.message : (error.stack ?? error.message)) : String(error)}\n\n`,
  );
  process.exit(1);
});

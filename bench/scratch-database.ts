import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { type DatabaseHandle, openDatabase } from '../apps/server/src/db/client';
import { dropScratchDatabase } from '../apps/server/src/db/drop-database';

/**
 * Runs `fn` on a fresh PostgreSQL database made on the TEST_DATABASE_URL server for this benchmark, and drops
 * it afterwards whatever happens. `url` is the new database's address (for child processes).
 */
export async function onScratchPostgres(fn: (handle: DatabaseHandle, url: string) => Promise<void>): Promise<void> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) throw new Error('TEST_DATABASE_URL is required for the PostgreSQL benchmark');
  const name = `sira_bench_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${name}`);
    const target = new URL(serverUrl);
    target.pathname = `/${name}`;
    const handle = await openDatabase({ url: target.toString() });
    try {
      await fn(handle, target.toString());
    } finally {
      await handle.close();
      await dropScratchDatabase(admin, name);
    }
  } finally {
    await admin.end();
  }
}

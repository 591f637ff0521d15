import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import pg from 'pg';
import { inject } from 'vitest';
import { type DatabaseHandle, openDatabase } from '../src/db/client';
import { dropScratchDatabase } from '../src/db/drop-database';
import { withDatabase } from './global-setup';

/**
 * A fresh database for one test file, copied from the run's migrated and seeded template: PGlite from a
 * data-dir dump, PostgreSQL with CREATE DATABASE … TEMPLATE. Dropped (PostgreSQL) or discarded on close.
 */
export interface TestDatabaseHandle extends DatabaseHandle {
  /** PostgreSQL: the copy's address, for what needs a connection of its own (LISTEN, another process). */
  url?: string;
}

export async function createTestDatabase(): Promise<TestDatabaseHandle> {
  const postgresTemplate = inject('postgresTemplate');
  if (postgresTemplate) {
    const url = process.env.TEST_DATABASE_URL as string;
    const name = `sira_t_${postgresTemplate.slice(9)}_${randomBytes(4).toString('hex')}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    try {
      await admin.query(`CREATE DATABASE ${name} TEMPLATE ${postgresTemplate}`);
    } finally {
      await admin.end();
    }
    const handle = await openDatabase({ url: withDatabase(url, name), poolSize: 20 });
    return {
      ...handle,
      url: withDatabase(url, name),
      async close() {
        await handle.close();
        const dropper = new pg.Client({ connectionString: url });
        await dropper.connect();
        try {
          await dropScratchDatabase(dropper, name);
        } finally {
          await dropper.end();
        }
      },
    };
  }
  const template = readFileSync(inject('pgliteTemplate'));
  return openDatabase({ loadDataDir: new Blob([template]) });
}

export const testDatabaseKind = () => (inject('postgresTemplate') ? 'postgres' : 'pglite');

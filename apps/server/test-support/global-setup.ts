import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../src/db/client';
import { dropScratchDatabase } from '../src/db/drop-database';
import { migrateDatabase } from '../src/db/migrate';
import { seedDatabase } from '../src/db/seed/seed';

declare module 'vitest' {
  export interface ProvidedContext {
    /** PGlite: a dump of a migrated, seeded database that each test file starts from. */
    pgliteTemplate: string;
    /** PostgreSQL: the template database each test file clones (CREATE DATABASE … TEMPLATE). */
    postgresTemplate: string;
  }
}

export const TEST_BASE_URL = 'http://localhost:3000';

/**
 * Migrates and seeds one template database per run, so each test file gets a fresh copy in a fraction
 * of the time. On PostgreSQL every database made here is dropped at the end.
 */
export default async function setup(project: TestProject) {
  // The project's `env` reaches its test workers, not this setup: read it from the project's config.
  const kind = (project.config.env?.SIRA_TEST_DB as string | undefined) ?? process.env.SIRA_TEST_DB ?? 'pglite';
  if (kind === 'postgres') {
    const url = process.env.TEST_DATABASE_URL;
    if (!url) throw new Error('SIRA_TEST_DB=postgres needs TEST_DATABASE_URL');
    const name = `sira_tpl_${randomBytes(4).toString('hex')}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    const handle = await openDatabase({ url: withDatabase(url, name), poolSize: 2 });
    await migrateDatabase(handle);
    await seedDatabase(handle.db, { publicBaseUrl: TEST_BASE_URL, demoContent: true });
    await handle.close();
    project.provide('postgresTemplate', name);
    project.provide('pgliteTemplate', '');
    return async () => {
      // Drop the template and every per-file clone this run made (their names carry the template's).
      const { rows } = await admin.query<{ datname: string }>('SELECT datname FROM pg_database WHERE datname LIKE $1', [`${name}%`]);
      const clones = await admin.query<{ datname: string }>('SELECT datname FROM pg_database WHERE datname LIKE $1', [
        `sira_t_${name.slice(9)}%`,
      ]);
      for (const { datname } of [...clones.rows, ...rows]) await dropScratchDatabase(admin, datname);
      await admin.end();
    };
  }
  const dir = mkdtempSync(join(tmpdir(), 'sira-test-'));
  const handle = await openDatabase({});
  await migrateDatabase(handle);
  await seedDatabase(handle.db, { publicBaseUrl: TEST_BASE_URL, demoContent: true });
  const client = (handle.db as unknown as { $client: { dumpDataDir(c: 'none'): Promise<Blob> } }).$client;
  const dump = await client.dumpDataDir('none');
  const file = join(dir, 'template.tar');
  writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  await handle.close();
  project.provide('pgliteTemplate', file);
  project.provide('postgresTemplate', '');
  return () => rmSync(dir, { recursive: true, force: true });
}

export function withDatabase(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}

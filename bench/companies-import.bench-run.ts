// Imports a generated 50,000-row .xlsx through the real import service on PGlite and, when
// TEST_DATABASE_URL is set, on PostgreSQL (a fresh database created and dropped here). Prints a table.
//   npm run bench:import
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, it } from 'vitest';
import { type DatabaseHandle, openDatabase } from '../apps/server/src/db/client';
import { migrateDatabase } from '../apps/server/src/db/migrate';
import { ensureAdmin, seedDatabase } from '../apps/server/src/db/seed/seed';
import { runImportBenchmark } from '../apps/server/src/modules/companies/import.benchmark';

const results: Array<{ database: string; rows: number; mb: string; seconds: string; added: number }> = [];

async function measure(database: string, handle: DatabaseHandle) {
  await migrateDatabase(handle);
  await seedDatabase(handle.db, { publicBaseUrl: 'http://localhost:3000', demoDirectory: true });
  await ensureAdmin(handle.db, { email: 'bench-admin@sira.example', password: 'bench-password' });
  const r = await runImportBenchmark(handle.db, { rows: 50_000 });
  results.push({ database, rows: r.rows, mb: (r.bytes / 1024 / 1024).toFixed(1), seconds: (r.ms / 1000).toFixed(2), added: r.added });
}

it('imports 50,000 rows on PGlite', async () => {
  const handle = await openDatabase({});
  try {
    await measure('PGlite', handle);
  } finally {
    await handle.close();
  }
});

it.runIf(process.env.TEST_DATABASE_URL)('imports 50,000 rows on PostgreSQL', async () => {
  const url = process.env.TEST_DATABASE_URL as string;
  const name = `sira_bench_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  const target = new URL(url);
  target.pathname = `/${name}`;
  const handle = await openDatabase({ url: target.toString() });
  try {
    await measure('PostgreSQL 15', handle);
  } finally {
    await handle.close();
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
  }
});

afterAll(() => {
  console.log('\nExcel import benchmark (target ≤ 5 s for 50,000 rows on PostgreSQL)');
  console.table(results);
});

import { afterAll, it } from 'vitest';
import { type DatabaseHandle, openDatabase } from '../apps/server/src/db/client';
import { migrateDatabase } from '../apps/server/src/db/migrate';
import { ensureAdmin, seedDatabase } from '../apps/server/src/db/seed/seed';
import { runImportBenchmark } from '../apps/server/src/modules/companies/import.benchmark';
import { onScratchPostgres } from './scratch-database';

const results: Array<{ database: string; rows: number; mb: string; seconds: string; added: number }> = [];

async function measure(database: string, handle: DatabaseHandle) {
  await migrateDatabase(handle);
  await seedDatabase(handle.db, { publicBaseUrl: 'http://localhost:3000', demoContent: true });
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
  await onScratchPostgres((handle) => measure('PostgreSQL 15', handle));
});

afterAll(() => {
  console.log('\nExcel import benchmark (target ≤ 5 s for 50,000 rows on PostgreSQL)');
  console.table(results);
});

import { eq, sql } from 'drizzle-orm';
import { afterAll, it } from 'vitest';
import { type DatabaseHandle, openDatabase } from '../apps/server/src/db/client';
import { migrateDatabase } from '../apps/server/src/db/migrate';
import { profiles, sendJobs } from '../apps/server/src/db/schema';
import { seedDatabase } from '../apps/server/src/db/seed/seed';
import { createLocalEventBus } from '../apps/server/src/lib/event-bus';
import { createSecretBox } from '../apps/server/src/lib/secret-box';
import { scheduleSend } from '../apps/server/src/modules/sending/sending.service';
import { sized } from './bench-size';
import { onScratchPostgres } from './scratch-database';
import { BENCH_APP_SECRET, benchPackage, benchPdf, benchUsers, median } from './sending-fixtures';

const COMPANIES = sized(5000, 100);
const RUNS = sized(9, 1);
const results: Array<Record<string, string | number>> = [];

async function measure(database: string, handle: DatabaseHandle) {
  await migrateDatabase(handle);
  await seedDatabase(handle.db, { publicBaseUrl: 'http://localhost:3000', demoContent: true });
  const packageId = await benchPackage(handle.db, COMPANIES);
  const [u] = await benchUsers(handle.db, {
    count: 1,
    packageId,
    balance: COMPANIES,
    pdf: benchPdf(200 * 1024),
    secretBox: createSecretBox(BENCH_APP_SECRET),
  });
  if (!u) throw new Error('no bench user');
  await handle.db.execute(sql`analyze`);
  const events = createLocalEventBus();
  const times: number[] = [];
  for (let run = 0; run <= RUNS; run++) {
    const started = performance.now();
    const result = await scheduleSend({ db: handle.db, events }, u.profileId, {
      sendWindow: 'any_time',
      resumeId: u.resumeId,
      subject: 'طلب توظيف لدى {{company_name}}',
      content: '<p>السلام عليكم</p>',
    });
    const ms = performance.now() - started;
    if (result.scheduled !== COMPANIES) throw new Error(`scheduled ${result.scheduled}, expected ${COMPANIES}`);
    // The first run warms caches and plans; it is not counted.
    if (run > 0) times.push(ms);
    await handle.db.delete(sendJobs).where(eq(sendJobs.id, result.jobId));
    await handle.db.update(profiles).set({ messagesRemaining: COMPANIES }).where(eq(profiles.id, u.profileId));
    if (database !== 'PGlite') await handle.db.execute(sql`vacuum deliveries`);
  }
  results.push({
    database,
    companies: COMPANIES,
    runs: RUNS,
    'median ms': median(times).toFixed(1),
    'min ms': Math.min(...times).toFixed(1),
    'max ms': Math.max(...times).toFixed(1),
  });
}

it(`schedules ${COMPANIES.toLocaleString('en')} companies on PGlite`, async () => {
  const handle = await openDatabase({});
  try {
    await measure('PGlite', handle);
  } finally {
    await handle.close();
  }
});

it.runIf(process.env.TEST_DATABASE_URL)(`schedules ${COMPANIES.toLocaleString('en')} companies on PostgreSQL`, async () => {
  await onScratchPostgres((handle) => measure('PostgreSQL 15', handle));
});

afterAll(() => {
  console.log('\nScheduling benchmark: one job of 5,000 companies (target: median ≤ 150 ms on PostgreSQL)');
  console.table(results);
});

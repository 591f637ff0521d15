import { loadavg } from 'node:os';
import { sql } from 'drizzle-orm';
import { afterAll, it } from 'vitest';
import { type DatabaseHandle, openDatabase } from '../apps/server/src/db/client';
import { migrateDatabase } from '../apps/server/src/db/migrate';
import { sendJobs } from '../apps/server/src/db/schema';
import { seedDatabase } from '../apps/server/src/db/seed/seed';
import { createSecretBox } from '../apps/server/src/lib/secret-box';
import { buildExport, claimExport } from '../apps/server/src/modules/users/my-data/data-export.service';
import { sized } from './bench-size';
import { onScratchPostgres } from './scratch-database';
import { BENCH_APP_SECRET, benchPackage, benchPdf, benchUsers } from './sending-fixtures';

// The "my data" export of a user with 10,000 deliveries (ten jobs of 1,000) and a 1 MB CV: from the
// request's claim to the stored ZIP, the time the page's progress bar takes. Target: under a minute.
const DELIVERIES = sized(10_000, 100);
const JOBS = sized(10, 2);
const results: Array<Record<string, string | number>> = [];

async function measure(label: string, handle: DatabaseHandle) {
  await migrateDatabase(handle);
  await seedDatabase(handle.db, { publicBaseUrl: 'http://localhost:3000', demoContent: true });
  const packageId = await benchPackage(handle.db, 10);
  const [u] = await benchUsers(handle.db, {
    count: 1,
    packageId,
    balance: 0,
    pdf: benchPdf(1024 * 1024),
    secretBox: createSecretBox(BENCH_APP_SECRET),
  });
  const profileId = u?.profileId as string;
  for (let j = 0; j < JOBS; j++) {
    const [job] = await handle.db
      .insert(sendJobs)
      .values({
        profileId,
        subject: `طلب توظيف ${j}`,
        content: '<p>السلام عليكم</p>',
        resumePath: 'x',
        totalEmailsIntended: DELIVERIES / JOBS,
        status: 'completed',
      })
      .returning({ id: sendJobs.id });
    await handle.db.execute(sql`
      insert into deliveries (job_id, profile_id, recipient_email, company_name, sector, location, status, sent_at, sender_email, attempts)
      select ${job?.id}, ${profileId}, 'hr' || g || '@company' || g || '.example', 'شركة الاختبار رقم ' || g, 'تقنية المعلومات', 'الرياض',
             'sent', now(), 'bench@gmail.com', 1
      from generate_series(1, ${DELIVERIES / JOBS}) g`);
  }
  await handle.db.execute(sql`insert into data_exports (profile_id) values (${profileId})`);
  const started = performance.now();
  const claim = await claimExport(handle.db);
  if (!claim) throw new Error('no export claimed');
  const built = await buildExport(handle.db, claim);
  const ms = performance.now() - started;
  results.push({
    database: label,
    deliveries: DELIVERIES,
    'rows + files': built.total,
    'ZIP MB': (built.sizeBytes / 1048576).toFixed(2),
    seconds: (ms / 1000).toFixed(2),
    load: loadavg()[0]?.toFixed(1) ?? '',
  });
}

it(`exports ${DELIVERIES} deliveries on PGlite`, async () => {
  const handle = await openDatabase({});
  try {
    await measure('PGlite', handle);
  } finally {
    await handle.close();
  }
});

it.runIf(process.env.TEST_DATABASE_URL)(`exports ${DELIVERIES} deliveries on PostgreSQL`, async () => {
  await onScratchPostgres((handle) => measure('PostgreSQL 15', handle));
});

afterAll(() => {
  console.log('\n"My data" export, claim to stored ZIP (target < 60 s)');
  console.table(results);
});

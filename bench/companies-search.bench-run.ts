import { loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import { ADMIN_COMPANIES_SEARCH_COUNT_LIMIT, ADMIN_PACKAGE } from '@sira/shared';
import { sql } from 'drizzle-orm';
import { afterAll, it } from 'vitest';
import { type DatabaseHandle, openDatabase, rowsOf } from '../apps/server/src/db/client';
import { migrateDatabase } from '../apps/server/src/db/migrate';
import { seedDatabase } from '../apps/server/src/db/seed/seed';
import { listCompanies } from '../apps/server/src/modules/companies/companies.service';
import { sized } from './bench-size';
import { onScratchPostgres } from './scratch-database';
import { median } from './sending-fixtures';

/**
 * The admin directory's search at 100,000 companies: one page (count and rows, as GET /api/admin/companies
 * answers it) for searches by a rare name, a common word, an e-mail fragment, two letters (too short for a
 * trigram) and none. Prints each one's median and worst of RUNS, and the plans (EXPLAIN ANALYZE) of the
 * rare-name and common-word searches' two statements. Target ≤ 300 ms a search.
 */
const COMPANIES = sized(100_000, 1_000, process.env.BENCH_COMPANIES);
const RUNS = sized(7, 1);
const results: Array<Record<string, string | number>> = [];
const plans: string[] = [];

const SEARCHES = {
  'rare name': 'الرواد 4217',
  'common word': 'للتجارة',
  'e-mail fragment': 'hr.4217',
  'two letters': 'ال',
  none: '',
};

/** 100,000 companies with names built from common Arabic company words, numbered so each is unique. */
async function fillDirectory(handle: DatabaseHandle) {
  await handle.db.execute(sql`
    insert into companies (name, email, sector, location, package_id)
    select
      (array['شركة','مؤسسة','مجموعة','مكتب'])[1 + i % 4] || ' ' ||
        (array['الرواد','الأفق','النخبة','المستقبل','الوطنية','الخليج','البناء','الريادة'])[1 + i % 8] || ' ' || i || ' ' ||
        (array['للتجارة','للمقاولات','للتقنية','للاستشارات','للخدمات'])[1 + i % 5],
      'hr.' || i || '@company' || (i % 97) || '.example',
      (array['تقنية المعلومات','التجزئة','البناء','الصحة'])[1 + i % 4],
      (array['الرياض','جدة','الدمام','مكة'])[1 + i % 4],
      (select id from packages where name <> ${ADMIN_PACKAGE} order by price limit 1)
    from generate_series(1, ${COMPANIES}) as i`);
}

/** The plans of listCompanies' two statements for a search: the capped count and the page. */
async function explain(handle: DatabaseHandle, search: string) {
  const where = sql`companies.search_text like lower(${`%${search}%`})`;
  const statements = {
    count: sql`explain (analyze, costs off) select count(*) from (select 1 from companies where ${where}
      limit ${ADMIN_COMPANIES_SEARCH_COUNT_LIMIT + 1}) as matches`,
    page: sql`explain (analyze, costs off) select companies.id from companies join packages on packages.id = companies.package_id
      where ${where} order by companies.name, companies.id limit 1000 offset 0`,
  };
  for (const [name, statement] of Object.entries(statements)) {
    const lines = rowsOf<Record<string, string>>(await handle.db.execute(statement)).map((row) => Object.values(row)[0]);
    plans.push(`— ${handle.kind} ${name} («${search}»):\n${lines.join('\n')}`);
  }
}

async function measure(database: string, handle: DatabaseHandle) {
  await migrateDatabase(handle);
  await seedDatabase(handle.db, { publicBaseUrl: 'http://localhost:3000', demoContent: true });
  await fillDirectory(handle);
  await handle.db.execute(sql`analyze companies`);
  for (const [label, search] of Object.entries(SEARCHES)) {
    const times: number[] = [];
    let total = 0;
    let lowerBound = false;
    for (let run = 0; run <= RUNS; run++) {
      const started = performance.now();
      const page = await listCompanies(handle.db, { search, page: 1 });
      // The first run warms caches and plans; it is not counted.
      if (run > 0) times.push(performance.now() - started);
      total = page.total;
      lowerBound = page.totalIsLowerBound;
    }
    results.push({
      database,
      companies: COMPANIES,
      search: label,
      matches: lowerBound ? `> ${total}` : total,
      'median ms': median(times).toFixed(0),
      'max ms': Math.max(...times).toFixed(0),
      load: loadavg()[0]?.toFixed(1) ?? '',
    });
  }
  await explain(handle, SEARCHES['rare name']);
  await explain(handle, SEARCHES['common word']);
}

it(`searches ${COMPANIES} companies on PGlite`, async () => {
  const handle = await openDatabase({});
  try {
    await measure('PGlite', handle);
  } finally {
    await handle.close();
  }
});

it.runIf(process.env.TEST_DATABASE_URL)(`searches ${COMPANIES} companies on PostgreSQL`, async () => {
  await onScratchPostgres((handle) => measure('PostgreSQL 15', handle));
});

afterAll(() => {
  console.log(`\nAdmin directory search, one page of GET /api/admin/companies at ${COMPANIES} companies (target ≤ 300 ms)`);
  console.table(results);
  console.log(plans.join('\n\n'));
});

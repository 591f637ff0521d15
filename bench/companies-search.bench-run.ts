import { loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import { ADMIN_COMPANIES_SEARCH_COUNT_LIMIT, ADMIN_PACKAGE } from '@sira/shared';
import { sql } from 'drizzle-orm';
import { afterAll, it } from 'vitest';
import { type DatabaseHandle, openDatabase, rowsOf } from '../apps/server/src/db/client';
import { migrateDatabase } from '../apps/server/src/db/migrate';
import { seedDatabase } from '../apps/server/src/db/seed/seed';
import { encodeCursor, fingerprintOf } from '../apps/server/src/lib/keyset';
import { listCompanies } from '../apps/server/src/modules/companies/companies.service';
import { sized } from './bench-size';
import { onScratchPostgres } from './scratch-database';
import { median } from './sending-fixtures';

/**
 * The admin directory at 100,000 companies: one page (count and rows, as GET /api/admin/companies answers it)
 * for searches by a rare name, a common word, an e-mail fragment, two letters (too short for a trigram) and
 * none, each one's median and worst of RUNS; then paging: p50/p95 of PAGES pages at random places (next and
 * previous from a random row, and the last page and the one before it), without a filter and within a package,
 * beside the same pages read by OFFSET as the list did before. Prints the load average beside each figure and
 * the plans (EXPLAIN ANALYZE) of the rare-name and common-word searches. Targets: a search ≤ 300 ms; any page
 * ≤ 150 ms on PostgreSQL, ≤ 300 ms on PGlite. SIRA_BENCH_COMPANIES=1000000 measures PostgreSQL at that size too.
 */
const COMPANIES = sized(100_000, 1_000, process.env.BENCH_COMPANIES);
const LARGE = Number(process.env.SIRA_BENCH_COMPANIES ?? 0) || 0;
const RUNS = sized(7, 1);
const PAGES = sized(40, 4);
const OFFSET_PAGES = sized(10, 2);
const PAGE_SIZE = 1000;
const results: Array<Record<string, string | number>> = [];
const paging: Array<Record<string, string | number>> = [];
const plans: string[] = [];

const SEARCHES = {
  'rare name': 'الرواد 4217',
  'common word': 'للتجارة',
  'e-mail fragment': 'hr.4217',
  'two letters': 'ال',
  none: '',
};

/** 100,000 companies with names built from common Arabic company words, numbered so each is unique. */
async function fillDirectory(handle: DatabaseHandle, size: number) {
  await handle.db.execute(sql`
    insert into companies (name, email, sector, location, package_id)
    select
      (array['شركة','مؤسسة','مجموعة','مكتب'])[1 + i % 4] || ' ' ||
        (array['الرواد','الأفق','النخبة','المستقبل','الوطنية','الخليج','البناء','الريادة'])[1 + i % 8] || ' ' || i || ' ' ||
        (array['للتجارة','للمقاولات','للتقنية','للاستشارات','للخدمات'])[1 + i % 5],
      'hr.' || i || '@company' || (i % 97) || '.example',
      (array['تقنية المعلومات','التجزئة','البناء','الصحة'])[1 + i % 4],
      (array['الرياض','جدة','الدمام','مكة'])[1 + i % 4],
      -- Two packages, so the package filter pages through half the directory.
      (select id from packages where name <> ${ADMIN_PACKAGE} order by price, name limit 1 offset i % 2)
    from generate_series(1, ${size}) as i`);
}

/** The plans of listCompanies' two statements for a search: the capped count and the page. */
async function explain(handle: DatabaseHandle, search: string) {
  const where = sql`companies.search_text like lower(${`%${search}%`})`;
  const statements = {
    count: sql`explain (analyze, costs off) select count(*) from (select 1 from companies where ${where}
      limit ${ADMIN_COMPANIES_SEARCH_COUNT_LIMIT + 1}) as matches`,
    page: sql`explain (analyze, costs off) select companies.id from companies join packages on packages.id = companies.package_id
      where ${where} order by companies.name, companies.id limit 1001`,
  };
  for (const [name, statement] of Object.entries(statements)) {
    const lines = rowsOf<Record<string, string>>(await handle.db.execute(statement)).map((row) => Object.values(row)[0]);
    plans.push(`— ${handle.kind} ${name} («${search}»):\n${lines.join('\n')}`);
  }
}

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
};
const load = () => loadavg()[0]?.toFixed(1) ?? '';

/**
 * Cursors to pages at random places, as the panel's buttons would carry them: the next page after a random row
 * and the previous page before one, the last page, and the page before the last. Made from keys read by OFFSET
 * (not timed), with the fingerprint listCompanies gives these filters.
 */
async function randomCursors(handle: DatabaseHandle, packageId: string | undefined, pages: number) {
  const where = packageId ? sql`where package_id = ${packageId}` : sql``;
  const [counted] = rowsOf<{ n: number }>(await handle.db.execute(sql`select count(*)::int as n from companies ${where}`));
  const n = Number(counted?.n ?? 0);
  const f = fingerprintOf('companies', '', packageId ?? '');
  const cursors: Array<{ label: string; cursor: string }> = [{ label: 'last', cursor: encodeCursor({ v: 1, f, d: 'last' }) }];
  for (let i = 0; i < pages; i++) {
    const place = Math.floor(Math.random() * n);
    const [row] = rowsOf<{ name: string; id: string }>(
      await handle.db.execute(sql`select name, id from companies ${where} order by name, id limit 1 offset ${place}`),
    );
    if (!row) continue;
    const d = i % 2 === 0 ? 'after' : 'before';
    cursors.push({ label: d, cursor: encodeCursor({ v: 1, f, d, k: [row.name, row.id], p: Math.max(1, place + 1), e: false }) });
  }
  // The page before the last: a walk back from the end.
  const last = await listCompanies(handle.db, { packageId, cursor: cursors[0]?.cursor, pageSize: PAGE_SIZE });
  if (last.cursors.previous) cursors.push({ label: 'before last', cursor: last.cursors.previous });
  return { n, cursors };
}

/** The page as the list read it before: the exact count, then OFFSET. */
async function offsetPage(handle: DatabaseHandle, packageId: string | undefined, offset: number) {
  const where = packageId ? sql`where c.package_id = ${packageId}` : sql``;
  await handle.db.execute(sql`select count(*) from companies c ${where}`);
  await handle.db.execute(sql`select c.*, p.name as package_name,
      exists (select 1 from company_opt_outs o where o.email = lower(c.email)) as opted_out
    from companies c join packages p on p.id = c.package_id ${where}
    order by c.name, c.id limit ${PAGE_SIZE} offset ${offset}`);
}

async function measurePaging(database: string, handle: DatabaseHandle, size: number) {
  const [growth] = rowsOf<{ id: string }>(
    await handle.db.execute(sql`select id from packages where name <> ${ADMIN_PACKAGE} order by price, name limit 1`),
  );
  for (const [filter, packageId] of [
    ['none', undefined],
    ['one package', growth?.id],
  ] as const) {
    const { n, cursors } = await randomCursors(handle, packageId, PAGES);
    // Warm-up: the first and the last page, not counted.
    await listCompanies(handle.db, { packageId, pageSize: PAGE_SIZE });
    await listCompanies(handle.db, { packageId, cursor: cursors[0]?.cursor, pageSize: PAGE_SIZE });
    const times: number[] = [];
    const loads: string[] = [load()];
    let estimate = false;
    for (const { cursor } of cursors) {
      const started = performance.now();
      const page = await listCompanies(handle.db, { packageId, cursor, pageSize: PAGE_SIZE });
      times.push(performance.now() - started);
      estimate ||= page.totalIsEstimate;
      if (page.items.length === 0) throw new Error('an empty page');
    }
    loads.push(load());
    const lastTimes = times.filter((_, i) => cursors[i]?.label.includes('last'));
    const offsets: number[] = [];
    for (let i = 0; i < OFFSET_PAGES; i++) {
      // Random pages, the last among them.
      const offset = i === 0 ? Math.max(0, n - PAGE_SIZE) : Math.floor((Math.random() * n) / PAGE_SIZE) * PAGE_SIZE;
      const started = performance.now();
      await offsetPage(handle, packageId, offset);
      offsets.push(performance.now() - started);
    }
    loads.push(load());
    paging.push({
      database,
      companies: size,
      filter,
      rows: n,
      pages: times.length,
      'p50 ms': percentile(times, 50).toFixed(0),
      'p95 ms': percentile(times, 95).toFixed(0),
      'max ms': Math.max(...times).toFixed(0),
      'last pages ms': lastTimes.map((t) => t.toFixed(0)).join(' / '),
      slowest: times
        .map((t, i) => ({ t, label: cursors[i]?.label ?? '' }))
        .sort((a, b) => b.t - a.t)
        .slice(0, 3)
        .map(({ t, label }) => `${label} ${t.toFixed(0)}`)
        .join(', '),
      total: estimate ? 'estimate' : 'exact',
      'OFFSET p50 / p95 ms': `${percentile(offsets, 50).toFixed(0)} / ${percentile(offsets, 95).toFixed(0)}`,
      load: loads.join(' → '),
    });
  }
}

async function measure(database: string, handle: DatabaseHandle, size = COMPANIES, searches = true) {
  await migrateDatabase(handle);
  await seedDatabase(handle.db, { publicBaseUrl: 'http://localhost:3000', demoContent: true });
  await fillDirectory(handle, size);
  await handle.db.execute(sql`analyze companies`);
  await measurePaging(database, handle, size);
  if (!searches) return;
  for (const [label, search] of Object.entries(SEARCHES)) {
    const times: number[] = [];
    let total = 0;
    let estimate = false;
    for (let run = 0; run <= RUNS; run++) {
      const started = performance.now();
      const page = await listCompanies(handle.db, { search });
      // The first run warms caches and plans; it is not counted.
      if (run > 0) times.push(performance.now() - started);
      total = page.total;
      estimate = page.totalIsEstimate;
    }
    results.push({
      database,
      companies: size,
      search: label,
      matches: estimate ? `≈ ${total}` : total,
      'median ms': median(times).toFixed(0),
      'max ms': Math.max(...times).toFixed(0),
      load: load(),
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

it.runIf(process.env.TEST_DATABASE_URL && LARGE)(
  `pages ${LARGE} companies on PostgreSQL`,
  async () => {
    await onScratchPostgres((handle) => measure('PostgreSQL 15', handle, LARGE, false));
  },
  3_600_000,
);

afterAll(() => {
  console.log(`\nAdmin directory paging, pages of ${PAGE_SIZE} by key at random places (target ≤ 150 ms PostgreSQL, ≤ 300 ms PGlite)`);
  console.table(paging);
  console.log(`\nAdmin directory search, one page of GET /api/admin/companies at ${COMPANIES} companies (target ≤ 300 ms)`);
  console.table(results);
  console.log(plans.join('\n\n'));
});

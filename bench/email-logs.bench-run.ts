import { loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import { ADMIN_PACKAGE, DELIVERY_PAGE_SIZE } from '@sira/shared';
import type { SendingLogsParams } from '@sira/shared/schemas/sending-admin';
import { type SQL, sql } from 'drizzle-orm';
import { afterAll, it } from 'vitest';
import { type DatabaseHandle, openDatabase, rowsOf } from '../apps/server/src/db/client';
import { migrateDatabase } from '../apps/server/src/db/migrate';
import { seedDatabase } from '../apps/server/src/db/seed/seed';
import { encodeCursor, fingerprintOf } from '../apps/server/src/lib/keyset';
import { FAILED_EMAILS_PAGE_SIZE, listFailedEmails } from '../apps/server/src/modules/sending/failed-emails.service';
import { listSendingLogs } from '../apps/server/src/modules/sending/sending.admin-service';
import { sized } from './bench-size';
import { onScratchPostgres } from './scratch-database';

/**
 * The admin's e-mail logs (GET /api/admin/sending/logs) and failed e-mails (GET /api/admin/sending/failed-emails)
 * paged by key: p50/p95 of PAGES whole answers at random places (the next page after a random row, the previous
 * before one, the last page and the one before it), without a filter, by status and by a user's e-mail, beside
 * the same lists read as they were before (the count, then OFFSET, at random pages, the last among them). Prints
 * the load average beside each figure and the plans of the page reads.
 *
 * The two lists read send_jobs and failed_emails, not deliveries: ROWS rows in each is the bound of an
 * installation with ROWS deliveries (every delivery its own request, and every one failed). 200,000 on PGlite;
 * SIRA_BENCH_LARGE=1000000 measures PostgreSQL at that size (TEST_DATABASE_URL).
 */
const ROWS = sized(200_000, 2_000, process.env.BENCH_EMAIL_LOG_ROWS);
const LARGE = Number(process.env.SIRA_BENCH_LARGE ?? 0) || 0;
const PAGES = sized(40, 4);
const OFFSET_PAGES = sized(12, 2);
const USERS = 200;
const results: Array<Record<string, string | number>> = [];
const plans: string[] = [];

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
};
const load = () => loadavg()[0]?.toFixed(1) ?? '';
const ms = (values: number[]) => `${percentile(values, 50).toFixed(0)} / ${percentile(values, 95).toFixed(0)}`;

/** USERS users, and `size` send jobs and failed e-mails among them, four to an instant (ties ordered by id). */
async function fill(handle: DatabaseHandle, size: number) {
  await handle.db.execute(sql`
    insert into "user" (id, name, email, email_verified)
    select 'bench-' || i, 'Bench', 'bench' || i || '@sira.example', true from generate_series(1, ${USERS}) as i`);
  await handle.db.execute(sql`
    insert into profiles (id, email, full_name, package_id)
    select 'bench-' || i, 'bench' || i || '@sira.example', 'سارة أحمد',
      (select id from packages where name <> ${ADMIN_PACKAGE} order by price, name limit 1)
    from generate_series(1, ${USERS}) as i`);
  await handle.db.execute(sql`
    insert into send_jobs (profile_id, subject, content, resume_path, status, sent_count, failed_count,
      total_emails_intended, created_at)
    select 'bench-' || (1 + i % ${USERS}), 'طلب وظيفة مطور ' || i, '<p>x</p>', 'bench/cv.pdf',
      (array['completed','completed','completed','completed','completed','completed','completed','failed','processing','pending'])[1 + i % 10],
      40, 2, 50, now() - (i / 4) * interval '30 seconds'
    from generate_series(1, ${size}) as i`);
  await handle.db.execute(sql`
    insert into failed_emails (profile_id, email, error, created_at)
    select 'bench-' || (1 + i % ${USERS}), 'hr.' || i || '@company.example', '550 5.1.1 mailbox unavailable',
      now() - (i / 4) * interval '30 seconds'
    from generate_series(1, ${size}) as i`);
  await handle.db.execute(sql`analyze`);
}

interface ListCase {
  list: string;
  filter: string;
  /** The rows of the list, for OFFSET: a from and where clause over alias j. */
  from: SQL;
  fingerprint: string;
  pageSize: number;
  /** The whole answer, as the route gives it. */
  page: (
    cursor?: string,
  ) => Promise<{ total: number; totalIsEstimate: boolean; itemCount: number; last: string | null; previous: string | null }>;
  /** The answer as the list read it before: its count(s), then OFFSET. */
  offsetPage: (offset: number) => Promise<void>;
  /** The page read alone, to EXPLAIN: the rows after a key. */
  pageRead: (key: [string, string]) => SQL;
}

const exactTime = (column: SQL) => sql`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

function logsCase(handle: DatabaseHandle, filter: string, params: Omit<SendingLogsParams, 'cursor'>): ListCase {
  const pattern = `%${params.search}%`;
  const where = sql.join(
    [
      params.search ? sql`(p.email ilike ${pattern} or j.subject ilike ${pattern})` : sql`true`,
      params.status ? sql`j.status = ${params.status}` : sql`true`,
    ],
    sql` and `,
  );
  const from = sql`send_jobs j join profiles p on p.id = j.profile_id where ${where}`;
  return {
    list: 'e-mail logs',
    filter,
    from,
    fingerprint: fingerprintOf('sending-logs', params.search, params.status),
    pageSize: DELIVERY_PAGE_SIZE,
    page: async (cursor) => {
      const page = await listSendingLogs(handle.db, { ...params, cursor });
      return { ...page, itemCount: page.rows.length, last: page.cursors.last, previous: page.cursors.previous };
    },
    // The code before keyset paging: the four counters (with the join), then the page by OFFSET.
    offsetPage: async (offset) => {
      await Promise.all([
        handle.db.execute(sql`
          select count(*)::int as total,
            count(*) filter (where j.status in ('pending','processing'))::int as in_progress,
            count(*) filter (where j.status = 'completed')::int as completed,
            count(*) filter (where j.status = 'failed')::int as failed
          from ${from}`),
        handle.db.execute(sql`
          select j.id, p.email as user_email, k.name as package_name, j.subject, j.status,
            j.sent_count as sent, j.failed_count as failed, j.total_emails_intended as total, j.created_at
          from send_jobs j join profiles p on p.id = j.profile_id left join packages k on k.id = p.package_id
          where ${where}
          order by j.created_at desc, j.id desc
          limit ${DELIVERY_PAGE_SIZE} offset ${offset}`),
      ]);
    },
    pageRead: (key) => sql`
      select j.id from send_jobs j join profiles p on p.id = j.profile_id left join packages k on k.id = p.package_id
      where ${where} and (j.created_at, j.id) < (${key[0]}::timestamptz, ${key[1]}::uuid) and j.created_at <= ${key[0]}::timestamptz
      order by j.created_at desc, j.id desc limit ${DELIVERY_PAGE_SIZE + 1}`,
  };
}

function failedCase(handle: DatabaseHandle): ListCase {
  return {
    list: 'failed e-mails',
    filter: 'none',
    from: sql`failed_emails j where true`,
    fingerprint: fingerprintOf('failed-emails'),
    pageSize: FAILED_EMAILS_PAGE_SIZE,
    page: async (cursor) => {
      const page = await listFailedEmails(handle.db, { cursor });
      return { ...page, itemCount: page.items.length, last: page.cursors.last, previous: page.cursors.previous };
    },
    offsetPage: async (offset) => {
      await handle.db.execute(sql`select count(*) from failed_emails`);
      await handle.db.execute(sql`
        select f.id, f.email, p.email as user_email, f.error, f.created_at
        from failed_emails f join profiles p on p.id = f.profile_id
        order by f.created_at desc, f.id desc limit ${FAILED_EMAILS_PAGE_SIZE} offset ${offset}`);
    },
    pageRead: (key) => sql`
      select f.id from failed_emails f join profiles p on p.id = f.profile_id
      where (f.created_at, f.id) < (${key[0]}::timestamptz, ${key[1]}::uuid) and f.created_at <= ${key[0]}::timestamptz
      order by f.created_at desc, f.id desc limit ${FAILED_EMAILS_PAGE_SIZE + 1}`,
  };
}

/** The key of the row at `place` (0-based) in the list's order, read by OFFSET (not timed). */
async function keyAt(handle: DatabaseHandle, c: ListCase, place: number): Promise<[string, string] | undefined> {
  const [row] = rowsOf<{ t: string; id: string }>(
    await handle.db.execute(
      sql`select ${exactTime(sql`j.created_at`)} as t, j.id from ${c.from} order by j.created_at desc, j.id desc limit 1 offset ${place}`,
    ),
  );
  return row ? [row.t, row.id] : undefined;
}

async function measureCase(database: string, handle: DatabaseHandle, size: number, c: ListCase) {
  const [counted] = rowsOf<{ n: number }>(await handle.db.execute(sql`select count(*)::int as n from ${c.from}`));
  const n = Number(counted?.n ?? 0);
  const cursors: Array<{ label: string; cursor: string }> = [
    { label: 'last', cursor: encodeCursor({ v: 1, f: c.fingerprint, d: 'last' }) },
  ];
  let sampleKey: [string, string] | undefined;
  for (let i = 0; i < PAGES; i++) {
    const place = Math.floor(Math.random() * n);
    const key = await keyAt(handle, c, place);
    if (!key) continue;
    sampleKey ??= key;
    const d = i % 2 === 0 ? 'after' : 'before';
    cursors.push({ label: d, cursor: encodeCursor({ v: 1, f: c.fingerprint, d, k: key, p: Math.max(1, place + 1), e: false }) });
  }
  const last = await c.page(cursors[0]?.cursor);
  if (last.previous) cursors.push({ label: 'before last', cursor: last.previous });
  // Warm-up: the first page, not counted.
  await c.page();
  const loads = [load()];
  const times: number[] = [];
  let estimate = false;
  for (const { cursor } of cursors) {
    const started = performance.now();
    const page = await c.page(cursor);
    times.push(performance.now() - started);
    estimate ||= page.totalIsEstimate;
    if (page.itemCount === 0) throw new Error('an empty page');
  }
  loads.push(load());
  const offsets: number[] = [];
  for (let i = 0; i < OFFSET_PAGES; i++) {
    const offset = i === 0 ? Math.max(0, n - c.pageSize) : Math.floor((Math.random() * n) / c.pageSize) * c.pageSize;
    const started = performance.now();
    await c.offsetPage(offset);
    offsets.push(performance.now() - started);
  }
  loads.push(load());
  results.push({
    database,
    rows: size,
    list: c.list,
    filter: c.filter,
    matching: n,
    pages: times.length,
    'by key p50 / p95 ms': ms(times),
    'last pages ms': times
      .filter((_, i) => cursors[i]?.label.includes('last'))
      .map((t) => t.toFixed(0))
      .join(' / '),
    total: estimate ? 'estimate' : 'exact',
    'OFFSET p50 / p95 ms': ms(offsets),
    load: loads.join(' → '),
  });
  if (sampleKey) {
    const lines = rowsOf<Record<string, string>>(await handle.db.execute(sql`explain (analyze, costs off) ${c.pageRead(sampleKey)}`)).map(
      (row) => Object.values(row)[0],
    );
    plans.push(`— ${database} ${size} ${c.list} (${c.filter}), a page by key:\n${lines.join('\n')}`);
  }
}

async function measure(database: string, handle: DatabaseHandle, size: number) {
  await migrateDatabase(handle);
  await seedDatabase(handle.db, { publicBaseUrl: 'http://localhost:3000', demoContent: false });
  await fill(handle, size);
  await measureCase(database, handle, size, logsCase(handle, 'none', { search: '', status: '' }));
  await measureCase(database, handle, size, logsCase(handle, 'status failed', { search: '', status: 'failed' }));
  await measureCase(database, handle, size, logsCase(handle, "one user's e-mail", { search: 'bench17@sira.example', status: '' }));
  await measureCase(database, handle, size, failedCase(handle));
}

it(`pages the e-mail logs and failed e-mails at ${ROWS} rows on PGlite`, async () => {
  const handle = await openDatabase({});
  try {
    await measure('PGlite', handle, ROWS);
  } finally {
    await handle.close();
  }
}, 1_800_000);

it.runIf(process.env.TEST_DATABASE_URL)(
  `pages the e-mail logs and failed e-mails at ${LARGE || ROWS} rows on PostgreSQL`,
  async () => {
    await onScratchPostgres((handle) => measure('PostgreSQL 15', handle, LARGE || ROWS));
  },
  3_600_000,
);

afterAll(() => {
  console.log('\nAdmin e-mail logs and failed e-mails, pages of 50 by key at random places, beside OFFSET');
  console.table(results);
  console.log(plans.join('\n\n'));
});

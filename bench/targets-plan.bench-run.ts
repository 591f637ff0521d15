import { readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import { type SQL, sql } from 'drizzle-orm';
import { afterAll, it, vi } from 'vitest';
import { type Database, type DatabaseHandle, openDatabase, rowsOf } from '../apps/server/src/db/client';
import { migrateDatabase } from '../apps/server/src/db/migrate';
import { seedDatabase } from '../apps/server/src/db/seed/seed';
import { createSecretBox } from '../apps/server/src/lib/secret-box';
import { planSend } from '../apps/server/src/modules/sending/send-plan.service';
import { getSendTargets } from '../apps/server/src/modules/sending/targeting';
import { sized } from './bench-size';
import { onScratchPostgres } from './scratch-database';
import { BENCH_APP_SECRET, benchPackage, benchPdf, benchUsers } from './sending-fixtures';

/**
 * "Targets and plan": GET /api/sending/targets (the live counts on /send-resume) and GET /api/sending/plan, through
 * their services, at 100,000 companies of which one user has contacted 20,000 (a tenth still waiting, some by an
 * address in other letter case, some to a company deleted since; 2,000 failed deliveries besides, which do not
 * count), with three other users' 20,000 deliveries each in the same table and a few opt-outs. Both run with the
 * rule of sending/contacted.ts ("new") and with the statement it replaced ("old", kept here only as the baseline),
 * turn about, so both see the same load; each figure has the 1-minute load average beside it (mean over its runs).
 * Beside the times, the processor time a request took (mean): this process's, plus on PostgreSQL its server
 * processes' (from /proc, so the server must run on this machine): what it would take on an idle machine.
 * Prints the plans (EXPLAIN ANALYZE) of the targets statement, new and old. Target ≤ 150 ms p95 on a quiet machine.
 */
const COMPANIES = sized(100_000, 2_000, process.env.BENCH_COMPANIES);
const CONTACTED = sized(20_000, 400, process.env.BENCH_CONTACTED);
const FAILED = Math.round(CONTACTED / 10);
const OTHER_USERS = 3;
const RUNS = sized(40, 2, process.env.BENCH_RUNS);

type Reachable = { with: SQL; where: SQL; own: SQL };
const rule = vi.hoisted(() => ({ old: false }));

/** The statement before: the user's deliveries read twice (by company id, then by address), each opt-out table joined. */
function oldStillReachable(profileId: string): Reachable {
  return {
    with: sql`unused as (select 1)`,
    where: sql`not exists (
      select 1 from deliveries d
      where d.profile_id = ${profileId} and d.company_id = c.id and d.status <> 'failed'
    ) and lower(c.email) not in (
      select lower(d.recipient_email) from deliveries d where d.profile_id = ${profileId} and d.status <> 'failed'
    ) and not exists (select 1 from company_opt_outs o where o.email = lower(c.email))
      and not exists (select 1 from sender_opt_outs so where so.profile_id = ${profileId} and so.email = lower(c.email))`,
    // The user's own companies came with the current rule; the same conditions written the old way.
    own: sql`u.profile_id = ${profileId} and u.hard_failures = 0 and lower(u.email) not in (
      select lower(d.recipient_email) from deliveries d where d.profile_id = ${profileId} and d.status <> 'failed'
    ) and not exists (select 1 from company_opt_outs o where o.email = lower(u.email))
      and not exists (select 1 from sender_opt_outs so where so.profile_id = ${profileId} and so.email = lower(u.email))`,
  };
}

vi.mock('../apps/server/src/modules/sending/contacted', async (importOriginal) => {
  const current = await importOriginal<typeof import('../apps/server/src/modules/sending/contacted')>();
  return {
    ...current,
    stillReachable: (profileId: string): Reachable => (rule.old ? oldStillReachable(profileId) : current.stillReachable(profileId)),
  };
});

const results: Array<Record<string, string | number>> = [];
const plans: string[] = [];

const percentile = (values: number[], p: number) => {
  const sorted = values.slice().sort((a, b) => a - b);
  return sorted[Math.max(0, Math.ceil(sorted.length * p) - 1)] as number;
};

/** One user with CONTACTED companies contacted, three others with deliveries of their own, a few opt-outs. */
async function fill(db: Database) {
  const packageId = await benchPackage(db, COMPANIES);
  const users = await benchUsers(db, {
    count: 1 + OTHER_USERS,
    packageId,
    balance: COMPANIES,
    pdf: benchPdf(4096),
    secretBox: createSecretBox(BENCH_APP_SECRET),
  });
  const deliver = async (profileId: string, rows: SQL) => {
    const [job] = rowsOf<{ id: string }>(
      await db.execute(sql`insert into send_jobs (profile_id, subject, content, resume_path, send_window)
        values (${profileId}, 'طلب توظيف', '<p>السلام عليكم</p>', 'bench.pdf', 'any_time') returning id`),
    );
    await db.execute(sql`
      insert into deliveries (job_id, profile_id, company_id, recipient_email, company_name, sector, location, status)
      select ${job?.id}, ${profileId}, company_id, recipient_email, c.name, c.sector, c.location, status
      from (${rows}) r join companies c on c.id = r.id`);
  };
  const directory = sql`select c.id, c.email, c.name, row_number() over (order by c.name) as n from companies c where c.package_id = ${packageId}`;
  const [me, ...others] = users;
  if (!me) throw new Error('no bench user');
  // Every 50th to a company deleted since (no company id), every 7th written in capitals, every 10th still waiting.
  await deliver(
    me.profileId,
    sql`select id, case when n % 50 = 0 then null else id end as company_id,
      case when n % 7 = 0 then upper(email) else email end as recipient_email,
      case when n % 10 = 0 then 'pending' else 'sent' end as status
    from (${directory}) x where n <= ${CONTACTED}`,
  );
  await deliver(
    me.profileId,
    sql`select id, id as company_id, email as recipient_email, 'failed' as status
    from (${directory}) x where n > ${CONTACTED} and n <= ${CONTACTED + FAILED}`,
  );
  for (const [i, other] of others.entries()) {
    await deliver(
      other.profileId,
      sql`select id, id as company_id, email as recipient_email, 'sent' as status
      from (${directory}) x where (n + ${i * 7919}) % ${COMPANIES} < ${CONTACTED}`,
    );
  }
  await db.execute(sql`
    insert into company_opt_outs (email, company_name, source)
    select lower(c.email), c.name, 'admin' from (${directory}) c where c.n % 1000 = 500`);
  await db.execute(sql`
    insert into sender_opt_outs (profile_id, email, source)
    select ${me.profileId}, lower(c.email), 'page' from (${directory}) c where c.n % 1000 = 700`);
  return me.profileId;
}

/** Processor milliseconds used so far by this process and, on PostgreSQL, by the database's server processes. */
async function cpuMs(handle: DatabaseHandle): Promise<number> {
  const own = process.cpuUsage();
  let ms = (own.user + own.system) / 1000;
  if (handle.kind === 'postgres') {
    const backends = rowsOf<{ pid: number }>(
      await handle.db.execute(sql`select pid from pg_stat_activity where datname = current_database()`),
    );
    for (const { pid } of backends) {
      try {
        // Fields 14 and 15 (utime, stime) after the command name, in clock ticks (1/100 s).
        const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
        ms += (Number(fields[11]) + Number(fields[12])) * 10;
      } catch {
        // A connection closed meanwhile.
      }
    }
  }
  return ms;
}

/** The database as the services use it, keeping the last statement that matched `pattern`. */
function capturing(db: Database, pattern: RegExp): { db: Database; last: () => SQL | undefined } {
  let last: SQL | undefined;
  const execute = ((query: SQL) => {
    const text = query.queryChunks
      .map((chunk) => (typeof chunk === 'object' && chunk !== null && 'value' in chunk ? String(chunk.value) : ''))
      .join('');
    if (pattern.test(text)) last = query;
    return db.execute(query);
  }) as Database['execute'];
  return { db: new Proxy(db, { get: (target, key) => (key === 'execute' ? execute : Reflect.get(target, key)) }), last: () => last };
}

async function measure(database: string, handle: DatabaseHandle) {
  await migrateDatabase(handle);
  await seedDatabase(handle.db, { publicBaseUrl: 'http://localhost:3000', demoContent: true });
  const profileId = await fill(handle.db);
  // What autovacuum (PostgreSQL) or the upkeep task (PGlite) does soon after a send: statistics, visibility map.
  await handle.db.execute(sql`vacuum analyze`);

  const now = new Date('2026-03-01T09:00:00Z');
  const targets = () => getSendTargets(handle.db, profileId);
  const plan = () => planSend(handle.db, profileId, { sendWindow: 'working_hours' }, now);
  const times = {
    old: { targets: [] as number[], plan: [] as number[], load: [] as number[], cpuTargets: 0, cpuPlan: 0 },
    new: { targets: [] as number[], plan: [] as number[], load: [] as number[], cpuTargets: 0, cpuPlan: 0 },
  };
  const answers = { old: '', new: '' };
  for (let run = 0; run <= RUNS; run++) {
    for (const variant of run % 2 ? (['old', 'new'] as const) : (['new', 'old'] as const)) {
      rule.old = variant === 'old';
      const cpu0 = await cpuMs(handle);
      let started = performance.now();
      const groups = await targets();
      const targetsMs = performance.now() - started;
      const cpu1 = await cpuMs(handle);
      started = performance.now();
      const planned = await plan();
      const planMs = performance.now() - started;
      const cpu2 = await cpuMs(handle);
      answers[variant] = JSON.stringify({ groups, messages: planned.messages });
      // The first run warms caches and plans; it is not counted.
      if (run === 0) continue;
      times[variant].targets.push(targetsMs);
      times[variant].plan.push(planMs);
      times[variant].cpuTargets += cpu1 - cpu0;
      times[variant].cpuPlan += cpu2 - cpu1;
      times[variant].load.push(loadavg()[0] ?? 0);
    }
  }
  rule.old = false;
  if (answers.old !== answers.new) throw new Error(`the new rule answers differently:\nold ${answers.old}\nnew ${answers.new}`);
  const reachable = (JSON.parse(answers.new) as { groups: { groups: { count: number }[] } }).groups.groups.reduce((n, g) => n + g.count, 0);

  for (const variant of ['new', 'old'] as const) {
    const load = times[variant].load;
    const loadText = `${(load.reduce((a, b) => a + b, 0) / load.length).toFixed(1)} (${Math.min(...load).toFixed(1)}–${Math.max(...load).toFixed(1)})`;
    for (const what of ['targets', 'plan'] as const) {
      results.push({
        database,
        rule: variant,
        endpoint: what,
        reachable,
        'p50 ms': percentile(times[variant][what], 0.5).toFixed(0),
        'p95 ms': percentile(times[variant][what], 0.95).toFixed(0),
        'max ms': Math.max(...times[variant][what]).toFixed(0),
        'CPU ms': ((what === 'targets' ? times[variant].cpuTargets : times[variant].cpuPlan) / RUNS).toFixed(0),
        load: loadText,
      });
    }
  }

  for (const variant of ['new', 'old'] as const) {
    rule.old = variant === 'old';
    const seen = capturing(handle.db, /group by c\.sector, c\.location\s+order by/);
    await getSendTargets(seen.db, profileId);
    const statement = seen.last();
    if (!statement) throw new Error('the targets statement was not seen');
    const lines = rowsOf<Record<string, string>>(await handle.db.execute(sql`explain (analyze, buffers) ${statement}`)).map(
      (row) => Object.values(row)[0],
    );
    plans.push(`— ${database}, targets, ${variant} rule:\n${lines.join('\n')}`);
  }
  rule.old = false;
}

it(`counts targets and plans among ${COMPANIES} companies, ${CONTACTED} contacted, on PGlite`, async () => {
  const handle = await openDatabase({});
  try {
    await measure('PGlite', handle);
  } finally {
    await handle.close();
  }
});

it.runIf(process.env.TEST_DATABASE_URL)(
  `counts targets and plans among ${COMPANIES} companies, ${CONTACTED} contacted, on PostgreSQL`,
  async () => {
    await onScratchPostgres((handle) => measure('PostgreSQL 15', handle));
  },
);

afterAll(() => {
  console.log(
    `\nTargets and plan: GET /api/sending/targets and /api/sending/plan (services), ${COMPANIES} companies, ${CONTACTED} contacted by the user, ${RUNS} runs each (target ≤ 150 ms p95)`,
  );
  console.table(results);
  console.log(plans.join('\n\n'));
});

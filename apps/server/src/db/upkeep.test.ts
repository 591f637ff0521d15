import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../test-support/db';
import { type DatabaseHandle, rowsOf } from './client';
import { runUpkeep, upkeepPlan } from './upkeep';

const activity = (over: Partial<Parameters<typeof upkeepPlan>[0][number]>) => ({
  relname: 't',
  n_live_tup: 1000,
  n_dead_tup: 0,
  n_mod_since_analyze: 0,
  n_ins_since_vacuum: 0,
  ...over,
});

describe('upkeep plan (autovacuum rules, default thresholds)', () => {
  it('vacuums past 50 + 20 % dead rows or 1,000 + 20 % inserts, and analyses past 50 + 10 % changes', () => {
    expect(upkeepPlan([activity({ n_dead_tup: 250 })])).toEqual([]);
    expect(upkeepPlan([activity({ n_dead_tup: 251 })])).toEqual([{ table: 't', vacuum: true, analyze: false }]);
    expect(upkeepPlan([activity({ n_ins_since_vacuum: 1200 })])).toEqual([]);
    expect(upkeepPlan([activity({ n_ins_since_vacuum: 1201 })])).toEqual([{ table: 't', vacuum: true, analyze: false }]);
    expect(upkeepPlan([activity({ n_mod_since_analyze: 150 })])).toEqual([]);
    expect(upkeepPlan([activity({ n_mod_since_analyze: 151 })])).toEqual([{ table: 't', vacuum: false, analyze: true }]);
    expect(upkeepPlan([activity({ relname: 'a', n_dead_tup: 900, n_mod_since_analyze: 900 }), activity({ relname: 'b' })])).toEqual([
      { table: 'a', vacuum: true, analyze: true },
    ]);
    // A table and its TOAST: one action with what either needs.
    expect(upkeepPlan([activity({ n_mod_since_analyze: 151 }), activity({ n_dead_tup: 251 })])).toEqual([
      { table: 't', vacuum: true, analyze: true },
    ]);
  });
});

// The task runs on PGlite only (PostgreSQL servers have autovacuum); there, one session writes and reads the
// counters, so the figures below are exact.
describe.skipIf(process.env.SIRA_TEST_DB === 'postgres')('upkeep on PGlite', () => {
  let handle: DatabaseHandle;
  beforeAll(async () => {
    handle = await createTestDatabase();
  });
  afterAll(() => handle.close());

  const stats = async () =>
    rowsOf<{ n_dead_tup: number; last_vacuum: unknown; last_analyze: unknown }>(
      await handle.db.execute(sql`
        select n_dead_tup::int, coalesce(last_vacuum, last_autovacuum) as last_vacuum, last_analyze
        from pg_stat_user_tables where relname = 'upkeep_probe'`),
    )[0];

  it('vacuums and analyses a table whose rows were rewritten, and leaves it alone afterwards', async () => {
    await handle.db.execute(sql`create table upkeep_probe (id int primary key, v int not null)`);
    await handle.db.execute(sql`insert into upkeep_probe select g, 0 from generate_series(1, 2000) g`);
    await handle.db.execute(sql`vacuum analyze upkeep_probe`);
    // 3 × 1,000 updates: 3,000 dead versions (limit 50 + 20 % of 2,000 = 450) and 3,000 changes.
    for (let i = 0; i < 3; i++) await handle.db.execute(sql`update upkeep_probe set v = v + 1 where id <= 1000`);

    const actions = await runUpkeep(handle.db);
    expect(actions).toContainEqual({ table: 'upkeep_probe', vacuum: true, analyze: true });
    await handle.db.execute(sql`select pg_stat_force_next_flush()`);
    const after = await stats();
    expect(after?.n_dead_tup).toBe(0);
    expect(after?.last_vacuum).not.toBeNull();
    expect(after?.last_analyze).not.toBeNull();

    expect((await runUpkeep(handle.db)).map((a) => a.table)).not.toContain('upkeep_probe');
  });

  it('vacuums a table whose large values were deleted, by the dead chunks of its TOAST as autovacuum counts them', async () => {
    // Ten rows of ~50 KB of incompressible bytes each (as résumés are), stored out of line in ~26 chunks each.
    await handle.db.execute(sql`create table upkeep_blob (id int primary key, bytes bytea not null)`);
    await handle.db.execute(sql`
      insert into upkeep_blob
      select g, (select decode(string_agg(md5(random()::text || i || g), ''), 'hex') from generate_series(1, 3200) i)
      from generate_series(1, 10) g`);
    await handle.db.execute(sql`vacuum analyze upkeep_blob`);
    // Six rows deleted: far below the table's own limit (50 + 20 %), some 150 dead chunks in its TOAST.
    await handle.db.execute(sql`delete from upkeep_blob where id <= 6`);

    expect(await runUpkeep(handle.db)).toContainEqual({ table: 'upkeep_blob', vacuum: true, analyze: false });
    await handle.db.execute(sql`select pg_stat_force_next_flush()`);
    const [toast] = rowsOf<{ n_dead_tup: number }>(
      await handle.db.execute(sql`
        select s.n_dead_tup::int from pg_stat_all_tables s join pg_class c on c.reltoastrelid = s.relid
        where c.relname = 'upkeep_blob'`),
    );
    expect(toast?.n_dead_tup).toBe(0);
  });
});

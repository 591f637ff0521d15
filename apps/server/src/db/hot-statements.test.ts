import { sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestDatabase, testDatabaseKind } from '../../test-support/db';
import { type DatabaseHandle, rowsOf } from './client';
import { type HotStatements, hotQuery, hotTransaction } from './hot-statements';

describe('hot statements (named prepared statements)', () => {
  let handle: DatabaseHandle;
  beforeAll(async () => {
    handle = await createTestDatabase();
    await handle.db.execute(sql`create table hot_probe (id int primary key, label text not null)`);
  });
  afterAll(() => handle.close());

  const labels = async () =>
    rowsOf<{ id: number; label: string }>(await handle.db.execute(sql`select id, label from hot_probe order by id`)).map(
      (r) => `${r.id}:${r.label}`,
    );

  it('returns numbers, booleans, text and nulls alike on both databases, and takes arrays with awkward text', async () => {
    const awkward = ['plain', 'with "quotes"', 'back\\slash', 'comma, {braces}', 'عربي', ''];
    const probe = (values: string[], n: number) =>
      hotQuery<{ i: number; big: number; f: number; yes: boolean; t: string; none: string | null; items: string; count: number }>(
        handle.db,
        'sira_test_probe_v1',
        sql`select ${n}::int as i, (${n}::bigint * 1000) as big, (${n}::float8 / 4) as f, ${n}::int > 1 as yes,
          'نص'::text as t, null::text as none, array_to_json(${sql.param(values)}::text[])::text as items,
          cardinality(${sql.param(values)}::text[]) as count`,
      );
    const [first] = await probe(awkward, 3);
    expect(first).toEqual({ i: 3, big: 3000, f: 0.75, yes: true, t: 'نص', none: null, items: JSON.stringify(awkward), count: 6 });
    // The second call runs the statement parsed by the first.
    const [second] = await probe([], 1);
    expect(second).toMatchObject({ i: 1, yes: false, items: '[]', count: 0 });
  });

  it('builds a statement with drizzle the first time, and from its own pieces once both builds agree', async () => {
    const built = vi.spyOn(PgDialect.prototype, 'sqlToQuery');
    try {
      const probe = (n: number, label: string) =>
        hotQuery<{ n: number; labels: string; fixed: string; epoch: number }>(
          handle.db,
          'sira_test_walk_v1',
          sql`select ${n}::int as n, ${sql.param([label, 'x'])}::text[]::text as labels, ${sql.raw(`'fixed'`)}::text as fixed,
            extract(epoch from ${new Date(n * 1000)}::timestamptz)::float8 as epoch`,
        );
      expect(await probe(1, 'a')).toEqual([{ n: 1, labels: '{a,x}', fixed: 'fixed', epoch: 1 }]);
      expect(await probe(2, 'b "c"')).toEqual([{ n: 2, labels: '{"b \\"c\\"",x}', fixed: 'fixed', epoch: 2 }]);
      expect(built).toHaveBeenCalledTimes(1);
    } finally {
      built.mockRestore();
    }
  });

  it('a failing call leaves the statement usable', async () => {
    const divide = (by: number) => hotQuery<{ q: number }>(handle.db, 'sira_test_divide_v1', sql`select 10 / ${by}::int as q`);
    await expect(divide(0)).rejects.toThrow(/division by zero/);
    expect(await divide(0).catch(() => 'failed again')).toBe('failed again');
    expect(await divide(5)).toEqual([{ q: 2 }]);
    expect(await divide(2)).toEqual([{ q: 5 }]);
  });

  it('a transaction commits its statements together, or none of them when its work throws', async () => {
    const insert = (hot: HotStatements, id: number, label: string) =>
      hot.rows('sira_test_insert_v1', sql`insert into hot_probe (id, label) values (${id}::int, ${label}::text) returning id`);
    await hotTransaction(handle.db, async (hot) => {
      await insert(hot, 1, 'one');
      await insert(hot, 2, 'two');
    });
    await expect(
      hotTransaction(handle.db, async (hot) => {
        await insert(hot, 3, 'three');
        throw new Error('changed my mind');
      }),
    ).rejects.toThrow('changed my mind');
    // A statement failing inside (duplicate key) rolls back what came before it.
    await expect(
      hotTransaction(handle.db, async (hot) => {
        await insert(hot, 4, 'four');
        await insert(hot, 1, 'again');
      }),
    ).rejects.toThrow(/duplicate key/);
    expect(await labels()).toEqual(['1:one', '2:two']);
  });

  it('other queries wait for a transaction instead of running inside it', async () => {
    let entered!: () => void;
    const inside = new Promise<void>((resolve) => {
      entered = resolve;
    });
    const transaction = hotTransaction(handle.db, async (hot) => {
      await hot.rows('sira_test_insert_v1', sql`insert into hot_probe (id, label) values (${10}::int, ${'tx'}::text) returning id`);
      entered();
      await new Promise((resolve) => setTimeout(resolve, 100));
      throw new Error('roll back');
    });
    await inside;
    // Issued while the transaction is open: must not become part of it (and be rolled back with it).
    const outside = handle.db.execute(sql`insert into hot_probe (id, label) values (11, 'outside')`);
    const named = hotQuery(
      handle.db,
      'sira_test_insert_v1',
      sql`insert into hot_probe (id, label) values (${12}::int, ${'named'}::text) returning id`,
    );
    await expect(transaction).rejects.toThrow('roll back');
    await outside;
    await named;
    expect(await labels()).toEqual(['1:one', '2:two', '11:outside', '12:named']);
  });

  it.skipIf(testDatabaseKind() === 'postgres')('parses a statement again once the session has lost it (PGlite: one session)', async () => {
    const probe = () => hotQuery<{ one: number }>(handle.db, 'sira_test_lost_v1', sql`select ${1}::int as one`);
    expect(await probe()).toEqual([{ one: 1 }]);
    await handle.db.execute(sql`deallocate all`);
    await expect(probe()).rejects.toThrow(/does not exist/);
    expect(await probe()).toEqual([{ one: 1 }]);
  });

  it("refuses a transaction's handle after the transaction, and parameters it cannot send as text", async () => {
    let kept: HotStatements | undefined;
    await hotTransaction(handle.db, async (hot) => {
      kept = hot;
    });
    await expect(
      kept?.rows('sira_test_insert_v1', sql`insert into hot_probe (id, label) values (${20}::int, ${'late'}::text) returning id`),
    ).rejects.toThrow('has ended');
    await expect(hotQuery(handle.db, 'sira_test_object_v1', sql`select ${sql.param({ a: 1 })}::jsonb as j`)).rejects.toThrow(TypeError);
    await expect(hotQuery(handle.db, 'sira_test_nested_v1', sql`select ${sql.param([['a']])}::text[] as n`)).rejects.toThrow(TypeError);
    expect(await labels()).not.toContain('20:late');
  });
});

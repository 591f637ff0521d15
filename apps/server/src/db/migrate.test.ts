import { sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../test-support/db';
import { type DatabaseHandle, openDatabase } from './client';
import { assertMigrated, DatabaseNotMigratedError, withPreparationLock } from './migrate';

const open: DatabaseHandle[] = [];
afterEach(async () => {
  for (const handle of open.splice(0).reverse()) await handle.close();
});

describe('assertMigrated (MIGRATE_ON_START=false)', () => {
  it('accepts a database with every migration, and refuses one a migration behind, naming the command to run', async () => {
    const handle = await createTestDatabase();
    open.push(handle);
    await expect(assertMigrated(handle)).resolves.toBeUndefined();
    // The database of the previous version: the newest migration not applied yet.
    await handle.db.execute(
      sql`delete from drizzle.__drizzle_migrations where created_at = (select max(created_at) from drizzle.__drizzle_migrations)`,
    );
    await expect(assertMigrated(handle)).rejects.toThrow(DatabaseNotMigratedError);
    await expect(assertMigrated(handle)).rejects.toThrow(/lacks 1 migration\(s\).*Run `npm run migrate`/);
    // And one never migrated at all.
    await handle.db.execute(sql`drop schema drizzle cascade`);
    await expect(assertMigrated(handle)).rejects.toThrow(/lacks \d+ migration/);
  });
});

const urlOf = (handle: DatabaseHandle) =>
  (handle.db as unknown as { $client: { options: { connectionString: string } } }).$client.options.connectionString;

describe.runIf(process.env.SIRA_TEST_DB === 'postgres' && process.env.TEST_DATABASE_URL)('withPreparationLock (PostgreSQL)', () => {
  it('lets one process prepare at a time: a second waits until the first is done', async () => {
    const first = await createTestDatabase();
    open.push(first);
    // A second process on the same database: its own pool.
    const second = await openDatabase({ url: urlOf(first), poolSize: 2 });
    open.push(second);
    const events: string[] = [];
    const prepare = (name: string) => async () => {
      events.push(`${name} in`);
      await new Promise((r) => setTimeout(r, 300));
      events.push(`${name} out`);
      return name;
    };
    const results = await Promise.all([withPreparationLock(first, prepare('a')), withPreparationLock(second, prepare('b'))]);
    expect(results).toEqual(['a', 'b']);
    expect([events.slice(0, 2), events.slice(2)].map((pair) => pair[0]?.split(' ')[0] === pair[1]?.split(' ')[0])).toEqual([true, true]);
  });

  it('releases the lock when the preparation fails, so the next process can go on', async () => {
    const handle = await createTestDatabase();
    open.push(handle);
    const other = await openDatabase({ url: urlOf(handle), poolSize: 2 });
    open.push(other);
    await expect(
      withPreparationLock(handle, async () => {
        throw new Error('migration failed');
      }),
    ).rejects.toThrow('migration failed');
    const stuck = new Promise((resolve) => setTimeout(() => resolve('still waiting for the lock'), 3_000).unref());
    await expect(Promise.race([withPreparationLock(other, async () => 'next'), stuck])).resolves.toBe('next');
  });
});

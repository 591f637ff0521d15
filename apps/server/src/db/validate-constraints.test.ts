import { sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../test-support/db';
import { type DatabaseHandle, rowsOf } from './client';
import { migrateDatabase } from './migrate';
import { validateConstraints } from './validate-constraints';

const open: DatabaseHandle[] = [];
afterEach(async () => {
  for (const handle of open.splice(0)) await handle.close();
});

const notValidated = async (handle: DatabaseHandle) =>
  rowsOf<{ conname: string }>(
    await handle.db.execute(sql`select conname from pg_constraint where not convalidated and contype in ('c', 'f') order by conname`),
  ).map((row) => row.conname);

describe('constraints added NOT VALID by migrations', () => {
  it('are validated once the migrations have run, so none is left unchecked', async () => {
    const handle = await createTestDatabase();
    open.push(handle);
    // The template went through migrateDatabase; 0021 and 0022 add theirs NOT VALID.
    expect(await notValidated(handle)).toEqual([]);
    await handle.db.execute(sql`alter table "invoices" drop constraint "invoices_profile_id_profiles_id_fk"`);
    await handle.db.execute(
      sql`alter table "invoices" add constraint "invoices_profile_id_profiles_id_fk" foreign key ("profile_id") references "profiles"("id") on delete set null not valid`,
    );
    expect(await notValidated(handle)).toEqual(['invoices_profile_id_profiles_id_fk']);
    expect(await migrateDatabase(handle)).toEqual({ validated: ['invoices.invoices_profile_id_profiles_id_fk'], failed: [] });
    expect(await notValidated(handle)).toEqual([]);
  });

  it('validates each on its own: one that existing rows break is reported and left as it is, the others validated', async () => {
    const handle = await createTestDatabase();
    open.push(handle);
    await handle.db.execute(sql`create table "quoted ""name""" (n integer)`);
    await handle.db.execute(sql`insert into "quoted ""name""" values (1), (-1)`);
    await handle.db.execute(sql`alter table "quoted ""name""" add constraint "Positive" check (n > 0) not valid`);
    await handle.db.execute(sql`alter table "quoted ""name""" add constraint "small" check (n < 10) not valid`);
    const result = await validateConstraints(handle);
    expect(result.validated).toEqual(['"quoted ""name""".small']);
    expect(result.failed).toEqual([{ constraint: '"quoted ""name""".Positive', message: expect.stringContaining('"Positive"') }]);
    expect(await notValidated(handle)).toEqual(['Positive']);
    // The constraint not validated still holds for new rows.
    await expect(handle.db.execute(sql`insert into "quoted ""name""" values (-2)`)).rejects.toThrow();
  });
});

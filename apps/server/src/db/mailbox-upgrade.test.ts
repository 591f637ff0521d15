import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../test-support/db';
import { type DatabaseHandle, rowsOf } from './client';

/**
 * The rolling upgrade to several mailboxes (ADR 030, migration 0027): while the previous version still runs it
 * reads and writes user_gmail, and what it writes there must reach user_mailboxes, which this version sends from.
 */

let handle: DatabaseHandle;
beforeAll(async () => {
  handle = await createTestDatabase();
  await handle.db.execute(sql`
    insert into "user" (id, name, email, email_verified) values ('upgrade-1', 'U', 'upgrade1@sira.example', true)`);
  await handle.db.execute(sql`
    insert into profiles (id, email, package_id) values ('upgrade-1', 'upgrade1@sira.example', (select id from packages order by id limit 1))`);
});
afterAll(async () => {
  await handle?.close();
});

const mailboxes = async () =>
  rowsOf<{
    provider: string;
    email: string;
    credential: string | null;
    access_token: string | null;
    chosen: boolean;
    daily_cap: number | null;
  }>(
    await handle.db.execute(sql`
      select provider, email, credential, access_token, chosen, daily_cap from user_mailboxes where profile_id = 'upgrade-1'`),
  );

describe('a Gmail the previous version writes during the upgrade', () => {
  it('is carried over when linked or refreshed, and unlinked when it unlinks it', async () => {
    await handle.db.execute(sql`
      insert into user_gmail (profile_id, email, refresh_token, access_token, google_sub)
      values ('upgrade-1', 'old@gmail.com', 'sealed-refresh', 'sealed-access', 'sub-1')`);
    expect(await mailboxes()).toEqual([
      {
        provider: 'gmail',
        email: 'old@gmail.com',
        credential: 'sealed-refresh',
        access_token: 'sealed-access',
        chosen: true,
        daily_cap: null,
      },
    ]);
    await handle.db.execute(sql`update user_gmail set access_token = 'sealed-access-2', daily_cap = 50 where profile_id = 'upgrade-1'`);
    expect(await mailboxes()).toMatchObject([{ access_token: 'sealed-access-2', daily_cap: 50, chosen: true }]);
    await handle.db.execute(sql`delete from user_gmail where profile_id = 'upgrade-1'`);
    expect(await mailboxes()).toMatchObject([{ credential: null, access_token: null, chosen: false }]);
  });

  it('a rewrite by this version (sira.legacy_sync) is not an unlink', async () => {
    await handle.db.execute(sql`
      insert into user_gmail (profile_id, email, refresh_token, access_token) values ('upgrade-1', 'old@gmail.com', 'sealed-2', 'a')`);
    await handle.db.transaction(async (tx) => {
      await tx.execute(sql`select set_config('sira.legacy_sync', 'on', true)`);
      await tx.execute(sql`delete from user_gmail where profile_id = 'upgrade-1'`);
    });
    expect(await mailboxes()).toMatchObject([{ credential: 'sealed-2', chosen: true }]);
  });
});

import { type SQL, sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabaseHandle } from '../../../../test-support/db';
import { type Database, rowsOf } from '../../../db/client';
import { MailboxPick } from './mailbox-pick';
import { pickMailboxes } from './queue';

/**
 * The scheduler's round over the mailboxes with work, on the real database: every such mailbox is picked within
 * as many passes as the round needs, whatever else is left out meanwhile, and the statement walks the index of
 * linked mailboxes by user instead of sorting every mailbox.
 */

const MAILBOXES = 3_000;
let handle: TestDatabaseHandle;
/** The profile ids of the mailboxes with work (a job pending or under way, not paused), in key order. */
let withWork: string[];

beforeAll(async () => {
  handle = await createTestDatabase();
  // Mailbox i: a job in progress, except every 7th (its only job completed), every 11th (paused for an hour) and
  // every 13th (no job at all).
  await handle.db.execute(sql`
    insert into "user" (id, name, email, email_verified)
    select 'pick-' || lpad(i::text, 5, '0'), 'Pick', 'pick' || i || '@sira.example', true from generate_series(1, ${MAILBOXES}) i`);
  await handle.db.execute(sql`
    insert into profiles (id, email, package_id)
    select id, email, (select p.id from packages p order by p.id limit 1) from "user" where id like 'pick-%'`);
  await handle.db.execute(sql`
    insert into user_gmail (profile_id, email, refresh_token, paused_until)
    select id, replace(email, '@sira.example', '@gmail.com'), 'sealed',
      case when substr(id, 6)::int % 11 = 0 then now() + interval '1 hour' end
    from "user" where id like 'pick-%'`);
  await handle.db.execute(sql`
    insert into send_jobs (profile_id, subject, content, resume_path, status)
    select id, 's', 'c', id || '/cv.pdf', case when substr(id, 6)::int % 7 = 0 then 'completed' else 'processing' end
    from "user" where id like 'pick-%' and substr(id, 6)::int % 13 <> 0`);
  await handle.db.execute(sql`analyze`);
  withWork = rowsOf<{ id: string }>(
    await handle.db.execute(sql`
      select id from "user" where id like 'pick-%'
        and substr(id, 6)::int % 7 <> 0 and substr(id, 6)::int % 11 <> 0 and substr(id, 6)::int % 13 <> 0
      order by id`),
  ).map((r) => r.id);
}, 120_000);

afterAll(async () => {
  await handle?.close();
});

describe('the mailbox pick', () => {
  it('walks the mailboxes with work in key order, leaving out the skipped ones, paused ones and those without a job', async () => {
    const first = await pickMailboxes(handle.db, 10, '', [withWork[1] as string]);
    expect(first.map((m) => m.profileId)).toEqual([withWork[0], ...withWork.slice(2, 11)]);
    const upTo = await pickMailboxes(handle.db, 100, withWork[20] as string, [], withWork[25] as string);
    expect(upTo.map((m) => m.profileId)).toEqual(withWork.slice(21, 26));
    expect(first[0]?.email).toMatch(/^pick\d+@gmail\.com$/);
  });

  it('picks every mailbox with work within ⌈mailboxes ÷ runs per pass⌉ passes, whatever is left out meanwhile', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 0, max: withWork.length - 1 }),
        fc.integer({ min: 40, max: 400 }),
        fc.string({ maxLength: 12 }),
        fc.infiniteStream(fc.array(fc.integer({ min: 0, max: withWork.length - 1 }), { maxLength: 200 })),
        async (watchedIndex, perPass, start, skipped) => {
          const watched = withWork[watchedIndex] as string;
          const pick = new MailboxPick(start);
          const passes = Math.ceil(withWork.length / perPass);
          let found = false;
          for (let pass = 0; pass < passes && !found; pass++) {
            // Mailboxes running or resting at this pass: any others than the one watched.
            const skip = (skipped.next().value as number[]).map((i) => withWork[i] as string).filter((id) => id !== watched);
            const { mailboxes, othersWaiting } = await pick.next(handle.db, perPass, skip);
            const ids = mailboxes.map((m) => m.profileId);
            expect(ids.filter((id) => skip.includes(id))).toEqual([]);
            expect(new Set(ids).size).toBe(ids.length);
            expect(ids.every((id) => withWork.includes(id))).toBe(true);
            expect(othersWaiting).toBe(withWork.length - new Set(skip).size > perPass);
            found = ids.includes(watched);
          }
          expect(found).toBe(true);
        },
      ),
      { numRuns: 25 },
    );
  }, 120_000);

  it('serves the mailboxes in turns: over a whole round each is picked once', async () => {
    const pick = new MailboxPick('');
    const seen: string[] = [];
    while (seen.length < withWork.length) seen.push(...(await pick.next(handle.db, 97, [])).mailboxes.map((m) => m.profileId));
    expect(seen.slice(0, withWork.length).sort()).toEqual([...withWork].sort());
    expect(new Set(seen.slice(0, withWork.length)).size).toBe(withWork.length);
  }, 60_000);

  it('reads the linked mailboxes in key order and sorts no mailbox', async () => {
    // The statement as the scheduler sends it, planned on this database's statistics.
    let statement: SQL | undefined;
    const catching = {
      execute: async (query: SQL) => {
        statement = query;
        return { rows: [] };
      },
    } as unknown as Database;
    await pickMailboxes(catching, 17, withWork[100] as string, [withWork[101] as string, withWork[102] as string]);
    const plan = rowsOf<Record<string, string>>(await handle.db.execute(sql`explain ${statement}`))
      .map((r) => Object.values(r)[0])
      .join('\n');
    expect(plan).toContain('user_mailboxes_linked_profile_idx');
    expect(plan).not.toMatch(/\bSort\b/);
  });
});

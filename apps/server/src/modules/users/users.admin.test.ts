import { ADMIN_USER_LIST_CAP } from '@sira/shared';
import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { useTestApp } from '../../../test-support/app';
import { signedInAdmin, signedInUser, TEST_APPLICANT_NAME } from '../../../test-support/auth';
import { auditLog, packages, profiles, user } from '../../db/schema';
import { updateAdminUser } from './users.admin-service';

const ctx = useTestApp();

type Row = { id: string; email: string; fullName: string | null; packageName: string; messagesRemaining: number; createdAt: string };
type List = { rows: Row[]; total: number; capped: boolean; counts: { users: number; admins: number } };

const get = (cookie: string, query = '') => ctx.app.inject({ method: 'GET', url: `/api/admin/users${query}`, headers: { cookie } });
const list = async (cookie: string, query = '') => {
  const res = await get(cookie, query);
  expect(res.statusCode).toBe(200);
  return res.json() as List;
};
const patch = (cookie: string, id: string, payload: unknown) =>
  ctx.app.inject({ method: 'PATCH', url: `/api/admin/users/${encodeURIComponent(id)}`, headers: { cookie }, payload: payload as object });

async function profileOf(email: string) {
  const [row] = await ctx.db
    .select({ id: profiles.id, packageName: packages.name, messagesRemaining: profiles.messagesRemaining })
    .from(profiles)
    .innerJoin(packages, eq(packages.id, profiles.packageId))
    .where(eq(profiles.email, email));
  if (!row) throw new Error(`no profile for ${email}`);
  return row;
}

async function packageNamed(name: string) {
  const [row] = await ctx.db.select().from(packages).where(eq(packages.name, name));
  if (!row) throw new Error(`no package ${name}`);
  return row;
}

const auditFor = (entityId: string) =>
  ctx.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.entity, 'profiles'), eq(auditLog.entityId, entityId)));

describe('admin users: access', () => {
  it('answers 401 to visitors and 403 to signed-in users who are not administrators', async () => {
    const member = await signedInUser(ctx);
    const { id } = await profileOf(member.email);
    expect((await ctx.app.inject('/api/admin/users')).statusCode).toBe(401);
    expect((await get(member.cookie)).statusCode).toBe(403);
    const res = await patch(member.cookie, id, { packageName: 'admin', messagesRemaining: 0 });
    expect(res.statusCode).toBe(403);
    expect((await profileOf(member.email)).packageName).toBe('تجريبي');
  });
});

describe('GET /api/admin/users', () => {
  it('lists name, e-mail, package, balance and registration date, newest first, with user and admin counts', async () => {
    const admin = await signedInAdmin(ctx);
    const before = await list(admin.cookie);
    const tag = `ord${Date.now()}`;
    const made = [];
    for (const n of [1, 2, 3]) made.push(await signedInUser(ctx, { email: `${tag}.${n}@sira.example` }));
    // Distinct registration times, the oldest first: .1 is a day old, .3 the newest.
    for (const [i, account] of made.entries()) {
      await ctx.db
        .update(profiles)
        .set({ createdAt: sql`now() - ${`${3 - i} days`}::interval` })
        .where(eq(profiles.email, account.email));
    }
    const after = await list(admin.cookie, `?search=${tag}`);
    expect(after.rows.map((r) => r.email)).toEqual([`${tag}.3@sira.example`, `${tag}.2@sira.example`, `${tag}.1@sira.example`]);
    const trial = await packageNamed('تجريبي');
    expect(after.rows[0]).toMatchObject({ fullName: TEST_APPLICANT_NAME, packageName: 'تجريبي', messagesRemaining: trial.messagesLimit });
    // A user who has not given a name yet is listed without one.
    await ctx.db
      .update(profiles)
      .set({ fullName: null })
      .where(eq(profiles.email, `${tag}.2@sira.example`));
    expect((await list(admin.cookie, `?search=${tag}.2`)).rows[0]?.fullName).toBeNull();
    expect(Date.parse(after.rows[0]?.createdAt ?? '')).toBeGreaterThan(Date.parse(after.rows[1]?.createdAt ?? ''));
    expect(after.total).toBe(3);
    expect(after.capped).toBe(false);

    await signedInAdmin(ctx);
    const counted = await list(admin.cookie, `?search=${tag}`);
    // Counts are of the whole table, not of the search: three users and one more administrator.
    expect(counted.counts.users - before.counts.users).toBe(3);
    expect(counted.counts.admins - before.counts.admins).toBe(1);
  });

  it('searches e-mails case-insensitively by substring, treating % and _ as plain characters', async () => {
    const admin = await signedInAdmin(ctx);
    const tag = `srch${Date.now()}`;
    await signedInUser(ctx, { email: `${tag}.alpha@sira.example` });
    await signedInUser(ctx, { email: `${tag}.beta@sira.example` });
    const upper = await list(admin.cookie, `?search=${encodeURIComponent(`  ${tag.toUpperCase()}.ALP `)}`);
    expect(upper.rows.map((r) => r.email)).toEqual([`${tag}.alpha@sira.example`]);
    expect((await list(admin.cookie, `?search=${tag}`)).total).toBe(2);
    expect((await list(admin.cookie, `?search=${encodeURIComponent('%')}`)).total).toBe(0);
    expect((await list(admin.cookie, `?search=${encodeURIComponent(`${tag}_alpha`)}`)).total).toBe(0);
  });

  it('pages on the server and rejects a bad page or page size', async () => {
    const admin = await signedInAdmin(ctx);
    const tag = `page${Date.now()}`;
    for (const n of [1, 2, 3]) await signedInUser(ctx, { email: `${tag}.${n}@sira.example` });
    const first = await list(admin.cookie, `?search=${tag}&page=1&pageSize=2`);
    const second = await list(admin.cookie, `?search=${tag}&page=2&pageSize=2`);
    expect(first.rows).toHaveLength(2);
    expect(second.rows).toHaveLength(1);
    expect(first.total).toBe(3);
    expect(new Set([...first.rows, ...second.rows].map((r) => r.email)).size).toBe(3);
    for (const query of ['?page=0', '?pageSize=0', '?pageSize=101', '?page=abc']) {
      const res = await get(admin.cookie, query);
      expect([res.statusCode, res.json().code]).toEqual([400, 'VALIDATION']);
    }
  });

  it(`lists at most the newest ${ADMIN_USER_LIST_CAP} matches and warns from ${ADMIN_USER_LIST_CAP} on`, async () => {
    const admin = await signedInAdmin(ctx);
    const trial = await packageNamed('تجريبي');
    const tag = `bulk${Date.now()}`;
    const count = ADMIN_USER_LIST_CAP + 1;
    await ctx.db.execute(sql`
      insert into "user" (id, name, email)
      select ${tag}::text || '-' || n, 'bulk', ${tag}::text || '.' || n || '@bulk.example' from generate_series(1, ${count}::int) as n`);
    await ctx.db.execute(sql`
      insert into profiles (id, email, package_id, messages_remaining, created_at)
      select ${tag}::text || '-' || n, ${tag}::text || '.' || n || '@bulk.example', ${trial.id}::uuid, 0, now() - n * interval '1 minute'
      from generate_series(1, ${count}::int) as n`);

    const capped = await list(admin.cookie, `?search=${tag}&pageSize=100`);
    expect(capped.total).toBe(count);
    expect(capped.capped).toBe(true);
    const lastReachable = await list(admin.cookie, `?search=${tag}&pageSize=100&page=${ADMIN_USER_LIST_CAP / 100}`);
    expect(lastReachable.rows).toHaveLength(100);
    expect(lastReachable.rows.at(-1)?.email).toBe(`${tag}.${ADMIN_USER_LIST_CAP}@bulk.example`);
    const pastCap = await list(admin.cookie, `?search=${tag}&pageSize=100&page=${ADMIN_USER_LIST_CAP / 100 + 1}`);
    expect(pastCap.rows).toEqual([]);
    expect(pastCap.total).toBe(count);

    // Spec §2: the warning shows "when 1000 or more users are displayed" — at the cap too, not below it.
    await ctx.db.delete(user).where(eq(user.id, `${tag}-${count}`));
    const atCap = await list(admin.cookie, `?search=${tag}&pageSize=100`);
    expect([atCap.total, atCap.capped]).toEqual([ADMIN_USER_LIST_CAP, true]);
    await ctx.db.delete(user).where(eq(user.id, `${tag}-${count - 1}`));
    const belowCap = await list(admin.cookie, `?search=${tag}&pageSize=100`);
    expect([belowCap.total, belowCap.capped]).toEqual([ADMIN_USER_LIST_CAP - 1, false]);
  });
});

describe('PATCH /api/admin/users/:id', () => {
  it('keeps the package and sets the typed balance, with an audit entry of before and after', async () => {
    const admin = await signedInAdmin(ctx);
    const member = await signedInUser(ctx);
    const { id, messagesRemaining } = await profileOf(member.email);
    const res = await patch(admin.cookie, id, { packageName: 'تجريبي', messagesRemaining: 42 });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      id,
      email: member.email,
      fullName: TEST_APPLICANT_NAME,
      packageName: 'تجريبي',
      messagesRemaining: 42,
    });
    expect(await profileOf(member.email)).toMatchObject({ packageName: 'تجريبي', messagesRemaining: 42 });

    const [entry, ...more] = await auditFor(id);
    expect(more).toEqual([]);
    expect(entry).toMatchObject({
      actorEmail: admin.email,
      action: 'profiles.update',
      before: { packageName: 'تجريبي', messagesRemaining },
      after: { packageName: 'تجريبي', messagesRemaining: 42 },
    });
  });

  it("resets the balance to the new package's limit when the package changes, whatever was typed", async () => {
    const admin = await signedInAdmin(ctx);
    const member = await signedInUser(ctx);
    const { id } = await profileOf(member.email);
    const pro = await packageNamed('باقة المحترف');
    const res = await patch(admin.cookie, id, { packageName: 'باقة المحترف', messagesRemaining: 7 });
    expect(res.statusCode).toBe(200);
    expect(res.json().messagesRemaining).toBe(pro.messagesLimit);
    expect(await profileOf(member.email)).toMatchObject({ packageName: 'باقة المحترف', messagesRemaining: pro.messagesLimit });
  });

  it("tells the user's open pages, as their own actions do, and nobody else's", async () => {
    const admin = await signedInAdmin(ctx);
    const member = await signedInUser(ctx);
    const { id } = await profileOf(member.email);
    const published = vi.spyOn(ctx.app.events, 'publish');
    try {
      expect((await patch(admin.cookie, id, { packageName: 'باقة المحترف', messagesRemaining: 0 })).statusCode).toBe(200);
      expect((await patch(admin.cookie, id, { packageName: 'باقة المحترف', messagesRemaining: 9 })).statusCode).toBe(200);
      const refused = await patch(admin.cookie, id, { packageName: 'باقة غير موجودة', messagesRemaining: 3 });
      expect(refused.statusCode).toBe(400);
      const events = published.mock.calls.map(([event]) => event);
      expect(events).toEqual([
        { topic: 'profile', profileId: id },
        { topic: 'sending', profileId: id },
        { topic: 'profile', profileId: id },
        { topic: 'sending', profileId: id },
      ]);
    } finally {
      published.mockRestore();
    }
  });

  it('refuses a package that does not exist with PACKAGE_NOT_FOUND and changes nothing', async () => {
    const admin = await signedInAdmin(ctx);
    const member = await signedInUser(ctx);
    const before = await profileOf(member.email);
    const res = await patch(admin.cookie, before.id, { packageName: 'باقة غير موجودة', messagesRemaining: 3 });
    expect([res.statusCode, res.json().code]).toEqual([400, 'PACKAGE_NOT_FOUND']);
    expect(await profileOf(member.email)).toEqual(before);
    expect(await auditFor(before.id)).toEqual([]);
  });

  it('accepts only a whole, non-negative quantity and a package name', async () => {
    const admin = await signedInAdmin(ctx);
    const member = await signedInUser(ctx);
    const before = await profileOf(member.email);
    const bad: Array<[unknown, string]> = [
      [{ packageName: 'تجريبي', messagesRemaining: -1 }, 'messagesRemaining'],
      [{ packageName: 'تجريبي', messagesRemaining: 2.5 }, 'messagesRemaining'],
      [{ packageName: 'تجريبي', messagesRemaining: '5' }, 'messagesRemaining'],
      [{ packageName: '  ', messagesRemaining: 5 }, 'packageName'],
      [{ messagesRemaining: 5 }, 'packageName'],
    ];
    for (const [payload, path] of bad) {
      const res = await patch(admin.cookie, before.id, payload);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ code: 'VALIDATION', issues: [{ path }] });
    }
    const zero = await patch(admin.cookie, before.id, { packageName: 'تجريبي', messagesRemaining: 0 });
    expect(zero.json().messagesRemaining).toBe(0);
  });

  it('answers USER_NOT_FOUND for an unknown id', async () => {
    const admin = await signedInAdmin(ctx);
    const res = await patch(admin.cookie, 'no-such-profile', { packageName: 'تجريبي', messagesRemaining: 1 });
    expect([res.statusCode, res.json().code]).toEqual([404, 'USER_NOT_FOUND']);
  });

  it('does not let an administrator move their own account off the admin package', async () => {
    const admin = await signedInAdmin(ctx);
    const self = await profileOf(admin.email);
    const res = await patch(admin.cookie, self.id, { packageName: 'تجريبي', messagesRemaining: 1 });
    expect([res.statusCode, res.json().code]).toEqual([409, 'OWN_ADMIN_PACKAGE']);
    expect((await profileOf(admin.email)).packageName).toBe('admin');
    // Staying on admin is fine.
    expect((await patch(admin.cookie, self.id, { packageName: 'admin', messagesRemaining: 9 })).statusCode).toBe(200);
  });

  it('refuses to write over a balance that moved since the form opened (the user sent meanwhile)', async () => {
    const admin = await signedInAdmin(ctx);
    const member = await signedInUser(ctx);
    const { id } = await profileOf(member.email);
    await ctx.db.update(profiles).set({ messagesRemaining: 100 }).where(eq(profiles.id, id));
    // The dialog opened at 100; then 60 messages were scheduled.
    await ctx.db.update(profiles).set({ messagesRemaining: 40 }).where(eq(profiles.id, id));
    const stale = await patch(admin.cookie, id, { packageName: 'تجريبي', messagesRemaining: 100, messagesRemainingWas: 100 });
    expect([stale.statusCode, stale.json().code]).toEqual([409, 'BALANCE_CHANGED']);
    expect((await profileOf(member.email)).messagesRemaining).toBe(40);
    // Opened again, it shows 40 and saves.
    const fresh = await patch(admin.cookie, id, { packageName: 'تجريبي', messagesRemaining: 45, messagesRemainingWas: 40 });
    expect(fresh.statusCode).toBe(200);
    expect((await profileOf(member.email)).messagesRemaining).toBe(45);
  });

  it('two administrators demoting each other at once leave one administrator, never none', async () => {
    // Exactly two administrators: the others of this suite's database step down first.
    const a = await signedInAdmin(ctx);
    const b = await signedInAdmin(ctx);
    const trial = await packageNamed('تجريبي');
    const admin = await packageNamed('admin');
    const [ida, idb] = [(await profileOf(a.email)).id, (await profileOf(b.email)).id];
    const others = await ctx.db.select({ id: profiles.id }).from(profiles).where(eq(profiles.packageId, admin.id));
    const demoted = others.map((o) => o.id).filter((pid) => pid !== ida && pid !== idb);
    for (const pid of demoted) await ctx.db.update(profiles).set({ packageId: trial.id }).where(eq(profiles.id, pid));
    try {
      // Both past the route's admin check at once (the service itself, on two connections where the database
      // has them): each transaction sees the other's target still an admin when it starts.
      const outcomes = await Promise.allSettled([
        updateAdminUser(ctx.db, { id: ida, email: a.email }, idb, { packageName: 'تجريبي', messagesRemaining: 0 }),
        updateAdminUser(ctx.db, { id: idb, email: b.email }, ida, { packageName: 'تجريبي', messagesRemaining: 0 }),
      ]);
      expect(outcomes.map((o) => o.status).sort()).toEqual(['fulfilled', 'rejected']);
      const refused = outcomes.find((o) => o.status === 'rejected') as PromiseRejectedResult;
      expect(refused.reason).toMatchObject({ statusCode: 403, code: 'FORBIDDEN' });
      const left = await ctx.db.select({ id: profiles.id }).from(profiles).where(eq(profiles.packageId, admin.id));
      expect(left).toHaveLength(1);
    } finally {
      for (const pid of demoted) await ctx.db.update(profiles).set({ packageId: admin.id }).where(eq(profiles.id, pid));
    }
  });

  it('writes the change and its audit entry in one transaction: no audit, no change', async () => {
    const admin = await signedInAdmin(ctx);
    const member = await signedInUser(ctx);
    const before = await profileOf(member.email);
    await ctx.db.execute(sql`alter table audit_log add constraint test_block_profiles check (action <> 'profiles.update') not valid`);
    try {
      const res = await patch(admin.cookie, before.id, { packageName: 'باقة نمو', messagesRemaining: 1 });
      expect(res.statusCode).toBe(500);
    } finally {
      await ctx.db.execute(sql`alter table audit_log drop constraint test_block_profiles`);
    }
    expect(await profileOf(member.email)).toEqual(before);
  });
});

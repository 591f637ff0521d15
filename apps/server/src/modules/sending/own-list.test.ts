import { countFromSource, PACKAGE_COMPANY_LIMIT } from '@sira/shared';
import type { SendingCompose, SendTargets } from '@sira/shared/schemas/sending';
import type { SendPlan } from '@sira/shared/schemas/sending-window';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { signedInUser } from '../../../test-support/auth';
import { linkMailboxForTest, useAppWithGoogleSandbox } from '../../../test-support/mailbox';
import { balanceOf, profileIdOf, setBalance, uploadedResumeId } from '../../../test-support/sending';
import { rowsOf } from '../../db/client';
import { companies, companyOptOuts, deliveries, packages, profiles, senderOptOuts, sendJobs, userCompanies } from '../../db/schema';
import { claimDeliveries, recordFailed } from './worker/queue';

/**
 * Sending to the user's own companies ("my companies", ADR 029) and to both lists, over the real routes: what
 * the form counts, what the plan and scheduling take, each address once across the directory, the own list and
 * job ads, never another user's list, never an address that opted out, and an address refused as undeliverable
 * marked on the user's own row and not taken again. The rows are written here directly: the list's own API has
 * its own tests.
 */

const { ctx, sandbox } = useAppWithGoogleSandbox();

let counter = 0;
async function user(balance: number) {
  const account = await signedInUser(ctx);
  const profileId = await profileIdOf(ctx, account.email);
  await linkMailboxForTest(ctx, account.cookie, sandbox, `own${counter++}.${profileId.slice(0, 8)}@gmail.com`);
  await setBalance(ctx, profileId, balance);
  return { ...account, profileId, resumeId: await uploadedResumeId(ctx, account.cookie) };
}
type User = Awaited<ReturnType<typeof user>>;

const fresh = () => `jobs.${counter++}.${Date.now().toString(36)}@own-list-example.sa`;

interface OwnRow {
  name?: string;
  email: string;
  sector?: string;
  location?: string;
  hardFailures?: number;
}

async function addOwn(profileId: string, rows: OwnRow[]) {
  return ctx.db
    .insert(userCompanies)
    .values(
      rows.map((r, i) => ({
        profileId,
        name: r.name ?? `شركتي ${i + 1}`,
        email: r.email,
        sector: r.sector ?? 'غير محدد',
        location: r.location ?? 'غير محدد',
        hardFailures: r.hardFailures ?? 0,
      })),
    )
    .returning();
}

/** Trial package companies in the directory's scheduling order. */
async function trialCompanies() {
  return rowsOf<{ id: string; email: string; name: string; sector: string; location: string }>(
    await ctx.db.execute(sql`
      select c.id, c.email, c.name, c.sector, c.location from companies c join packages p on p.id = c.package_id
      where p.name = 'تجريبي' order by c.name, c.id`),
  );
}

const get = async <T>(cookie: string, url: string) => {
  const res = await ctx.app.inject({ url, headers: { cookie } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as T;
};

const send = (u: User, body: Record<string, unknown> = {}) =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/sending/jobs',
    headers: { cookie: u.cookie },
    payload: {
      resumeId: u.resumeId,
      subject: 'طلب توظيف لدى {{company_name}}',
      content: '<p>أرفقت سيرتي.</p>',
      sendWindow: 'any_time',
      ...body,
    },
  });

const applyToAd = (u: User, email: string) =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/job-ads/apply',
    headers: { cookie: u.cookie },
    payload: {
      text: `مطلوب محاسب. أرسل سيرتك على ${email}`,
      emails: [email],
      jobTitle: 'محاسب',
      companyName: 'شركة',
      resumeId: u.resumeId,
      subject: 'وظيفة {{job_title}}',
      content: '<p>سيرتي مرفقة.</p>',
      sendWindow: 'any_time',
    },
  });

const deliveriesOf = (profileId: string) => ctx.db.select().from(deliveries).where(eq(deliveries.profileId, profileId));

async function failNext(profileId: string, n: number, cause: 'retries' | 'address') {
  const claim = await claimDeliveries(ctx.db, profileId, n, 60);
  if (claim.kind !== 'claimed') throw new Error(`nothing claimed: ${claim.kind}`);
  for (const row of claim.rows) expect(await recordFailed(ctx.db, row.id, row.lease, `reason ${cause}`, cause)).toBe(true);
  return claim.rows;
}

describe('the own list in the counts, the compose and the plan', () => {
  it("counts the user's own companies still reachable, and those also reachable in the directory", async () => {
    const a = await user(100_000);
    const b = await user(100_000);
    const directory = await trialCompanies();
    const overlap = directory[3] as (typeof directory)[number];
    const contactedByAd = fresh();
    expect((await applyToAd(a, contactedByAd)).statusCode).toBe(201);
    const marked = fresh();
    await ctx.db.insert(companyOptOuts).values({ email: marked, companyName: 'x', source: 'admin' });
    const stopped = fresh();
    await ctx.db.insert(senderOptOuts).values({ profileId: a.profileId, email: stopped, source: 'page' });
    const open = fresh();
    await addOwn(a.profileId, [
      { email: open },
      { email: overlap.email.toUpperCase(), sector: 'قطاعي', location: 'مدينتي' },
      { email: fresh(), hardFailures: 1 },
      { email: marked.toUpperCase() },
      { email: stopped },
      { email: contactedByAd.toUpperCase() },
    ]);
    // B's list, with one of A's addresses: B's alone.
    await addOwn(b.profileId, [{ email: open }, { email: fresh() }, { email: stopped }]);

    const targets = await get<SendTargets>(a.cookie, '/api/sending/targets');
    // Grouped by the directory company's sector and city, not the user's own words for them.
    expect(targets.own).toEqual({ count: 2, alsoInDirectory: [{ sector: overlap.sector, city: overlap.location, count: 1 }] });
    expect(targets.groups.reduce((n, g) => n + g.count, 0)).toBe(directory.length);
    expect((await get<SendTargets>(b.cookie, '/api/sending/targets')).own).toEqual({ count: 3, alsoInDirectory: [] });

    const compose = await get<SendingCompose>(a.cookie, '/api/sending/compose');
    const [pkg] = await ctx.db
      .select({ allowed: packages.canUploadExcel })
      .from(packages)
      .innerJoin(profiles, eq(profiles.packageId, packages.id))
      .where(eq(profiles.id, a.profileId));
    expect(compose).toMatchObject({ ownCompaniesRemaining: 2, ownListAllowed: pkg?.allowed, companiesRemaining: directory.length });

    const all = { sectors: [], cities: [] };
    const plan = (source: string) => get<SendPlan>(a.cookie, `/api/sending/plan?sendWindow=any_time&source=${source}`);
    expect((await plan('own_list')).messages).toBe(2);
    const both = countFromSource('both', targets.groups, targets.own, all);
    expect(both).toBe(directory.length + 1);
    expect((await plan('both')).messages).toBe(Math.min(both, PACKAGE_COMPANY_LIMIT));
    expect((await plan('directory')).messages).toBe(Math.min(directory.length, PACKAGE_COMPANY_LIMIT));
    await ctx.db.delete(companyOptOuts).where(eq(companyOptOuts.email, marked));
  });

  it("says whether the user's package includes the own list", async () => {
    const u = await user(5);
    const [profile] = await ctx.db.select({ packageId: profiles.packageId }).from(profiles).where(eq(profiles.id, u.profileId));
    const packageId = profile?.packageId as string;
    const [before] = await ctx.db.select({ allowed: packages.canUploadExcel }).from(packages).where(eq(packages.id, packageId));
    try {
      for (const allowed of [true, false]) {
        await ctx.db.update(packages).set({ canUploadExcel: allowed }).where(eq(packages.id, packageId));
        expect((await get<SendingCompose>(u.cookie, '/api/sending/compose')).ownListAllowed).toBe(allowed);
      }
    } finally {
      await ctx.db
        .update(packages)
        .set({ canUploadExcel: before?.allowed ?? false })
        .where(eq(packages.id, packageId));
    }
  });
});

describe('scheduling from the own list', () => {
  it('takes the list whole (sectors and cities narrow the directory only), the user’s rows only, each once', async () => {
    const a = await user(10);
    const b = await user(10);
    const mine = await addOwn(a.profileId, [
      { name: 'ب شركة', email: fresh(), sector: 'التقنية', location: 'جدة' },
      { name: 'أ شركة', email: fresh(), sector: 'المالية', location: 'الدمام' },
    ]);
    await addOwn(b.profileId, [{ email: fresh() }]);
    const res = await send(a, { source: 'own_list', targeting: { sectors: ['لا يوجد قطاع كهذا'], cities: ['لا مدينة'] } });
    expect(res.statusCode, res.body).toBe(201);
    const { jobId, scheduled } = res.json() as { jobId: string; scheduled: number };
    expect(scheduled).toBe(2);
    const [job] = await ctx.db.select().from(sendJobs).where(eq(sendJobs.id, jobId));
    expect(job).toMatchObject({ targetSource: 'own_list', targetSectors: null, targetCities: null, totalEmailsIntended: 2 });
    const rows = await deliveriesOf(a.profileId);
    expect(rows).toHaveLength(2);
    for (const own of mine) {
      const row = rows.find((r) => r.userCompanyId === own.id);
      expect(row).toMatchObject({
        source: 'own_list',
        companyId: null,
        jobAdId: null,
        jobTitle: null,
        recipientEmail: own.email,
        companyName: own.name,
        sector: own.sector,
        location: own.location,
      });
    }
    expect(await balanceOf(ctx, a.profileId)).toBe(8);

    // Nothing left on the list: refused, and nothing charged.
    const again = await send(a, { source: 'own_list' });
    expect([again.statusCode, again.json()]).toEqual([409, { code: 'NO_OWN_COMPANIES' }]);
    expect(await balanceOf(ctx, a.profileId)).toBe(8);
    // A job ad to an address the own list already wrote to is refused.
    expect((await applyToAd(a, String(mine[0]?.email).toUpperCase())).json()).toEqual({ code: 'JOB_AD_ADDRESS_CONTACTED' });
    // B's row was never A's to send.
    expect(rows.every((r) => mine.some((m) => m.id === r.userCompanyId))).toBe(true);
  });

  it('stops at the balance, in the list’s order; without a list, says so', async () => {
    const u = await user(1);
    await addOwn(u.profileId, [
      { name: 'ي', email: fresh() },
      { name: 'أ', email: fresh() },
    ]);
    expect((await send(u, { source: 'own_list' })).json()).toMatchObject({ scheduled: 1 });
    expect((await deliveriesOf(u.profileId)).map((r) => r.companyName)).toEqual(['أ']);
    const empty = await user(3);
    expect((await send(empty, { source: 'own_list' })).json()).toEqual({ code: 'NO_OWN_COMPANIES' });
  });

  it("to both takes each address once, the own list's row winning, and narrows the directory only", async () => {
    const u = await user(100_000);
    const directory = await trialCompanies();
    const overlap = directory[5] as (typeof directory)[number];
    const city = overlap.location;
    const ownRows = await addOwn(u.profileId, [
      { name: 'شركتي المشتركة', email: overlap.email.toUpperCase(), location: 'مدينة أخرى' },
      { name: 'شركتي وحدها', email: fresh(), location: 'مدينة أخرى' },
    ]);
    const targeting = { sectors: [], cities: [city] };
    const targets = await get<SendTargets>(u.cookie, '/api/sending/targets');
    const expected = Math.min(countFromSource('both', targets.groups, targets.own, targeting), PACKAGE_COMPANY_LIMIT);
    const inCity = directory.filter((c) => c.location === city).length;
    expect(expected).toBe(Math.min(inCity + 1, PACKAGE_COMPANY_LIMIT));
    expect((await get<SendPlan>(u.cookie, `/api/sending/plan?sendWindow=any_time&source=both&count=${expected}`)).messages).toBe(expected);

    const res = await send(u, { source: 'both', targeting });
    expect(res.statusCode, res.body).toBe(201);
    expect((res.json() as { scheduled: number }).scheduled).toBe(expected);
    const rows = await deliveriesOf(u.profileId);
    const shared = rows.filter((r) => r.recipientEmail.toLowerCase() === overlap.email.toLowerCase());
    expect(shared).toHaveLength(1);
    expect(shared[0]).toMatchObject({ source: 'own_list', userCompanyId: ownRows[0]?.id, companyId: null, companyName: 'شركتي المشتركة' });
    expect(rows.filter((r) => r.source === 'own_list')).toHaveLength(2);
    expect(rows.filter((r) => r.source === 'directory').every((r) => r.location === city)).toBe(true);
    const [job] = await ctx.db
      .select()
      .from(sendJobs)
      .where(eq(sendJobs.id, rows[0]?.jobId as string));
    expect(job).toMatchObject({ targetSource: 'both', targetCities: [city], targetSectors: null });

    // Never twice: nothing of either list in that city is left, and the directory send after it takes no address again.
    expect((await send(u, { source: 'both', targeting })).json()).toEqual({ code: 'NO_MATCHING_COMPANIES' });
    expect((await send(u, { source: 'own_list' })).json()).toEqual({ code: 'NO_OWN_COMPANIES' });
    expect((await send(u)).statusCode).toBe(201);
    const all = await deliveriesOf(u.profileId);
    expect(new Set(all.map((r) => r.recipientEmail.toLowerCase())).size).toBe(all.length);
  });

  it('to both, the own list goes first when the balance cuts', async () => {
    const u = await user(2);
    await addOwn(u.profileId, [{ name: 'ي شركتي', email: fresh() }]);
    expect((await send(u, { source: 'both' })).json()).toMatchObject({ scheduled: 2 });
    expect((await deliveriesOf(u.profileId)).map((r) => r.source).sort()).toEqual(['directory', 'own_list']);
  });

  it('never schedules an address that opted out, from the directory or the own list', async () => {
    const u = await user(100_000);
    const directory = await trialCompanies();
    const markedCompany = directory[0] as (typeof directory)[number];
    const stoppedCompany = directory[1] as (typeof directory)[number];
    await ctx.db.insert(companyOptOuts).values({ email: markedCompany.email.toLowerCase(), companyName: 'x', source: 'admin' });
    await ctx.db.insert(senderOptOuts).values({ profileId: u.profileId, email: stoppedCompany.email.toLowerCase(), source: 'page' });
    const markedOwn = fresh();
    await ctx.db.insert(companyOptOuts).values({ email: markedOwn, companyName: 'x', source: 'admin' });
    await addOwn(u.profileId, [
      { email: markedCompany.email.toUpperCase() },
      { email: stoppedCompany.email },
      { email: markedOwn },
      { email: fresh() },
    ]);
    try {
      expect((await send(u, { source: 'both' })).statusCode).toBe(201);
      const sentTo = new Set((await deliveriesOf(u.profileId)).map((r) => r.recipientEmail.toLowerCase()));
      for (const blocked of [markedCompany.email, stoppedCompany.email, markedOwn]) expect(sentTo.has(blocked.toLowerCase())).toBe(false);
      expect(sentTo.size).toBe(Math.min(directory.length - 2 + 1, PACKAGE_COMPANY_LIMIT));
    } finally {
      await ctx.db.delete(companyOptOuts).where(sql`${companyOptOuts.email} in (${markedCompany.email.toLowerCase()}, ${markedOwn})`);
    }
  });
});

describe('an own-list address refused as undeliverable', () => {
  it("is counted on the user's own row, not another user's, and not taken again", async () => {
    const a = await user(1);
    const b = await user(1);
    const address = fresh();
    const [mine] = await addOwn(a.profileId, [{ email: address }]);
    const [theirs] = await addOwn(b.profileId, [{ email: address.toUpperCase() }]);
    expect((await send(a, { source: 'own_list' })).statusCode).toBe(201);
    await failNext(a.profileId, 1, 'address');
    expect(await balanceOf(ctx, a.profileId)).toBe(1);

    const hardFailures = async (id: string) =>
      (await ctx.db.select({ n: userCompanies.hardFailures }).from(userCompanies).where(eq(userCompanies.id, id)))[0]?.n;
    expect(await hardFailures(mine?.id as string)).toBe(1);
    expect(await hardFailures(theirs?.id as string)).toBe(0);
    expect((await get<SendTargets>(a.cookie, '/api/sending/targets')).own.count).toBe(0);
    expect((await send(a, { source: 'own_list' })).json()).toEqual({ code: 'NO_OWN_COMPANIES' });
    expect((await applyToAd(a, address)).json()).toEqual({ code: 'JOB_AD_ADDRESS_UNDELIVERABLE' });
    // B's row of the same address is B's: still open to B.
    expect((await get<SendTargets>(b.cookie, '/api/sending/targets')).own.count).toBe(1);
    expect((await send(b, { source: 'own_list' })).statusCode).toBe(201);
  });

  it('a failure of a passing cause marks nothing', async () => {
    const u = await user(1);
    const [row] = await addOwn(u.profileId, [{ email: fresh() }]);
    expect((await send(u, { source: 'own_list' })).statusCode).toBe(201);
    await failNext(u.profileId, 1, 'retries');
    const [after] = await ctx.db
      .select()
      .from(userCompanies)
      .where(eq(userCompanies.id, row?.id as string));
    expect(after?.hardFailures).toBe(0);
    // Failed deliveries do not count as contacted: the row is offered again.
    expect((await get<SendTargets>(u.cookie, '/api/sending/targets')).own.count).toBe(1);
    // The directory's companies are untouched by a failure at the own list's address.
    const [company] = await ctx.db
      .select()
      .from(companies)
      .where(sql`lower(${companies.email}) = lower(${row?.email as string})`);
    expect(company).toBeUndefined();
  });
});

import { countMatching, valueCounts } from '@sira/shared';
import type { AdminCompaniesPage } from '@sira/shared/schemas/companies-admin';
import type { DeliveryPage, SendingCompose, SendingStatus, SendTargets } from '@sira/shared/schemas/sending';
import type { SendPlan } from '@sira/shared/schemas/sending-window';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { signedInAdmin, signedInUser } from '../../../test-support/auth';
import { linkMailboxForTest, useAppWithGoogleSandbox } from '../../../test-support/mailbox';
import { balanceOf, profileIdOf, setBalance, uploadedResumeId } from '../../../test-support/sending';
import { rowsOf } from '../../db/client';
import { companies, companyOptOuts, deliveries, failedEmails, resumes, senderOptOuts, sendJobs } from '../../db/schema';
import { claimDeliveries, recordFailed, sweepExpiredLeases } from './worker/queue';

/**
 * Targeting (a send narrowed to sectors and cities) and "resend failed", over the real routes: the counts the
 * form shows, what scheduling takes and debits, the delivery list's filter and search, and re-queueing
 * failures of passing causes only — never a company twice.
 */

const { ctx, sandbox } = useAppWithGoogleSandbox();

async function user(balance: number) {
  const account = await signedInUser(ctx);
  const profileId = await profileIdOf(ctx, account.email);
  await linkMailboxForTest(ctx, account.cookie, sandbox, `${profileId.slice(0, 8)}@gmail.com`);
  await setBalance(ctx, profileId, balance);
  return { ...account, profileId, resumeId: await uploadedResumeId(ctx, account.cookie) };
}

const get = async <T>(cookie: string, url: string) => {
  const res = await ctx.app.inject({ url, headers: { cookie } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as T;
};

const send = (u: { cookie: string; resumeId: string }, targeting?: { sectors?: string[]; cities?: string[] }) =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/sending/jobs',
    headers: { cookie: u.cookie },
    payload: { resumeId: u.resumeId, subject: 'طلب توظيف لدى {{company_name}}', content: '<p>أرفقت سيرتي.</p>', targeting },
  });

const resend = (cookie: string) => ctx.app.inject({ method: 'POST', url: '/api/sending/deliveries/resend', headers: { cookie } });

/** The trial package's directory, counted here by sector and city without the code under test. */
async function trialDirectory() {
  const rows = rowsOf<{ sector: string; location: string; email: string }>(
    await ctx.db.execute(sql`
      select c.sector, c.location, c.email from companies c join packages p on p.id = c.package_id where p.name = 'تجريبي'`),
  );
  const by = (pick: (r: (typeof rows)[number]) => string) => {
    const counts = new Map<string, number>();
    for (const r of rows) counts.set(pick(r), (counts.get(pick(r)) ?? 0) + 1);
    return counts;
  };
  return { rows, cities: by((r) => r.location), sectors: by((r) => r.sector) };
}

/** Fails the user's next `n` due deliveries the way the worker does (claim, then the failure's statement). */
async function failNext(profileId: string, n: number, cause: 'retries' | 'address') {
  const claim = await claimDeliveries(ctx.db, profileId, n, 60);
  if (claim.kind !== 'claimed') throw new Error(`nothing claimed: ${claim.kind}`);
  for (const row of claim.rows) expect(await recordFailed(ctx.db, row.id, row.lease, `reason ${cause}`, cause)).toBe(true);
  return claim.rows;
}

describe('GET /api/sending/targets and targeted scheduling', () => {
  it('counts the not-yet-contacted companies per sector and city, as the directory has them', async () => {
    const u = await user(10);
    const directory = await trialDirectory();
    const { groups } = await get<SendTargets>(u.cookie, '/api/sending/targets');
    const all = { sectors: [], cities: [] };
    expect(countMatching(groups, all)).toBe(directory.rows.length);
    expect(new Map(valueCounts(groups, 'city', all).map((v) => [v.value, v.count]))).toEqual(directory.cities);
    expect(new Map(valueCounts(groups, 'sector', all).map((v) => [v.value, v.count]))).toEqual(directory.sectors);
    expect(directory.cities.size).toBeGreaterThan(1);
  });

  it('schedules only the chosen city, debits what it scheduled, records the choice, and counts it as contacted', async () => {
    const directory = await trialDirectory();
    const [city, inCity] = [...directory.cities].sort((a, b) => b[1] - a[1])[0] as [string, number];
    const u = await user(1000);
    const before = await get<SendTargets>(u.cookie, '/api/sending/targets');
    expect(countMatching(before.groups, { sectors: [], cities: [city] })).toBe(inCity);

    const res = await send(u, { cities: [city] });
    expect(res.statusCode, res.body).toBe(201);
    const { jobId, scheduled } = res.json() as { jobId: string; scheduled: number };
    expect(scheduled).toBe(inCity);
    expect(await balanceOf(ctx, u.profileId)).toBe(1000 - inCity);
    const rows = await ctx.db.select({ location: deliveries.location }).from(deliveries).where(eq(deliveries.jobId, jobId));
    expect(rows).toHaveLength(inCity);
    expect(new Set(rows.map((r) => r.location))).toEqual(new Set([city]));
    const [job] = await ctx.db.select().from(sendJobs).where(eq(sendJobs.id, jobId));
    expect([job?.targetCities, job?.targetSectors, job?.totalEmailsIntended]).toEqual([[city], null, inCity]);

    // The dashboard shows what the send was narrowed to.
    const status = await get<SendingStatus>(u.cookie, '/api/sending/status');
    expect(status.jobs[0]?.targeting).toEqual({ sectors: [], cities: [city] });

    // That city is used up; the rest of the directory is still offered.
    const after = await get<SendTargets>(u.cookie, '/api/sending/targets');
    expect(countMatching(after.groups, { sectors: [], cities: [city] })).toBe(0);
    expect(countMatching(after.groups, { sectors: [], cities: [] })).toBe(directory.rows.length - inCity);
    const again = await send(u, { cities: [city] });
    expect([again.statusCode, again.json()]).toEqual([409, { code: 'NO_MATCHING_COMPANIES' }]);
    expect(await balanceOf(ctx, u.profileId)).toBe(1000 - inCity);
  });

  it('takes min(balance, matching) of a sector and city choice, and only matching companies', async () => {
    const directory = await trialDirectory();
    const cities = [...directory.cities.keys()].slice(0, 2);
    const sectors = [...directory.sectors.keys()].slice(0, 3);
    const matching = directory.rows.filter((r) => cities.includes(r.location) && sectors.includes(r.sector)).length;
    expect(matching).toBeGreaterThan(2);
    const u = await user(matching - 2);
    const { groups } = await get<SendTargets>(u.cookie, '/api/sending/targets');
    expect(countMatching(groups, { sectors, cities })).toBe(matching);

    const res = await send(u, { sectors, cities });
    expect(res.json().scheduled).toBe(matching - 2);
    expect(await balanceOf(ctx, u.profileId)).toBe(0);
    const rows = await ctx.db
      .select({ sector: deliveries.sector, location: deliveries.location })
      .from(deliveries)
      .where(eq(deliveries.profileId, u.profileId));
    expect(rows.every((r) => cities.includes(r.location) && sectors.includes(r.sector))).toBe(true);
  });

  it('counts, plans and schedules the same companies when some addresses opted out', async () => {
    const directory = await trialDirectory();
    const [city, inCity] = [...directory.cities].sort((a, b) => b[1] - a[1])[0] as [string, number];
    expect(inCity).toBeGreaterThan(2);
    const u = await user(1000);
    const [marked, ownStop] = directory.rows.filter((r) => r.location === city);
    if (!marked || !ownStop) throw new Error('too few companies in the city');
    // One address no user sends to, one this user stopped sending to (in another letter case).
    await ctx.db.insert(companyOptOuts).values({ email: marked.email.toLowerCase(), companyName: 'x', source: 'admin' });
    await ctx.db.insert(senderOptOuts).values({ profileId: u.profileId, email: ownStop.email.toLowerCase(), source: 'page' });
    try {
      const { groups } = await get<SendTargets>(u.cookie, '/api/sending/targets');
      expect(countMatching(groups, { sectors: [], cities: [city] })).toBe(inCity - 2);
      expect(countMatching(groups, { sectors: [], cities: [] })).toBe(directory.rows.length - 2);
      const compose = await get<SendingCompose>(u.cookie, '/api/sending/compose');
      expect(compose.companiesRemaining).toBe(directory.rows.length - 2);
      const plan = await get<SendPlan>(u.cookie, '/api/sending/plan?sendWindow=any_time');
      expect(plan.messages).toBe(directory.rows.length - 2);

      const res = await send(u, { cities: [city] });
      expect(res.statusCode, res.body).toBe(201);
      expect(res.json().scheduled).toBe(inCity - 2);
    } finally {
      await ctx.db.delete(companyOptOuts).where(eq(companyOptOuts.email, marked.email.toLowerCase()));
    }
  });

  it('answers NO_MATCHING_COMPANIES for a value the directory does not have, spending nothing', async () => {
    const u = await user(5);
    const res = await send(u, { cities: ['مدينة غير موجودة'] });
    expect([res.statusCode, res.json()]).toEqual([409, { code: 'NO_MATCHING_COMPANIES' }]);
    expect(await balanceOf(ctx, u.profileId)).toBe(5);
    expect(await ctx.db.select().from(sendJobs).where(eq(sendJobs.profileId, u.profileId))).toEqual([]);
  });
});

describe('the delivery list and "resend failed"', () => {
  it('filters by state and searches by company name', async () => {
    const u = await user(6);
    expect((await send(u)).statusCode).toBe(201);
    const failed = await failNext(u.profileId, 2, 'retries');
    const name = failed[0]?.companyName as string;

    const onlyFailed = await get<DeliveryPage>(u.cookie, '/api/sending/deliveries?status=failed');
    expect(onlyFailed.total).toBe(2);
    expect(onlyFailed.rows.every((r) => r.status === 'failed' && r.failureCause === 'retries')).toBe(true);
    const waiting = await get<DeliveryPage>(u.cookie, '/api/sending/deliveries?status=waiting');
    expect(waiting.total).toBe(4);
    expect(waiting.rows.every((r) => r.failureCause === null)).toBe(true);

    const searched = await get<DeliveryPage>(u.cookie, `/api/sending/deliveries?search=${encodeURIComponent(name.slice(1, 6))}`);
    expect(searched.rows.map((r) => r.companyName)).toContain(name);
    expect(searched.rows.every((r) => r.companyName.includes(name.slice(1, 6)))).toBe(true);
    // LIKE's wildcards are letters here.
    expect((await get<DeliveryPage>(u.cookie, '/api/sending/deliveries?search=%25')).total).toBe(0);
    expect((await get<DeliveryPage>(u.cookie, '/api/sending/deliveries?status=sent')).total).toBe(0);
  });

  it('re-queues failures of passing causes only, debiting them again; an address refused is marked and not offered', async () => {
    const u = await user(5);
    const { jobId } = (await send(u)).json() as { jobId: string };
    const retryable = await failNext(u.profileId, 2, 'retries');
    const refused = await failNext(u.profileId, 1, 'address');
    // Each failure gave its credit back.
    expect(await balanceOf(ctx, u.profileId)).toBe(3);

    const list = await get<DeliveryPage>(u.cookie, '/api/sending/deliveries?status=failed');
    expect(list.retryableFailed).toBe(2);
    expect(list.rows.find((r) => r.id === refused[0]?.id)?.failureCause).toBe('address');

    // The directory counts the refusal against the company's address, for the admin.
    const admin = await signedInAdmin(ctx);
    const refusedEmail = refused[0]?.recipientEmail as string;
    const [company] = await ctx.db.select().from(companies).where(sql`lower(${companies.email}) = lower(${refusedEmail})`);
    expect(company?.hardFailures).toBe(1);
    const page = await get<AdminCompaniesPage>(admin.cookie, `/api/admin/companies?search=${encodeURIComponent(refusedEmail)}`);
    expect(page.items.find((c) => c.id === company?.id)?.hardFailures).toBe(1);

    // Short of balance: refused, nothing changes.
    await setBalance(ctx, u.profileId, 1);
    const short = await resend(u.cookie);
    expect([short.statusCode, short.json()]).toEqual([409, { code: 'RESEND_NO_BALANCE' }]);
    expect((await get<DeliveryPage>(u.cookie, '/api/sending/deliveries?status=failed')).total).toBe(3);
    expect(await balanceOf(ctx, u.profileId)).toBe(1);

    await setBalance(ctx, u.profileId, 3);
    const res = await resend(u.cookie);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ resent: 2 });
    expect(await balanceOf(ctx, u.profileId)).toBe(1);
    const rows = await ctx.db.select().from(deliveries).where(eq(deliveries.jobId, jobId));
    for (const r of retryable) {
      const row = rows.find((d) => d.id === r.id);
      expect([row?.status, row?.attempts, row?.failureCause, row?.lastError]).toEqual(['pending', 0, null, null]);
    }
    expect(rows.find((d) => d.id === refused[0]?.id)?.status).toBe('failed');
    // Still one delivery per company: the same rows went back, none was added.
    expect(rows).toHaveLength(5);
    expect(new Set(rows.map((d) => d.recipientEmail.toLowerCase())).size).toBe(5);
    const [job] = await ctx.db.select().from(sendJobs).where(eq(sendJobs.id, jobId));
    expect([job?.failedCount, job?.status, job?.completedAt]).toEqual([1, 'processing', null]);
    // The failures stay in the admin's history.
    expect(await ctx.db.select().from(failedEmails).where(eq(failedEmails.profileId, u.profileId))).toHaveLength(3);
    // The dashboard's header counts what is failed now, as the delivery list does: the refused one only.
    const status = await get<SendingStatus>(u.cookie, '/api/sending/status');
    expect(status.account.failedCount).toBe(1);
    expect((await get<DeliveryPage>(u.cookie, '/api/sending/deliveries?status=failed')).total).toBe(1);

    // The worker takes them again like any other; nothing is left to resend.
    const again = await claimDeliveries(ctx.db, u.profileId, 10, 60);
    // The job's two untouched rows and the two re-queued ones; not the refused one.
    const claimedIds = again.kind === 'claimed' ? again.rows.map((r) => r.id) : [];
    expect(claimedIds).toHaveLength(4);
    expect(claimedIds).toEqual(expect.arrayContaining(retryable.map((r) => r.id)));
    const nothing = await resend(u.cookie);
    expect([nothing.statusCode, nothing.json()]).toEqual([409, { code: 'NOTHING_TO_RESEND' }]);
  });

  it('never resends to a company the user has reached since, nor twice to one address', async () => {
    const u = await user(3);
    const { jobId } = (await send(u)).json() as { jobId: string };
    const [first] = await failNext(u.profileId, 1, 'retries');
    if (!first) throw new Error('no row');
    // A later send took the same company again (a failure does not count as contacted) and it failed too.
    const [company] = await ctx.db.select().from(companies).where(sql`lower(${companies.email}) = lower(${first.recipientEmail})`);
    await setBalance(ctx, u.profileId, 10);
    await ctx.db
      .update(deliveries)
      .set({ status: 'sent', sentAt: new Date() })
      .where(sql`${deliveries.jobId} = ${jobId} and ${deliveries.status} = 'pending'`);
    const second = await send(u, { sectors: [company?.sector as string], cities: [company?.location as string] });
    expect(second.statusCode, second.body).toBe(201);
    const [secondRow] = await ctx.db
      .select()
      .from(deliveries)
      .where(sql`${deliveries.jobId} = ${second.json().jobId} and lower(${deliveries.recipientEmail}) = lower(${first.recipientEmail})`);
    expect(secondRow).toBeDefined();
    const failedAgain = await failNext(u.profileId, 10, 'retries');
    expect(failedAgain.map((r) => r.id)).toContain(secondRow?.id);

    // Two failed rows of one address: one is offered.
    const offered = (await get<DeliveryPage>(u.cookie, '/api/sending/deliveries')).retryableFailed;
    expect(offered).toBe(failedAgain.length);
    const res = await resend(u.cookie);
    expect(res.json()).toEqual({ resent: failedAgain.length });
    const toAddress = await ctx.db
      .select({ status: deliveries.status })
      .from(deliveries)
      .where(sql`${deliveries.profileId} = ${u.profileId} and lower(${deliveries.recipientEmail}) = lower(${first.recipientEmail})`);
    expect(toAddress.map((r) => r.status).sort()).toEqual(['failed', 'pending']);

    // The re-queued row now holds the company: scheduling does not take it again.
    const targets = await get<SendTargets>(u.cookie, '/api/sending/targets');
    expect(countMatching(targets.groups, { sectors: [company?.sector as string], cities: [company?.location as string] })).toBe(
      rowsOf<{ n: number }>(
        await ctx.db.execute(sql`
          select count(*)::int as n from companies c
          where c.package_id = ${company?.packageId} and c.sector = ${company?.sector} and c.location = ${company?.location}
            and not exists (select 1 from deliveries d where d.profile_id = ${u.profileId} and lower(d.recipient_email) = lower(c.email) and d.status <> 'failed')`),
      )[0]?.n,
    );
  });

  it("does not offer a failure whose job's résumé is no longer stored", async () => {
    const u = await user(2);
    const { jobId } = (await send(u)).json() as { jobId: string };
    await failNext(u.profileId, 2, 'retries');
    expect((await get<DeliveryPage>(u.cookie, '/api/sending/deliveries')).retryableFailed).toBe(2);
    const [job] = await ctx.db.select({ path: sendJobs.resumePath }).from(sendJobs).where(eq(sendJobs.id, jobId));
    await ctx.db.delete(resumes).where(eq(resumes.path, job?.path as string));
    expect((await get<DeliveryPage>(u.cookie, '/api/sending/deliveries')).retryableFailed).toBe(0);
    expect((await resend(u.cookie)).json()).toEqual({ code: 'NOTHING_TO_RESEND' });
    expect(await balanceOf(ctx, u.profileId)).toBe(2);
  });

  it('a message handed over without an answer (a crash) is failed as unconfirmed and never offered again', async () => {
    const u = await user(1);
    await send(u);
    const claim = await claimDeliveries(ctx.db, u.profileId, 1, 1, true);
    expect(claim.kind).toBe('claimed');
    await new Promise((resolve) => setTimeout(resolve, 1200));
    await sweepExpiredLeases(ctx.db, 'انقطع الإرسال');
    const list = await get<DeliveryPage>(u.cookie, '/api/sending/deliveries');
    expect(list.rows.map((r) => [r.status, r.failureCause])).toEqual([['failed', 'unconfirmed']]);
    expect(list.retryableFailed).toBe(0);
    expect((await resend(u.cookie)).json()).toEqual({ code: 'NOTHING_TO_RESEND' });
  });
});

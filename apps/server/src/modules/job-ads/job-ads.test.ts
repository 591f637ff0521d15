import type { JobAdApplied, JobAdReading } from '@sira/shared/schemas/job-ads';
import type { DeliveryPage, SendingStatus } from '@sira/shared/schemas/sending';
import { eq, sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { signedInAdmin, signedInUser } from '../../../test-support/auth';
import { linkMailboxForTest, useAppWithGoogleSandbox } from '../../../test-support/mailbox';
import {
  backgroundContextOf,
  balanceOf,
  profileIdOf,
  recordingLogger,
  setBalance,
  uploadedResumeId,
  useSendingSettings,
  waitFor,
} from '../../../test-support/sending';
import { rowsOf } from '../../db/client';
import { companyOptOuts, deliveries, jobAds, packages, profiles, rateLimits, senderOptOuts, sendJobs, templates } from '../../db/schema';
import type { LiveEvent } from '../../lib/event-bus';
import { header, parseMessage } from '../../sandbox/google/mime';
import { claimDeliveries, recordFailed } from '../sending/worker/queue';
import { startSendingWorker } from '../sending/worker/sending-worker';
import { JOB_AD_READS_PER_HOUR } from './job-ads.routes';

/**
 * Applying to a job ad over the real routes: reading a post and telling the viewer which addresses are open to
 * them, and scheduling the application through the one engine — its checks, the never-twice rule across every
 * source, the debit, the worker's message with the job title, and the credit back when a message fails.
 */

const { ctx, sandbox } = useAppWithGoogleSandbox();

const running: Array<{ stop(): Promise<void> }> = [];
afterEach(async () => {
  await Promise.all(running.splice(0).map((w) => w.stop()));
  sandbox.clearFaults();
});

let counter = 0;
async function user(balance = 10, options: { linked?: boolean } = {}) {
  const account = await signedInUser(ctx);
  const profileId = await profileIdOf(ctx, account.email);
  const mailbox = `ad${counter++}.${profileId.slice(0, 8)}@gmail.com`;
  if (options.linked !== false) await linkMailboxForTest(ctx, account.cookie, sandbox, mailbox);
  await setBalance(ctx, profileId, balance);
  return { ...account, profileId, mailbox, resumeId: await uploadedResumeId(ctx, account.cookie) };
}
type User = Awaited<ReturnType<typeof user>>;

const post = (emails: string[], title = 'محاسب أول', company = 'شركة الأفق') =>
  `مطلوب ${title} لدى ${company} في الرياض.\nخبرة 3 سنوات.\nأرسل سيرتك على ${emails.join(' و ')}`;

const read = (cookie: string, text: string) =>
  ctx.app.inject({ method: 'POST', url: '/api/job-ads/read', headers: { cookie }, payload: { text } });

const readOk = async (cookie: string, text: string) => {
  const res = await read(cookie, text);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as JobAdReading;
};

const applyBody = (u: User, emails: string[], overrides: Record<string, unknown> = {}) => ({
  text: `  ${post(emails)}  `,
  emails,
  jobTitle: 'محاسب أول',
  companyName: 'شركة الأفق',
  resumeId: u.resumeId,
  subject: 'التقدم لوظيفة {{job_title}}',
  content: '<p>إلى فريق التوظيف في {{company_name}}، أتقدم لوظيفة {{job_title}}. {{applicant_name}}</p>',
  sendWindow: 'any_time',
  ...overrides,
});

const apply = (u: User, emails: string[], overrides: Record<string, unknown> = {}, cookie = u.cookie) =>
  ctx.app.inject({ method: 'POST', url: '/api/job-ads/apply', headers: { cookie }, payload: applyBody(u, emails, overrides) });

const directorySend = (u: User, body: Record<string, unknown> = {}) =>
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

const get = async <T>(cookie: string, url: string) => {
  const res = await ctx.app.inject({ url, headers: { cookie } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as T;
};

/** The trial package's first company in scheduling order: what a directory send of one message takes. */
async function firstTrialCompany() {
  const [row] = rowsOf<{ id: string; email: string; name: string }>(
    await ctx.db.execute(sql`
      select c.id, c.email, c.name from companies c join packages p on p.id = c.package_id
      where p.name = 'تجريبي' order by c.name, c.id limit 1`),
  );
  if (!row) throw new Error('the trial package has no companies');
  return row;
}

const fresh = () => `hr.${counter++}.${Date.now().toString(36)}@careers-example.sa`;

const deliveriesOf = (profileId: string) => ctx.db.select().from(deliveries).where(eq(deliveries.profileId, profileId));

/** Fails the user's next due deliveries the way the worker does (claim, then the failure's statement). */
async function failNext(profileId: string, n: number, cause: 'retries' | 'address') {
  const claim = await claimDeliveries(ctx.db, profileId, n, 60);
  if (claim.kind !== 'claimed') throw new Error(`nothing claimed: ${claim.kind}`);
  for (const row of claim.rows) expect(await recordFailed(ctx.db, row.id, row.lease, `reason ${cause}`, cause)).toBe(true);
  return claim.rows;
}

describe('POST /api/job-ads/read', () => {
  it('reads the addresses, the job title and the company of a post; every address open to a new user', async () => {
    const u = await user();
    const [a, b] = [fresh(), fresh()];
    const reading = await readOk(u.cookie, post([a, b.toUpperCase()]));
    expect(reading.jobTitle).toContain('محاسب');
    expect(reading.companyName).toContain('الأفق');
    expect(reading.addresses.map((x) => x.email.toLowerCase())).toEqual([a, b]);
    expect(reading.addresses.every((x) => x.blocked === null && x.contactedAt === null)).toBe(true);
  });

  it("tells the viewer's own state of each address, and nothing of another user's", async () => {
    const a = await user(2);
    const b = await user(1);
    const company = await firstTrialCompany();
    // A applied to two addresses: one refused A's message as undeliverable, the other failed for a passing cause.
    const refusedForA = fresh();
    const passingForA = fresh();
    const ad = await applied(a, [refusedForA, passingForA]);
    await failNext(a.profileId, 2, 'address');
    await ctx.db.execute(
      sql`update deliveries set failure_cause = 'retries' where job_id = ${ad.jobId} and recipient_email = ${passingForA}`,
    );
    // Then A wrote to the directory's first company; a mark of the directory and a stop of A's own.
    await setBalance(ctx, a.profileId, 1);
    expect((await directorySend(a)).statusCode).toBe(201);
    expect((await deliveriesOf(a.profileId)).map((r) => r.recipientEmail)).toContain(company.email);
    const marked = fresh();
    await ctx.db.insert(companyOptOuts).values({ email: marked, companyName: 'x', source: 'admin' });
    const stoppedByA = fresh();
    await ctx.db.insert(senderOptOuts).values({ profileId: a.profileId, email: stoppedByA, source: 'page' });

    const text = post([company.email.toUpperCase(), marked, stoppedByA, refusedForA, passingForA]);
    const forA = await readOk(a.cookie, text);
    expect(forA.addresses.map((x) => x.blocked)).toEqual(['contacted', 'opted_out', 'opted_out', 'undeliverable', null]);
    expect(Date.parse(forA.addresses[0]?.contactedAt as string)).toBeGreaterThan(Date.now() - 3_600_000);
    expect(forA.addresses.slice(1).every((x) => x.contactedAt === null)).toBe(true);

    // B learns only what is B's: the directory's mark, nothing of A's messages or A's own stop.
    const forB = await readOk(b.cookie, text);
    expect(forB.addresses.map((x) => x.blocked)).toEqual([null, 'opted_out', null, null, null]);
    expect(forB.addresses.every((x) => x.contactedAt === null)).toBe(true);
    await ctx.db.delete(companyOptOuts).where(eq(companyOptOuts.email, marked));
  });

  it('is for signed-in users only, and limited per user and hour', async () => {
    expect((await ctx.app.inject({ method: 'POST', url: '/api/job-ads/read', payload: { text: 'x' } })).statusCode).toBe(401);
    expect((await ctx.app.inject({ method: 'POST', url: '/api/job-ads/apply', payload: {} })).statusCode).toBe(401);
    const u = await user();
    await ctx.db
      .insert(rateLimits)
      .values({ key: `job-ads:read:${u.profileId}`, windowStart: new Date(), count: JOB_AD_READS_PER_HOUR - 1 });
    expect((await read(u.cookie, post([fresh()]))).statusCode).toBe(200);
    const limited = await read(u.cookie, post([fresh()]));
    expect([limited.statusCode, limited.json()]).toEqual([429, { code: 'RATE_LIMITED' }]);
    // Another user is not held by it.
    expect((await read((await user()).cookie, post([fresh()]))).statusCode).toBe(200);
  });
});

/** Applies and expects it scheduled; returns the answer. */
async function applied(u: User, emails: string[], expected = emails.length, overrides: Record<string, unknown> = {}) {
  const res = await apply(u, emails, overrides);
  expect(res.statusCode, res.body).toBe(201);
  const answer = res.json() as JobAdApplied;
  expect(answer.scheduled).toBe(expected);
  return answer;
}

describe('POST /api/job-ads/apply', () => {
  it('records the ad, a job_ad job and one delivery per address (each once), debits them, and says so', async () => {
    const u = await user(5);
    const [a, b] = [fresh(), fresh()];
    const events: LiveEvent[] = [];
    const unsubscribe = ctx.app.events.subscribe((e) => e.profileId === u.profileId && events.push(e));
    const answer = await applied(u, [a, ` ${b} `, a.toUpperCase()], 2);
    unsubscribe();
    expect(events.map((e) => e.topic).sort()).toEqual(['profile', 'sending']);

    const [ad] = await ctx.db.select().from(jobAds).where(eq(jobAds.id, answer.jobAdId));
    expect(ad).toMatchObject({ profileId: u.profileId, postText: post([a, ` ${b} `, a.toUpperCase()]), jobTitle: 'محاسب أول' });
    expect(ad?.companyName).toBe('شركة الأفق');
    const [job] = await ctx.db.select().from(sendJobs).where(eq(sendJobs.id, answer.jobId));
    expect(job).toMatchObject({
      targetSource: 'job_ad',
      targetSectors: null,
      targetCities: null,
      totalEmailsIntended: 2,
      sendWindow: 'any_time',
      subject: 'التقدم لوظيفة {{job_title}}',
    });
    const rows = await deliveriesOf(u.profileId);
    expect(rows.map((r) => r.recipientEmail).sort()).toEqual([a, b].sort());
    for (const row of rows)
      expect(row).toMatchObject({
        jobId: answer.jobId,
        source: 'job_ad',
        jobAdId: answer.jobAdId,
        jobTitle: 'محاسب أول',
        companyName: 'شركة الأفق',
        companyId: null,
        userCompanyId: null,
        sector: 'غير محدد',
        location: 'غير محدد',
        status: 'pending',
      });
    expect(await balanceOf(ctx, u.profileId)).toBe(3);

    const status = await get<SendingStatus>(u.cookie, '/api/sending/status');
    expect(status.jobs[0]).toMatchObject({ id: answer.jobId, source: 'job_ad', total: 2 });
    const page = await get<DeliveryPage>(u.cookie, '/api/sending/deliveries');
    expect(page.rows.every((r) => r.source === 'job_ad' && r.jobTitle === 'محاسب أول')).toBe(true);
  });

  it.each([
    ['no address', { emails: ['  '] }, 400, 'JOB_AD_NO_ADDRESS'],
    ['an address that is not one', { emails: ['hr@company..sa'] }, 400, 'JOB_AD_ADDRESS_INVALID'],
    ['an address with a second recipient in it', { emails: ['hr@a.sa,boss@b.sa'] }, 400, 'JOB_AD_ADDRESS_INVALID'],
    ['a blank job title', { jobTitle: '   ' }, 400, 'JOB_AD_TITLE_REQUIRED'],
    ['a blank company', { companyName: ' ' }, 400, 'JOB_AD_COMPANY_REQUIRED'],
    ['an empty subject', { subject: ' \n ' }, 400, 'MISSING_FIELDS'],
    ['content that sanitises to nothing', { content: '<script>alert(1)</script>' }, 400, 'MISSING_FIELDS'],
    ['an unknown placeholder', { subject: 'وظيفة {{job}}' }, 400, 'PLACEHOLDER_UNKNOWN'],
    ['a résumé id no one has', { resumeId: '00000000-0000-4000-8000-000000000000' }, 404, 'RESUME_NOT_FOUND'],
  ])('refuses %s, writing and charging nothing', async (_, overrides, status, code) => {
    const u = await user(3);
    const res = await apply(u, [fresh()], overrides);
    expect([res.statusCode, res.json()]).toEqual([status, { code }]);
    expect(await deliveriesOf(u.profileId)).toEqual([]);
    expect(await ctx.db.select().from(jobAds).where(eq(jobAds.profileId, u.profileId))).toEqual([]);
    expect(await balanceOf(ctx, u.profileId)).toBe(3);
  });

  it('refuses without a mailbox, an applicant name, or a balance for every address', async () => {
    const unlinked = await user(3, { linked: false });
    expect((await apply(unlinked, [fresh()])).json()).toEqual({ code: 'MAILBOX_NOT_LINKED' });

    const short = await user(1);
    const res = await apply(short, [fresh(), fresh()]);
    expect([res.statusCode, res.json()]).toEqual([409, { code: 'NO_BALANCE' }]);
    expect(await balanceOf(ctx, short.profileId)).toBe(1);
    await setBalance(ctx, short.profileId, 0);
    expect((await apply(short, [fresh()])).json()).toEqual({ code: 'NO_BALANCE' });

    const nameless = await user(3);
    await ctx.db.update(profiles).set({ fullName: null }).where(eq(profiles.id, nameless.profileId));
    expect((await apply(nameless, [fresh()])).json()).toEqual({ code: 'APPLICANT_NAME_REQUIRED' });
    for (const u of [unlinked, short, nameless]) expect(await deliveriesOf(u.profileId)).toEqual([]);
  });

  it("will not use another user's résumé, nor tell whether it exists", async () => {
    const a = await user(3);
    const b = await user(3);
    const res = await apply(b, [fresh()], { resumeId: a.resumeId });
    expect([res.statusCode, res.json()]).toEqual([404, { code: 'RESUME_NOT_FOUND' }]);
    expect(await deliveriesOf(b.profileId)).toEqual([]);
    expect(await deliveriesOf(a.profileId)).toEqual([]);
    expect(await balanceOf(ctx, a.profileId)).toBe(3);
  });

  it('never writes twice to one address: not after the directory, not twice from ads, and the directory not after an ad', async () => {
    const u = await user(1);
    const company = await firstTrialCompany();
    expect((await directorySend(u)).statusCode).toBe(201);
    await setBalance(ctx, u.profileId, 10);
    // The directory's company, in other letter case, and with an open address beside it: refused whole.
    const open = fresh();
    const refused = await apply(u, [open, company.email.toUpperCase()]);
    expect([refused.statusCode, refused.json()]).toEqual([409, { code: 'JOB_AD_ADDRESS_CONTACTED' }]);
    expect(await balanceOf(ctx, u.profileId)).toBe(10);

    await applied(u, [open]);
    expect((await apply(u, [open.toUpperCase()])).json()).toEqual({ code: 'JOB_AD_ADDRESS_CONTACTED' });

    // Another user applies to the same directory company: B's own history is all that counts.
    const b = await user(2);
    await applied(b, [company.email]);
    // Then B's directory send leaves out the company B wrote to from the ad.
    expect((await directorySend(b)).statusCode).toBe(201);
    const bRows = await deliveriesOf(b.profileId);
    expect(bRows.filter((r) => r.recipientEmail.toLowerCase() === company.email.toLowerCase())).toHaveLength(1);
    expect(bRows.filter((r) => r.source === 'directory')).toHaveLength(1);
  });

  it('two applications to one address at once: one is scheduled, the other refused', async () => {
    const u = await user(4);
    const address = fresh();
    const results = await Promise.all([apply(u, [address]), apply(u, [address.toUpperCase()])]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    expect(await deliveriesOf(u.profileId)).toHaveLength(1);
    expect(await balanceOf(ctx, u.profileId)).toBe(3);
  });

  it('refuses an address that opted out or refused the user before', async () => {
    const u = await user(5);
    const marked = fresh();
    await ctx.db.insert(companyOptOuts).values({ email: marked, companyName: 'x', source: 'admin' });
    expect((await apply(u, [marked.toUpperCase()])).json()).toEqual({ code: 'JOB_AD_ADDRESS_OPTED_OUT' });
    const stopped = fresh();
    await ctx.db.insert(senderOptOuts).values({ profileId: u.profileId, email: stopped, source: 'page' });
    expect((await apply(u, [stopped])).json()).toEqual({ code: 'JOB_AD_ADDRESS_OPTED_OUT' });

    const bounced = fresh();
    await applied(u, [bounced]);
    await failNext(u.profileId, 1, 'address');
    expect((await apply(u, [bounced])).json()).toEqual({ code: 'JOB_AD_ADDRESS_UNDELIVERABLE' });
    // The refused delivery's credit came back; nothing else was charged.
    expect(await balanceOf(ctx, u.profileId)).toBe(5);
    await ctx.db.delete(companyOptOuts).where(eq(companyOptOuts.email, marked));
  });
});

describe('{{job_title}}', () => {
  it('is refused in a send to the directory or the own list, in any spelling', async () => {
    const u = await user(3);
    for (const [field, text] of [
      ['subject', 'طلب وظيفة {{job_title}}'],
      ['content', '<p>أتقدم لوظيفة {{ Job_Title }}</p>'],
    ] as const) {
      for (const source of ['directory', 'own_list', 'both'] as const) {
        const res = await directorySend(u, { [field]: text, source });
        expect([res.statusCode, res.json()]).toEqual([400, { code: 'PLACEHOLDER_JOB_AD_ONLY' }]);
      }
    }
    expect(await deliveriesOf(u.profileId)).toEqual([]);
  });

  it('is accepted in a template', async () => {
    const admin = await signedInAdmin(ctx);
    const [trial] = await ctx.db.select({ id: packages.id }).from(packages).where(eq(packages.name, 'تجريبي'));
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/admin/templates',
      headers: { cookie: admin.cookie },
      payload: {
        name: `قالب إعلان ${fresh()}`,
        subject: 'التقدم لوظيفة {{job_title}}',
        content: '<p>أتقدم لوظيفة {{job_title}}.</p>',
        packageIds: [trial?.id],
      },
    });
    expect(res.statusCode, res.body).toBe(201);
    const [saved] = await ctx.db
      .select()
      .from(templates)
      .where(eq(templates.id, (res.json() as { id: string }).id));
    expect(saved?.subject).toBe('التقدم لوظيفة {{job_title}}');
  });

  it("is filled with the ad's job title in the message the worker sends; a refused message gives its credit back", async () => {
    await useSendingSettings(ctx);
    const u = await user(3);
    const [first, second] = [fresh(), fresh()];
    const answer = await applied(u, [first, second], 2, { jobTitle: ' مهندس بيانات ' });
    // The second call Gmail gets is refused for good (a domain policy): that delivery fails and is refunded.
    sandbox.injectFault({ mailbox: u.mailbox, status: 200, times: 1 });
    sandbox.injectFault({ mailbox: u.mailbox, status: 403, reason: 'domainPolicy', times: 1 });
    const worker = startSendingWorker(
      { ...backgroundContextOf(ctx), log: recordingLogger().log },
      { pollMs: 50, sweepEveryMs: 100, settingsTtlMs: 0, notifyWindowMs: 200 },
    );
    running.push(worker);
    await waitFor(
      async () => (await ctx.db.select().from(sendJobs).where(eq(sendJobs.id, answer.jobId)))[0]?.status === 'completed',
      20_000,
      'the job ad job finished',
    );

    const rows = await deliveriesOf(u.profileId);
    expect(rows.map((r) => r.status).sort()).toEqual(['failed', 'sent']);
    const sent = sandbox.sentMessages(u.mailbox);
    expect(sent).toHaveLength(1);
    const parsed = parseMessage(sent[0]?.raw as Buffer);
    expect(header(parsed.headers, 'subject')).toBe('التقدم لوظيفة مهندس بيانات');
    expect(parsed.html).toContain('أتقدم لوظيفة مهندس بيانات');
    expect(parsed.html).toContain('شركة الأفق');
    // Two debited, one back.
    expect(await balanceOf(ctx, u.profileId)).toBe(2);
    // Neither address may be applied to again: one was written to, the other failed only for a passing cause.
    const reading = await readOk(u.cookie, post([first, second]));
    const failed = rows.find((r) => r.status === 'failed')?.recipientEmail;
    expect(reading.addresses.find((x) => x.email === failed)?.blocked).toBeNull();
    expect(reading.addresses.find((x) => x.email !== failed)?.blocked).toBe('contacted');
  });
  it('is sent again by «resend failed» as the same delivery, with its source and job title', async () => {
    const u = await user(3);
    const answer = await applied(u, [fresh()], 1, { jobTitle: 'مصمم جرافيك' });
    // The message failed for a passing cause (its retries ran out): the credit came back.
    await ctx.db.execute(sql`
      update deliveries set status = 'failed', failure_cause = 'retries', last_error = 'timeout'
      where job_id = ${answer.jobId}`);
    await setBalance(ctx, u.profileId, 3);
    const res = await ctx.app.inject({ method: 'POST', url: '/api/sending/deliveries/resend', headers: { cookie: u.cookie } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ resent: 1 });
    const [row] = await deliveriesOf(u.profileId);
    expect(row).toMatchObject({
      status: 'pending',
      source: 'job_ad',
      jobTitle: 'مصمم جرافيك',
      jobAdId: answer.jobAdId,
      jobId: answer.jobId,
    });
    expect(await balanceOf(ctx, u.profileId)).toBe(2);
  });
});

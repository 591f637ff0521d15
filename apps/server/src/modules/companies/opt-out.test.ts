import { deliveryFailureText } from '@sira/shared/messages/sending';
import { isKnownClientPath } from '@sira/shared/routes';
import type { AdminCompaniesPage } from '@sira/shared/schemas/companies-admin';
import type { AdminOptOutList, OptOutView } from '@sira/shared/schemas/opt-out';
import type { DeliveryPage, SendingCompose } from '@sira/shared/schemas/sending';
import { eq, sql } from 'drizzle-orm';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { signedInAdmin, signedInUser } from '../../../test-support/auth';
import { linkMailboxForTest, useAppWithGoogleSandbox } from '../../../test-support/mailbox';
import {
  backgroundContextOf,
  balanceOf,
  profileIdOf,
  samplePdf,
  schedule,
  setBalance,
  uploadedResumeId,
  useSendingSettings,
  waitFor,
} from '../../../test-support/sending';
import { rowsOf } from '../../db/client';
import { companies, companyOptOuts, deliveries, sendJobs } from '../../db/schema';
import { header, parseMessage } from '../../sandbox/google/mime';
import { startSendingWorker } from '../sending/worker/sending-worker';
import { createOptOutLinks } from './opt-out-link';

/**
 * The company opt-out end to end (ADR 013): the link and headers every message carries, the page's API and the
 * one-click POST, the worker skipping opted-out addresses without charging, scheduling leaving them out, and
 * the administrator's decision on a redirect — on the real worker, the Google sandbox and a real database.
 */

const { ctx, sandbox } = useAppWithGoogleSandbox();
const running: Array<{ stop(): Promise<void> }> = [];
beforeAll(async () => {
  await useSendingSettings(ctx);
});
afterEach(async () => {
  await Promise.all(running.splice(0).map((w) => w.stop()));
});

const links = () => createOptOutLinks(ctx.app.secretBox, ctx.app.publicBaseUrl);

function startWorker() {
  const worker = startSendingWorker(backgroundContextOf(ctx), { pollMs: 50, sweepEveryMs: 100, settingsTtlMs: 0, notifyWindowMs: 50 });
  running.push(worker);
  return worker;
}

let mailboxCounter = 0;
/** A user linked to a sandbox mailbox with `count` deliveries scheduled (the first `count` companies of the package). */
async function userWithJob(count: number) {
  const account = await signedInUser(ctx);
  const profileId = await profileIdOf(ctx, account.email);
  const mailbox = `optout${mailboxCounter++}.${profileId.slice(0, 6)}@gmail.com`;
  await linkMailboxForTest(ctx, account.cookie, sandbox, mailbox);
  await setBalance(ctx, profileId, count);
  const resumeId = await uploadedResumeId(ctx, account.cookie, samplePdf(4_000));
  const res = await schedule(ctx, account.cookie, { resumeId, subject: 'طلب توظيف لدى {{company_name}}', content: '<p>السلام عليكم</p>' });
  expect(res.statusCode, res.body).toBe(201);
  return { ...account, profileId, mailbox, jobId: res.json().jobId as string };
}

const deliveriesOf = (jobId: string) => ctx.db.select().from(deliveries).where(eq(deliveries.jobId, jobId)).orderBy(deliveries.companyName);
const jobOf = async (jobId: string) => (await ctx.db.select().from(sendJobs).where(eq(sendJobs.id, jobId)))[0];
const tokenFor = (row: { id: string; recipientEmail: string }) =>
  links().token({ deliveryId: row.id, email: row.recipientEmail.toLowerCase() });
const markOf = async (email: string) =>
  (await ctx.db.select().from(companyOptOuts).where(eq(companyOptOuts.email, email.toLowerCase())))[0];

const optOutRequest = (token: string, payload: object) => ctx.app.inject({ method: 'POST', url: `/api/opt-out/${token}`, payload });

describe('the link in every message', () => {
  it('is a footer in both parts and the List-Unsubscribe headers, signed for that delivery and address', async () => {
    const u = await userWithJob(2);
    startWorker();
    await waitFor(async () => (await jobOf(u.jobId))?.status === 'completed', 20_000, 'job completed');
    const rows = await deliveriesOf(u.jobId);
    const sent = sandbox.sentMessages(u.mailbox);
    expect(sent).toHaveLength(2);
    for (const row of rows) {
      const message = parseMessage(sent.find((m) => m.id === row.providerMessageId)?.raw as Buffer);
      const unsubscribe = header(message.headers, 'list-unsubscribe') ?? '';
      const url = /^<(.+)>$/.exec(unsubscribe)?.[1] ?? '';
      // The page's address is a client route of the web app (not taken for a missing file).
      expect(isKnownClientPath(new URL(url).pathname), url).toBe(true);
      expect(url.startsWith(`${ctx.app.publicBaseUrl}/opt-out/`), unsubscribe).toBe(true);
      expect(header(message.headers, 'list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click');
      expect(links().verify(url.split('/opt-out/')[1] as string)).toEqual({ deliveryId: row.id, email: row.recipientEmail.toLowerCase() });
      expect(message.html).toContain(`<a href="${url}">`);
      expect(message.html).toContain('لإيقاف استقبال السير الذاتية على هذا العنوان');
      expect(message.text).toContain(`\n-- \n`);
      expect(message.text).toContain(url);
    }
  });
});

describe('the opt-out page and its API', () => {
  it('refuses a forged or altered link and writes nothing', async () => {
    const u = await userWithJob(1);
    const [row] = await deliveriesOf(u.jobId);
    if (!row) throw new Error('no delivery');
    const token = tokenFor(row);
    const signature = Buffer.from(token, 'base64url').subarray(-16);
    const otherAddress = Buffer.from(links().token({ deliveryId: row.id, email: 'someone.else@company.example' }), 'base64url').subarray(
      0,
      -16,
    );
    const bad = [
      // The last signature byte changed.
      Buffer.concat([Buffer.from(token, 'base64url').subarray(0, -1), Buffer.from([signature[15] === 0 ? 1 : 0])]).toString('base64url'),
      // Another address under this delivery's signature.
      Buffer.concat([otherAddress, signature]).toString('base64url'),
      // Signed with a key that is not the installation's.
      createOptOutLinks({ mac: () => Buffer.alloc(32, 7) }, ctx.app.publicBaseUrl).token({ deliveryId: row.id, email: row.recipientEmail }),
    ];
    for (const t of bad) {
      const read = await ctx.app.inject({ method: 'GET', url: `/api/opt-out/${t}` });
      expect(read.statusCode).toBe(404);
      expect(read.json()).toEqual({ code: 'OPT_OUT_LINK_INVALID' });
      expect((await optOutRequest(t, { choice: 'stop' })).statusCode).toBe(404);
      expect(
        (
          await ctx.app.inject({
            method: 'POST',
            url: `/opt-out/${t}`,
            headers: { 'content-type': 'application/x-www-form-urlencoded' },
            payload: 'List-Unsubscribe=One-Click',
          })
        ).statusCode,
      ).toBe(404);
    }
    expect(await markOf(row.recipientEmail)).toBeUndefined();
    expect((await deliveriesOf(u.jobId))[0]?.status).toBe('pending');
  });

  it('"stop": marks the address and ends every user’s waiting deliveries to it unsent, with the credit back', async () => {
    const a = await userWithJob(3);
    const b = await userWithJob(3);
    const [target] = await deliveriesOf(a.jobId);
    if (!target) throw new Error('no delivery');
    const token = tokenFor(target);

    const before = await ctx.app.inject({ method: 'GET', url: `/api/opt-out/${token}` });
    expect(before.statusCode, before.body).toBe(200);
    expect(before.json()).toEqual({
      companyName: target.companyName,
      email: target.recipientEmail.toLowerCase(),
      optedOut: false,
      redirect: null,
    });

    const res = await optOutRequest(token, { choice: 'stop' });
    expect(res.statusCode, res.body).toBe(200);
    expect((res.json() as OptOutView).optedOut).toBe(true);
    expect(await markOf(target.recipientEmail)).toMatchObject({ source: 'page', deliveryId: target.id, redirectEmail: null });

    for (const u of [a, b]) {
      const rows = await deliveriesOf(u.jobId);
      const stopped = rows.filter((r) => r.recipientEmail.toLowerCase() === target.recipientEmail.toLowerCase());
      expect(stopped).toHaveLength(1);
      expect(stopped[0]).toMatchObject({ status: 'opted_out', lastError: deliveryFailureText.optedOut });
      expect(await balanceOf(ctx, u.profileId)).toBe(1);
      expect((await jobOf(u.jobId))?.totalEmailsIntended).toBe(2);
    }

    // The directory marks the address for the administrator, and only that one.
    const admin = await signedInAdmin(ctx);
    const marked = async (email: string) => {
      const res = await ctx.app.inject({
        method: 'GET',
        url: `/api/admin/companies?search=${encodeURIComponent(email.toLowerCase())}`,
        headers: { cookie: admin.cookie },
      });
      return (res.json() as AdminCompaniesPage).items.map((c) => [c.email.toLowerCase(), c.optedOut]);
    };
    expect(await marked(target.recipientEmail)).toEqual([[target.recipientEmail.toLowerCase(), true]]);
    const other = (await deliveriesOf(a.jobId)).find((r) => r.recipientEmail.toLowerCase() !== target.recipientEmail.toLowerCase());
    if (!other) throw new Error('no other delivery');
    expect(await marked(other.recipientEmail)).toEqual([[other.recipientEmail.toLowerCase(), false]]);

    // Asking again changes nothing and charges nobody twice.
    expect((await optOutRequest(token, { choice: 'stop' })).statusCode).toBe(200);
    expect(await balanceOf(ctx, a.profileId)).toBe(1);

    startWorker();
    for (const u of [a, b]) await waitFor(async () => (await jobOf(u.jobId))?.status === 'completed', 20_000, 'job completed');
    for (const u of [a, b]) {
      const to = sandbox.sentMessages(u.mailbox).map((m) => m.to.toLowerCase());
      expect(to).toHaveLength(2);
      expect(to).not.toContain(target.recipientEmail.toLowerCase());
      expect(await balanceOf(ctx, u.profileId)).toBe(1);
    }
  });

  it('the worker skips an address that opted out after its rows were scheduled: not sent, counted, not charged', async () => {
    const u = await userWithJob(3);
    const [target] = await deliveriesOf(u.jobId);
    if (!target) throw new Error('no delivery');
    // The mark alone, as if the opt-out committed after the worker had read its rows: the worker must check.
    await ctx.db
      .insert(companyOptOuts)
      .values({ email: target.recipientEmail.toLowerCase(), companyName: target.companyName, source: 'page' });
    startWorker();
    await waitFor(async () => (await jobOf(u.jobId))?.status === 'completed', 20_000, 'job completed');
    const rows = await deliveriesOf(u.jobId);
    expect(rows.find((r) => r.id === target.id)).toMatchObject({
      status: 'opted_out',
      lastError: deliveryFailureText.optedOut,
      leaseExpiresAt: null,
    });
    expect(rows.filter((r) => r.status === 'sent')).toHaveLength(2);
    expect(sandbox.sentMessages(u.mailbox).map((m) => m.to.toLowerCase())).not.toContain(target.recipientEmail.toLowerCase());
    expect(await balanceOf(ctx, u.profileId)).toBe(1);
    expect(await jobOf(u.jobId)).toMatchObject({ status: 'completed', sentCount: 2, failedCount: 0, totalEmailsIntended: 2 });
    // The user sees it in their list, with the reason in Arabic.
    const page = await ctx.app.inject({ method: 'GET', url: '/api/sending/deliveries', headers: { cookie: u.cookie } });
    expect(page.statusCode, page.body).toBe(200);
    expect((page.json() as DeliveryPage).rows.find((r) => r.id === target.id)).toMatchObject({
      status: 'opted_out',
      lastError: deliveryFailureText.optedOut.split(' — ')[0],
    });
  });

  it('one-click (RFC 8058): the POST to the List-Unsubscribe URL stops CVs to the address at once', async () => {
    const u = await userWithJob(2);
    const [target] = await deliveriesOf(u.jobId);
    if (!target) throw new Error('no delivery');
    const res = await ctx.app.inject({
      method: 'POST',
      url: `/opt-out/${tokenFor(target)}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await markOf(target.recipientEmail)).toMatchObject({ source: 'one_click' });
    expect((await deliveriesOf(u.jobId)).find((r) => r.id === target.id)?.status).toBe('opted_out');
    expect(await balanceOf(ctx, u.profileId)).toBe(1);
    // multipart/form-data is the other body RFC 8058 allows.
    const again = await ctx.app.inject({
      method: 'POST',
      url: `/opt-out/${tokenFor(target)}`,
      headers: { 'content-type': 'multipart/form-data; boundary=x' },
      payload: '--x\r\nContent-Disposition: form-data; name="List-Unsubscribe"\r\n\r\nOne-Click\r\n--x--\r\n',
    });
    expect(again.statusCode, again.body).toBe(200);
  });

  it('scheduling leaves opted-out addresses out, for every user', async () => {
    const first = await userWithJob(1);
    const [target] = await deliveriesOf(first.jobId);
    if (!target) throw new Error('no delivery');
    expect((await optOutRequest(tokenFor(target), { choice: 'stop' })).statusCode).toBe(200);

    const next = await signedInUser(ctx);
    const profileId = await profileIdOf(ctx, next.email);
    await linkMailboxForTest(ctx, next.cookie, sandbox, `optout-next.${profileId.slice(0, 6)}@gmail.com`);
    const total = rowsOf<{ n: number }>(
      await ctx.db.execute(sql`
        select count(*)::int as n from companies c join profiles p on p.package_id = c.package_id where p.id = ${profileId}`),
    )[0]?.n as number;
    const opted = rowsOf<{ n: number }>(
      await ctx.db.execute(sql`
        select count(*)::int as n from companies c join profiles p on p.package_id = c.package_id
        where p.id = ${profileId} and lower(c.email) in (select email from company_opt_outs)`),
    )[0]?.n as number;
    expect(opted).toBeGreaterThan(0);
    await setBalance(ctx, profileId, 100_000);
    const compose = (
      await ctx.app.inject({ method: 'GET', url: '/api/sending/compose', headers: { cookie: next.cookie } })
    ).json() as SendingCompose;
    expect(compose.companiesRemaining).toBe(Math.min(5_000, total - opted));
    const resumeId = await uploadedResumeId(ctx, next.cookie, samplePdf(4_000));
    const res = await schedule(ctx, next.cookie, { resumeId, subject: 'طلب', content: '<p>نص</p>' });
    expect(res.statusCode, res.body).toBe(201);
    const recipients = (await deliveriesOf(res.json().jobId)).map((r) => r.recipientEmail.toLowerCase());
    expect(recipients).not.toContain(target.recipientEmail.toLowerCase());
    expect(recipients.length).toBe(Math.min(5_000, total - opted));
  });
});

describe('a redirect to another address', () => {
  it('stops the old address at once and waits for the administrator, who approves it into the directory', async () => {
    const u = await userWithJob(2);
    const [target] = await deliveriesOf(u.jobId);
    if (!target) throw new Error('no delivery');
    const token = tokenFor(target);
    const newEmail = `careers.${Date.now()}@company.example`;

    expect((await optOutRequest(token, { choice: 'redirect', newEmail: 'not an address' })).json()).toEqual({
      code: 'OPT_OUT_EMAIL_INVALID',
    });
    expect((await optOutRequest(token, { choice: 'redirect', newEmail: target.recipientEmail.toUpperCase() })).json()).toEqual({
      code: 'OPT_OUT_SAME_ADDRESS',
    });
    expect(await markOf(target.recipientEmail)).toBeUndefined();

    const res = await optOutRequest(token, { choice: 'redirect', newEmail: ` ${newEmail.toUpperCase()} ` });
    expect(res.statusCode, res.body).toBe(200);
    expect((res.json() as OptOutView).redirect).toEqual({ email: newEmail, status: 'pending' });
    expect((await deliveriesOf(u.jobId)).find((r) => r.id === target.id)?.status).toBe('opted_out');

    const user = await signedInUser(ctx);
    expect(
      (await ctx.app.inject({ method: 'GET', url: '/api/admin/companies/opt-outs', headers: { cookie: user.cookie } })).statusCode,
    ).toBe(403);
    const admin = await signedInAdmin(ctx);
    const list = (
      await ctx.app.inject({ method: 'GET', url: '/api/admin/companies/opt-outs', headers: { cookie: admin.cookie } })
    ).json() as AdminOptOutList;
    const item = list.items.find((i) => i.email === target.recipientEmail.toLowerCase());
    expect(item).toMatchObject({ redirectEmail: newEmail, redirectStatus: 'pending', inDirectory: true, companyName: target.companyName });
    expect(list.items[0]?.redirectStatus).toBe('pending');
    expect(list.pendingRedirects).toBeGreaterThan(0);

    const decide = (id: string, decision: string, cookie = admin.cookie) =>
      ctx.app.inject({ method: 'POST', url: `/api/admin/companies/opt-outs/${id}/decision`, headers: { cookie }, payload: { decision } });
    expect((await decide(item?.id as string, 'approve', user.cookie)).statusCode).toBe(403);
    const approved = await decide(item?.id as string, 'approve');
    expect(approved.statusCode, approved.body).toBe(204);
    const [company] = await ctx.db
      .select()
      .from(companies)
      .where(eq(companies.id, target.companyId as string));
    expect(company?.email).toBe(newEmail);
    expect(await markOf(target.recipientEmail)).toMatchObject({ redirectStatus: 'approved' });
    expect((await decide(item?.id as string, 'reject')).json()).toEqual({ code: 'OPT_OUT_ALREADY_DECIDED' });
    const audit = rowsOf<{ action: string }>(
      await ctx.db.execute(sql`select action from audit_log where entity = 'company_opt_outs' and entity_id = ${item?.id as string}`),
    );
    expect(audit.map((a) => a.action)).toEqual(['approve_redirect']);
    // The page says so to the company.
    expect(((await ctx.app.inject({ method: 'GET', url: `/api/opt-out/${token}` })).json() as OptOutView).redirect).toEqual({
      email: newEmail,
      status: 'approved',
    });
  });

  it('rejected: the directory keeps its entry and the old address stays opted out', async () => {
    const u = await userWithJob(3);
    const target = (await deliveriesOf(u.jobId))[2];
    if (!target) throw new Error('no delivery');
    const newEmail = `elsewhere.${Date.now()}@company.example`;
    expect((await optOutRequest(tokenFor(target), { choice: 'redirect', newEmail })).statusCode).toBe(200);
    const admin = await signedInAdmin(ctx);
    const mark = await markOf(target.recipientEmail);
    const res = await ctx.app.inject({
      method: 'POST',
      url: `/api/admin/companies/opt-outs/${mark?.id}/decision`,
      headers: { cookie: admin.cookie },
      payload: { decision: 'reject' },
    });
    expect(res.statusCode, res.body).toBe(204);
    const [company] = await ctx.db
      .select()
      .from(companies)
      .where(eq(companies.id, target.companyId as string));
    expect(company?.email.toLowerCase()).toBe(target.recipientEmail.toLowerCase());
    expect(await markOf(target.recipientEmail)).toMatchObject({ redirectStatus: 'rejected' });
  });
});

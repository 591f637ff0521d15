import { deliveryFailureText } from '@sira/shared/messages/sending';
import { isKnownClientPath } from '@sira/shared/routes';
import type { AdminCompaniesPage } from '@sira/shared/schemas/companies-admin';
import type { AdminOptOutList, OptOutConfirmationView, OptOutView } from '@sira/shared/schemas/opt-out';
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
import { companies, companyOptOuts, deliveries, optOutRequests, senderOptOuts, sendJobs } from '../../db/schema';
import { header, parseMessage } from '../../sandbox/google/mime';
import { startSendingWorker } from '../sending/worker/sending-worker';
import { createOptOutLinks } from './opt-out-link';

/**
 * The company opt-out end to end (ADR 013, ADR 018): the link and headers every message carries, the page's API
 * and the one-click POST, the worker skipping opted-out addresses without charging, scheduling leaving them out,
 * and — played as the sending user who holds every link of their own messages — that a link changes nothing
 * for other users until the company's own address confirms it or the administrator decides it; on the real
 * worker, the Google sandbox and a real database.
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
async function userWithJob(count: number, ip?: string) {
  const account = await signedInUser(ctx, ip ? { ip } : {});
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

let networkCounter = 1;
/** A network address nobody in these tests signed in from: a company's own (the rate limits count per address). */
const companyNetwork = () => `203.0.113.${networkCounter++}`;
const optOutRequest = (token: string, payload: object, options: { ip?: string; cookie?: string } = {}) =>
  ctx.app.inject({
    method: 'POST',
    url: `/api/opt-out/${token}`,
    payload,
    remoteAddress: options.ip ?? companyNetwork(),
    headers: options.cookie ? { cookie: options.cookie } : {},
  });
const readPage = async (token: string, options: { ip?: string; cookie?: string } = {}) => {
  const res = await ctx.app.inject({
    method: 'GET',
    url: `/api/opt-out/${token}`,
    remoteAddress: options.ip ?? companyNetwork(),
    headers: options.cookie ? { cookie: options.cookie } : {},
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as OptOutView;
};
const oneClick = (token: string, ip = companyNetwork()) =>
  ctx.app.inject({
    method: 'POST',
    url: `/opt-out/${token}`,
    remoteAddress: ip,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: 'List-Unsubscribe=One-Click',
  });
const statusOf = async (jobId: string, email: string) =>
  (await deliveriesOf(jobId)).find((r) => r.recipientEmail.toLowerCase() === email.toLowerCase())?.status;
/** The confirmation link of the last mail to `email`. */
const confirmationLinkTo = (email: string) => {
  const mail = [...ctx.mail].reverse().find((m) => m.to === email);
  const url = /https?:\/\/[^\s"<]+\/opt-out\/confirm\/[A-Za-z0-9_-]+/.exec(mail?.text ?? '')?.[0];
  if (!url) throw new Error(`no confirmation mail to ${email}`);
  return url.split('/opt-out/confirm/')[1] as string;
};
const confirm = (token: string, method: 'GET' | 'POST' = 'POST') =>
  ctx.app.inject({ method, url: `/api/opt-out/confirm/${token}`, remoteAddress: companyNetwork() });
const adminList = async (cookie: string) => {
  const res = await ctx.app.inject({ method: 'GET', url: '/api/admin/companies/opt-outs', headers: { cookie } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as AdminOptOutList;
};

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
  it('refuses a forged or altered link and writes nothing; a guesser is stopped', async () => {
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
      const read = await ctx.app.inject({ method: 'GET', url: `/api/opt-out/${t}`, remoteAddress: companyNetwork() });
      expect(read.statusCode).toBe(404);
      expect(read.json()).toEqual({ code: 'OPT_OUT_LINK_INVALID' });
      expect((await optOutRequest(t, { choice: 'stop' })).statusCode).toBe(404);
      expect((await oneClick(t)).statusCode).toBe(404);
    }
    expect(await markOf(row.recipientEmail)).toBeUndefined();
    expect(await ctx.db.select().from(senderOptOuts).where(eq(senderOptOuts.profileId, u.profileId))).toEqual([]);
    expect((await deliveriesOf(u.jobId))[0]?.status).toBe('pending');

    // Twenty wrong tokens from one address are answered; then it is refused, while a real link still works.
    const guesser = companyNetwork();
    const codes: number[] = [];
    for (let i = 0; i < 21; i++) {
      codes.push((await ctx.app.inject({ method: 'GET', url: `/api/opt-out/${bad[i % 3]}`, remoteAddress: guesser })).statusCode);
    }
    expect(codes.slice(0, 20).every((c) => c === 404)).toBe(true);
    expect(codes[20]).toBe(429);
    expect((await readPage(token, { ip: guesser })).email).toBe(row.recipientEmail.toLowerCase());
  });

  it('works for an address of 254 characters: the page, its API and the one-click POST', async () => {
    const u = await userWithJob(2);
    const [row] = await deliveriesOf(u.jobId);
    if (!row) throw new Error('no delivery');
    const domain = `${'a'.repeat(63)}.${'b'.repeat(63)}.${'c'.repeat(63)}.example`;
    const long = `${'r'.repeat(254 - domain.length - 1)}@${domain}`;
    expect(long).toHaveLength(254);
    await ctx.db.update(deliveries).set({ recipientEmail: long }).where(eq(deliveries.id, row.id));
    const token = tokenFor({ id: row.id, recipientEmail: long });
    expect(token.length).toBeGreaterThan(300);

    expect((await readPage(token)).email).toBe(long);
    const stop = await optOutRequest(token, { choice: 'stop' });
    expect(stop.statusCode, stop.body).toBe(200);
    expect((stop.json() as OptOutView).stoppedForSender).toBe(true);
    const click = await oneClick(token);
    expect(click.statusCode, click.body).toBe(200);
    expect(await statusOf(u.jobId, long)).toBe('opted_out');
  });

  it('a stop through the link ends that sender’s mail to the address at once, and nobody else’s', async () => {
    const a = await userWithJob(3);
    const b = await userWithJob(3);
    const [target] = await deliveriesOf(a.jobId);
    if (!target) throw new Error('no delivery');
    const address = target.recipientEmail.toLowerCase();
    const token = tokenFor(target);

    expect(await readPage(token)).toEqual({
      companyName: target.companyName,
      email: address,
      stoppedForSender: false,
      optedOut: false,
      request: null,
      fromSender: false,
    });
    const res = await optOutRequest(token, { choice: 'stop' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ stoppedForSender: true, optedOut: false, request: null });

    expect(await statusOf(a.jobId, address)).toBe('opted_out');
    expect((await deliveriesOf(a.jobId)).find((r) => r.id === target.id)?.lastError).toBe(deliveryFailureText.optedOut);
    expect(await balanceOf(ctx, a.profileId)).toBe(1);
    expect((await jobOf(a.jobId))?.totalEmailsIntended).toBe(2);
    // The other user's delivery to the same address is untouched, and the directory has no mark.
    expect(await statusOf(b.jobId, address)).toBe('pending');
    expect(await balanceOf(ctx, b.profileId)).toBe(0);
    expect(await markOf(address)).toBeUndefined();

    // Asking again changes nothing and gives nobody a credit twice.
    expect((await optOutRequest(token, { choice: 'stop' })).statusCode).toBe(200);
    expect(await balanceOf(ctx, a.profileId)).toBe(1);

    startWorker();
    for (const u of [a, b]) await waitFor(async () => (await jobOf(u.jobId))?.status === 'completed', 20_000, 'job completed');
    expect(sandbox.sentMessages(a.mailbox).map((m) => m.to.toLowerCase())).not.toContain(address);
    expect(sandbox.sentMessages(a.mailbox)).toHaveLength(2);
    expect(sandbox.sentMessages(b.mailbox).map((m) => m.to.toLowerCase())).toContain(address);
  });

  it('one-click (RFC 8058): the POST to the List-Unsubscribe URL stops the sender’s mail at once, within a limit', async () => {
    const u = await userWithJob(2);
    const [target] = await deliveriesOf(u.jobId);
    if (!target) throw new Error('no delivery');
    const ip = companyNetwork();
    const res = await oneClick(tokenFor(target), ip);
    expect(res.statusCode, res.body).toBe(200);
    expect(await ctx.db.select().from(senderOptOuts).where(eq(senderOptOuts.profileId, u.profileId))).toMatchObject([
      { email: target.recipientEmail.toLowerCase(), source: 'one_click', deliveryId: target.id },
    ]);
    expect(await markOf(target.recipientEmail)).toBeUndefined();
    expect((await deliveriesOf(u.jobId)).find((r) => r.id === target.id)?.status).toBe('opted_out');
    expect(await balanceOf(ctx, u.profileId)).toBe(1);
    // multipart/form-data is the other body RFC 8058 allows.
    const again = await ctx.app.inject({
      method: 'POST',
      url: `/opt-out/${tokenFor(target)}`,
      remoteAddress: ip,
      headers: { 'content-type': 'multipart/form-data; boundary=x' },
      payload: '--x\r\nContent-Disposition: form-data; name="List-Unsubscribe"\r\n\r\nOne-Click\r\n--x--\r\n',
    });
    expect(again.statusCode, again.body).toBe(200);
    // Thirty choices from one address in ten minutes are answered; the next is refused.
    const codes: number[] = [];
    for (let i = 0; i < 29; i++) codes.push((await oneClick(tokenFor(target), ip)).statusCode);
    expect(codes.slice(0, 28).every((c) => c === 200)).toBe(true);
    expect(codes[28]).toBe(429);
  });

  it('the worker skips an address marked after its rows were scheduled: not sent, counted, not charged', async () => {
    const u = await userWithJob(4);
    const [target, ownStop] = await deliveriesOf(u.jobId);
    if (!target || !ownStop) throw new Error('no delivery');
    // The marks alone, as if they committed after the worker had read its rows: the worker must check.
    await ctx.db
      .insert(companyOptOuts)
      .values({ email: target.recipientEmail.toLowerCase(), companyName: target.companyName, source: 'confirmed' });
    await ctx.db.insert(senderOptOuts).values({ profileId: u.profileId, email: ownStop.recipientEmail.toLowerCase(), source: 'page' });
    startWorker();
    await waitFor(async () => (await jobOf(u.jobId))?.status === 'completed', 20_000, 'job completed');
    const rows = await deliveriesOf(u.jobId);
    for (const skipped of [target, ownStop]) {
      expect(rows.find((r) => r.id === skipped.id)).toMatchObject({
        status: 'opted_out',
        lastError: deliveryFailureText.optedOut,
        leaseExpiresAt: null,
      });
    }
    expect(rows.filter((r) => r.status === 'sent')).toHaveLength(2);
    const sentTo = sandbox.sentMessages(u.mailbox).map((m) => m.to.toLowerCase());
    expect(sentTo).not.toContain(target.recipientEmail.toLowerCase());
    expect(sentTo).not.toContain(ownStop.recipientEmail.toLowerCase());
    expect(await balanceOf(ctx, u.profileId)).toBe(2);
    expect(await jobOf(u.jobId)).toMatchObject({ status: 'completed', sentCount: 2, failedCount: 0, totalEmailsIntended: 2 });
    // The user sees it in their list, with the reason in Arabic.
    const page = await ctx.app.inject({ method: 'GET', url: '/api/sending/deliveries', headers: { cookie: u.cookie } });
    expect(page.statusCode, page.body).toBe(200);
    expect((page.json() as DeliveryPage).rows.find((r) => r.id === target.id)).toMatchObject({
      status: 'opted_out',
      lastError: deliveryFailureText.optedOut.split(' — ')[0],
    });
  });

  it('scheduling leaves out the directory’s marks for every user, and a sender’s own stops for that sender', async () => {
    const first = await userWithJob(1);
    const [target] = await deliveriesOf(first.jobId);
    if (!target) throw new Error('no delivery');
    await ctx.db
      .insert(companyOptOuts)
      .values({ email: target.recipientEmail.toLowerCase(), companyName: target.companyName, source: 'confirmed' })
      .onConflictDoNothing();

    const next = await signedInUser(ctx);
    const profileId = await profileIdOf(ctx, next.email);
    await linkMailboxForTest(ctx, next.cookie, sandbox, `optout-next.${profileId.slice(0, 6)}@gmail.com`);
    const [ownStop] = rowsOf<{ email: string }>(
      await ctx.db.execute(sql`
        select lower(c.email) as email from companies c join profiles p on p.package_id = c.package_id
        where p.id = ${profileId} and lower(c.email) not in (select email from company_opt_outs) order by c.name limit 1`),
    );
    await ctx.db.insert(senderOptOuts).values({ profileId, email: ownStop?.email as string, source: 'page' });
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
    expect(compose.companiesRemaining).toBe(total - opted - 1);
    const resumeId = await uploadedResumeId(ctx, next.cookie, samplePdf(4_000));
    const res = await schedule(ctx, next.cookie, { resumeId, subject: 'طلب', content: '<p>نص</p>' });
    expect(res.statusCode, res.body).toBe(201);
    const recipients = (await deliveriesOf(res.json().jobId)).map((r) => r.recipientEmail.toLowerCase());
    expect(recipients).not.toContain(target.recipientEmail.toLowerCase());
    expect(recipients).not.toContain(ownStop?.email);
    expect(recipients.length).toBe(Math.min(5_000, total - opted - 1));
  });
});

describe('the sending user holds every link of their own messages', () => {
  it('cannot, with those links, stop other users’ sends, redirect their CVs, or file twice', async () => {
    const attackerIp = '198.51.100.20';
    const attacker = await userWithJob(3, attackerIp);
    const victim = await userWithJob(3);
    const admin = await signedInAdmin(ctx);
    const own = await deliveriesOf(attacker.jobId);
    const [one, two, three] = own.map((r) => ({ row: r, token: tokenFor(r), address: r.recipientEmail.toLowerCase() }));
    if (!one || !two || !three) throw new Error('no deliveries');
    const directoryBefore = await ctx.db.select({ id: companies.id, email: companies.email }).from(companies).orderBy(companies.id);

    // From the sender's own session, and from the network they sign in from: only their own stop is offered.
    expect((await readPage(one.token, { cookie: attacker.cookie })).fromSender).toBe(true);
    expect((await readPage(one.token, { ip: attackerIp })).fromSender).toBe(true);
    for (const from of [{ cookie: attacker.cookie }, { ip: attackerIp }]) {
      expect((await optOutRequest(one.token, { choice: 'stop_all' }, from)).json()).toEqual({ code: 'OPT_OUT_SENDER_REQUEST' });
      expect((await optOutRequest(two.token, { choice: 'redirect', newEmail: 'harvest@attacker.example' }, from)).json()).toEqual({
        code: 'OPT_OUT_SENDER_REQUEST',
      });
    }
    expect(await ctx.db.select().from(optOutRequests).where(eq(optOutRequests.senderProfileId, attacker.profileId))).toEqual([]);

    // From elsewhere (another connection, no session) the requests are filed, and wait for the company's address.
    const stopAll = await optOutRequest(one.token, { choice: 'stop_all' });
    expect(stopAll.statusCode, stopAll.body).toBe(200);
    expect((stopAll.json() as OptOutView).request).toEqual({ kind: 'stop', status: 'unconfirmed', redirectEmail: null });
    const redirect = await optOutRequest(two.token, { choice: 'redirect', newEmail: 'harvest@attacker.example' });
    expect(redirect.statusCode, redirect.body).toBe(200);
    expect(ctx.mail.filter((m) => m.to === one.address || m.to === two.address)).toHaveLength(2);
    expect(ctx.mail.some((m) => m.to === 'harvest@attacker.example')).toBe(false);

    // A link files one request; a redirect may not point to any Sira account.
    expect((await optOutRequest(one.token, { choice: 'redirect', newEmail: 'other@attacker.example' })).json()).toEqual({
      code: 'OPT_OUT_LINK_USED',
    });
    expect((await optOutRequest(two.token, { choice: 'stop_all' })).json()).toEqual({ code: 'OPT_OUT_LINK_USED' });
    for (const account of [admin.email, attacker.email.toUpperCase(), victim.mailbox]) {
      expect((await optOutRequest(three.token, { choice: 'redirect', newEmail: account })).json()).toEqual({
        code: 'OPT_OUT_ACCOUNT_ADDRESS',
      });
    }

    // Nothing changed for the other user: no mark, the directory as it was, their deliveries waiting and sent.
    for (const { address } of [one, two, three]) {
      expect(await markOf(address)).toBeUndefined();
      expect(await statusOf(victim.jobId, address)).toBe('pending');
    }
    expect(await ctx.db.select({ id: companies.id, email: companies.email }).from(companies).orderBy(companies.id)).toEqual(
      directoryBefore,
    );

    // The administrator sees which delivery, which user, and how many of their own links that user used.
    const list = await adminList(admin.cookie);
    expect(list.openRequests).toBeGreaterThanOrEqual(2);
    const filed = list.requests.filter((r) => r.sender?.id === attacker.profileId);
    expect(filed.map((r) => [r.kind, r.status, r.redirectEmail]).sort()).toEqual([
      ['redirect', 'unconfirmed', 'harvest@attacker.example'],
      ['stop', 'unconfirmed', null],
    ]);
    expect(filed.map((r) => r.deliveryId).sort()).toEqual([one.row.id, two.row.id].sort());
    expect(filed[0]?.sender).toMatchObject({ email: attacker.email, linksUsed: 2 });
    expect(filed.every((r) => r.requesterIp?.startsWith('203.0.113.'))).toBe(true);
    expect(list.requests.slice(0, list.openRequests).every((r) => r.status === 'unconfirmed' || r.status === 'confirmed')).toBe(true);

    startWorker();
    for (const u of [attacker, victim]) await waitFor(async () => (await jobOf(u.jobId))?.status === 'completed', 20_000, 'job completed');
    expect(
      sandbox
        .sentMessages(victim.mailbox)
        .map((m) => m.to.toLowerCase())
        .sort(),
    ).toEqual([one.address, two.address, three.address].sort());
    expect(await balanceOf(ctx, victim.profileId)).toBe(0);
  });
});

describe('confirmed from the company’s own address', () => {
  it('a stop for every user takes effect once the mailed link is confirmed; a GET changes nothing', async () => {
    const a = await userWithJob(3);
    const b = await userWithJob(3);
    const [target] = await deliveriesOf(a.jobId);
    if (!target) throw new Error('no delivery');
    const address = target.recipientEmail.toLowerCase();
    expect((await optOutRequest(tokenFor(target), { choice: 'stop_all' })).statusCode).toBe(200);
    const confirmation = confirmationLinkTo(address);

    const looked = await confirm(confirmation, 'GET');
    expect(looked.statusCode, looked.body).toBe(200);
    expect(looked.json()).toEqual({
      companyName: target.companyName,
      email: address,
      kind: 'stop',
      redirectEmail: null,
      status: 'unconfirmed',
    } satisfies OptOutConfirmationView);
    expect(await statusOf(b.jobId, address)).toBe('pending');

    const altered = `${confirmation.slice(0, -2)}${confirmation.endsWith('AA') ? 'AB' : 'AA'}`;
    expect((await confirm(altered)).json()).toEqual({ code: 'OPT_OUT_CONFIRMATION_INVALID' });

    const confirmed = await confirm(confirmation);
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect((confirmed.json() as OptOutConfirmationView).status).toBe('confirmed');
    expect(await markOf(address)).toMatchObject({ source: 'confirmed' });
    expect(await statusOf(b.jobId, address)).toBe('opted_out');
    expect(await balanceOf(ctx, b.profileId)).toBe(1);
    expect((await confirm(confirmation)).statusCode).toBe(200);
    expect(await balanceOf(ctx, b.profileId)).toBe(1);
    expect((await readPage(tokenFor(target))).optedOut).toBe(true);

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
    expect(await marked(address)).toEqual([[address, true]]);
    const other = (await deliveriesOf(a.jobId)).find((r) => r.recipientEmail.toLowerCase() !== address);
    expect(await marked(other?.recipientEmail as string)).toEqual([[other?.recipientEmail.toLowerCase(), false]]);

    // The administrator can lift it (audited): the address is open to every user again.
    const mark = (await adminList(admin.cookie)).marks.find((m) => m.email === address);
    expect(mark).toMatchObject({ source: 'confirmed', inDirectory: true });
    const user = await signedInUser(ctx);
    const lift = (cookie: string) =>
      ctx.app.inject({ method: 'DELETE', url: `/api/admin/companies/opt-outs/${mark?.id}`, headers: { cookie } });
    expect((await lift(user.cookie)).statusCode).toBe(403);
    expect((await lift(admin.cookie)).statusCode).toBe(204);
    expect(await markOf(address)).toBeUndefined();
    const audit = rowsOf<{ action: string }>(
      await ctx.db.execute(sql`select action from audit_log where entity = 'company_opt_outs' and entity_id = ${mark?.id as string}`),
    );
    expect(audit.map((r) => r.action)).toEqual(['lift_opt_out']);
    expect((await adminList(admin.cookie)).requests.find((r) => r.deliveryId === target.id)?.status).toBe('undone');
  });

  it('a confirmation link is refused after seven days', async () => {
    const u = await userWithJob(1);
    const [target] = await deliveriesOf(u.jobId);
    if (!target) throw new Error('no delivery');
    expect((await optOutRequest(tokenFor(target), { choice: 'stop_all' })).statusCode).toBe(200);
    const confirmation = confirmationLinkTo(target.recipientEmail.toLowerCase());
    await ctx.db.execute(sql`update opt_out_requests set created_at = now() - interval '8 days' where link_id = ${target.id}::uuid`);
    expect((await confirm(confirmation)).json()).toEqual({ code: 'OPT_OUT_CONFIRMATION_EXPIRED' });
    expect(await markOf(target.recipientEmail)).toBeUndefined();
  });
});

describe('a redirect to another address', () => {
  it('confirmed by the address, approved by the administrator into the directory, and undone', async () => {
    const u = await userWithJob(2);
    const [target] = await deliveriesOf(u.jobId);
    if (!target) throw new Error('no delivery');
    const address = target.recipientEmail.toLowerCase();
    const token = tokenFor(target);
    const newEmail = `careers.${Date.now()}@company.example`;

    expect((await optOutRequest(token, { choice: 'redirect', newEmail: 'not an address' })).json()).toEqual({
      code: 'OPT_OUT_EMAIL_INVALID',
    });
    expect((await optOutRequest(token, { choice: 'redirect', newEmail: address.toUpperCase() })).json()).toEqual({
      code: 'OPT_OUT_SAME_ADDRESS',
    });
    const res = await optOutRequest(token, { choice: 'redirect', newEmail: ` ${newEmail.toUpperCase()} ` });
    expect(res.statusCode, res.body).toBe(200);
    expect((res.json() as OptOutView).request).toEqual({ kind: 'redirect', status: 'unconfirmed', redirectEmail: newEmail });
    expect(await markOf(address)).toBeUndefined();
    expect((await confirm(confirmationLinkTo(address))).json()).toMatchObject({ status: 'confirmed', redirectEmail: newEmail });
    expect(await markOf(address)).toMatchObject({ source: 'confirmed' });

    const admin = await signedInAdmin(ctx);
    const item = (await adminList(admin.cookie)).requests.find((r) => r.deliveryId === target.id);
    expect(item).toMatchObject({ kind: 'redirect', status: 'confirmed', redirectEmail: newEmail, inDirectory: true });
    const user = await signedInUser(ctx);
    expect(
      (await ctx.app.inject({ method: 'GET', url: '/api/admin/companies/opt-outs', headers: { cookie: user.cookie } })).statusCode,
    ).toBe(403);
    const decide = (decision: string, cookie = admin.cookie) =>
      ctx.app.inject({
        method: 'POST',
        url: `/api/admin/companies/opt-out-requests/${item?.id}/decision`,
        headers: { cookie },
        payload: { decision },
      });
    expect((await decide('approve', user.cookie)).statusCode).toBe(403);
    const approved = await decide('approve');
    expect(approved.statusCode, approved.body).toBe(204);
    const companyEmail = async () =>
      (
        await ctx.db
          .select()
          .from(companies)
          .where(eq(companies.id, target.companyId as string))
      )[0]?.email.toLowerCase();
    expect(await companyEmail()).toBe(newEmail);
    expect((await decide('reject')).json()).toEqual({ code: 'OPT_OUT_ALREADY_DECIDED' });
    expect((await readPage(token)).request).toEqual({ kind: 'redirect', status: 'approved', redirectEmail: newEmail });

    // Undone: the directory entry goes back, and the old address is open again.
    const undo = await ctx.app.inject({
      method: 'POST',
      url: `/api/admin/companies/opt-out-requests/${item?.id}/undo`,
      headers: { cookie: admin.cookie },
    });
    expect(undo.statusCode, undo.body).toBe(204);
    expect(await companyEmail()).toBe(address);
    expect(await markOf(address)).toBeUndefined();
    const audit = rowsOf<{ action: string }>(
      await ctx.db.execute(
        sql`select action from audit_log where entity = 'opt_out_requests' and entity_id = ${item?.id as string} order by created_at, id`,
      ),
    );
    expect(audit.map((a) => a.action).sort()).toEqual(['approve_opt_out_redirect', 'undo_opt_out_redirect']);
  });

  it('rejected: the directory keeps its entry and nothing changes for other users', async () => {
    const u = await userWithJob(3);
    const other = await userWithJob(3);
    const target = (await deliveriesOf(u.jobId))[2];
    if (!target) throw new Error('no delivery');
    const newEmail = `elsewhere.${Date.now()}@company.example`;
    expect((await optOutRequest(tokenFor(target), { choice: 'redirect', newEmail })).statusCode).toBe(200);
    const admin = await signedInAdmin(ctx);
    const item = (await adminList(admin.cookie)).requests.find((r) => r.deliveryId === target.id);
    const res = await ctx.app.inject({
      method: 'POST',
      url: `/api/admin/companies/opt-out-requests/${item?.id}/decision`,
      headers: { cookie: admin.cookie },
      payload: { decision: 'reject' },
    });
    expect(res.statusCode, res.body).toBe(204);
    const [company] = await ctx.db
      .select()
      .from(companies)
      .where(eq(companies.id, target.companyId as string));
    expect(company?.email.toLowerCase()).toBe(target.recipientEmail.toLowerCase());
    expect(await markOf(target.recipientEmail)).toBeUndefined();
    expect(await statusOf(other.jobId, target.recipientEmail)).toBe('pending');
  });
});

import { smtpTestText } from '@sira/shared/messages/mailbox';
import { deliveryFailureText } from '@sira/shared/messages/sending';
import type { LinkedMailbox } from '@sira/shared/schemas/mailbox';
import { and, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { signedInUser } from '../../../test-support/auth';
import { TEST_BASE_URL } from '../../../test-support/global-setup';
import { linkMailboxForTest, useAppWithGoogleSandbox } from '../../../test-support/mailbox';
import {
  backgroundContextOf,
  balanceOf,
  deliveryCounts,
  profileIdOf,
  samplePdf,
  schedule,
  setBalance,
  uploadedResumeId,
  useSendingSettings,
  waitFor,
} from '../../../test-support/sending';
import { deliveries, profiles, resumes, sendJobs, userGmail, userMailboxes } from '../../db/schema';
import { type MicrosoftSandbox, startMicrosoftSandbox } from '../../sandbox/microsoft';
import { type SmtpMailboxSandbox, startSmtpMailboxSandbox } from '../../sandbox/smtp';
import { startSendingWorker } from '../sending/worker/sending-worker';
import type { MailboxSettings } from './providers/mailbox-settings';
import { MICROSOFT_MAX_RESUME_BYTES } from './providers/microsoft/sender';

/**
 * Several mailboxes per user (ADR 030) through the HTTP routes and the real worker, against the Google,
 * Microsoft and SMTP sandboxes on loopback ports: linking, choosing and unlinking; each provider's failures
 * driving the engine; and no user reaching another's mailbox.
 */

const REDIRECT = `${TEST_BASE_URL}/api/mailbox/microsoft/callback`;
let microsoft: MicrosoftSandbox;
let smtp: SmtpMailboxSandbox;
/** Filled in once the sandboxes run: the app reads it for every request and the worker when it starts. */
const mailboxes: MailboxSettings = { microsoftClient: null, smtpRules: { allowPrivateAddresses: true } };

beforeAll(async () => {
  microsoft = await startMicrosoftSandbox({ redirectUris: [REDIRECT] });
  smtp = await startSmtpMailboxSandbox();
  mailboxes.microsoftClient = { clientId: microsoft.clientId, clientSecret: microsoft.clientSecret };
});
afterAll(async () => {
  await Promise.all([microsoft?.close(), smtp?.close()]);
});

const { ctx, sandbox: google } = useAppWithGoogleSandbox(() => ({ mailboxes }));
// The app's Microsoft and SMTP server are the sandboxes on their own ports: set once the app is built, since
// embedded mode's own SMTP sandbox announces itself while the app starts.
beforeAll(() => {
  ctx.app.providers.microsoft = microsoft.endpoints;
  mailboxes.smtpRules.sandbox = { host: smtp.host, certificate: smtp.certificate };
});

const running: Array<{ stop(): Promise<void> }> = [];
beforeAll(async () => {
  await useSendingSettings(ctx);
});
afterEach(async () => {
  await Promise.all(running.splice(0).map((w) => w.stop()));
  microsoft.clearFaults();
  smtp.state.clearFaults();
});

function startWorker() {
  const worker = startSendingWorker(backgroundContextOf(ctx), { pollMs: 50, sweepEveryMs: 100, settingsTtlMs: 0, notifyWindowMs: 200 });
  running.push(worker);
  return worker;
}

let n = 0;
async function user() {
  const account = await signedInUser(ctx);
  return { ...account, profileId: await profileIdOf(ctx, account.email) };
}

const list = async (cookie: string): Promise<LinkedMailbox[]> => {
  const res = await ctx.app.inject({ method: 'GET', url: '/api/mailboxes', headers: { cookie } });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { mailboxes: LinkedMailbox[] }).mailboxes;
};

const smtpInput = (email: string, password = 'app-password') => ({
  email,
  host: smtp.host,
  port: smtp.tlsPort,
  tls: 'tls' as const,
  user: email,
  password,
});

async function linkSmtp(cookie: string, email: string, password = 'app-password') {
  const res = await ctx.app.inject({ method: 'POST', url: '/api/mailbox/smtp', headers: { cookie }, payload: smtpInput(email, password) });
  return res;
}

/** Connect → the sandbox's consent page answered over HTTP → the app's callback, as a browser would. */
async function linkMicrosoft(cookie: string, email: string, accountType: 'consumer' | 'organization' = 'consumer'): Promise<string | null> {
  const start = await ctx.app.inject({ method: 'POST', url: '/api/mailbox/microsoft/connect', headers: { cookie } });
  expect(start.statusCode, start.body).toBe(200);
  const consent = new URL((start.json() as { url: string }).url);
  const form = new URLSearchParams(consent.search);
  form.set('decision', 'approve');
  form.set('email', email);
  form.set('account_type', accountType);
  const decision = await fetch(`${consent.origin}${consent.pathname}/decision`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: form.toString(),
    redirect: 'manual',
  });
  expect(decision.status).toBe(303);
  const back = new URL(decision.headers.get('location') as string);
  const res = await ctx.app.inject({ method: 'GET', url: `${back.pathname}${back.search}`, headers: { cookie } });
  expect(res.statusCode).toBe(303);
  return new URL(String(res.headers.location), 'http://app.invalid').searchParams.get('mailbox');
}

async function scheduled(account: { cookie: string; profileId: string }, count: number, pdf = samplePdf(20_000)) {
  await setBalance(ctx, account.profileId, count);
  const resumeId = await uploadedResumeId(ctx, account.cookie, pdf);
  return schedule(ctx, account.cookie, { resumeId, subject: 'طلب توظيف لدى {{company_name}}', content: '<p>إلى {{company_name}}</p>' });
}

describe('linking an SMTP mailbox', () => {
  it('tests the settings without sending anything, refuses a wrong app password, seals the one that works', async () => {
    const a = await user();
    const email = `smtp${n++}@yahoo.com`;
    smtp.state.setPassword(email, 'the-right-one');
    const test = await ctx.app.inject({
      method: 'POST',
      url: '/api/mailbox/smtp/test',
      headers: { cookie: a.cookie },
      payload: smtpInput(email),
    });
    expect(test.json()).toEqual({ ok: false, code: 'auth-refused' });
    expect(smtpTestText['auth-refused']).toMatch(/[\u0600-\u06FF]/);
    const refused = await linkSmtp(a.cookie, email);
    expect(refused.statusCode).toBe(422);
    expect(await list(a.cookie)).toEqual([]);

    const ok = await ctx.app.inject({
      method: 'POST',
      url: '/api/mailbox/smtp/test',
      headers: { cookie: a.cookie },
      payload: smtpInput(email, 'the-right-one'),
    });
    expect(ok.json()).toEqual({ ok: true, code: null });
    const linked = await linkSmtp(a.cookie, email, 'the-right-one');
    expect(linked.statusCode, linked.body).toBe(201);
    expect(smtp.state.account(email)?.messages ?? []).toHaveLength(0);
    const [row] = await ctx.db.select().from(userMailboxes).where(eq(userMailboxes.profileId, a.profileId));
    expect(row?.credential).not.toContain('the-right-one');
    expect(await list(a.cookie)).toEqual([
      expect.objectContaining({ provider: 'smtp', email, chosen: true, smtpHost: smtp.host, dailyCap: 300, maxResumeBytes: null }),
    ]);
  });

  it('sends an Outlook.com address to the Microsoft linking instead', async () => {
    const a = await user();
    const res = await linkSmtp(a.cookie, `someone${n++}@outlook.com`);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'SMTP_USE_MICROSOFT' });
  });
});

describe('linking a Microsoft mailbox', () => {
  it('asks the common authority for the three scopes with PKCE, and stores the account sealed and chosen', async () => {
    const a = await user();
    const start = await ctx.app.inject({ method: 'POST', url: '/api/mailbox/microsoft/connect', headers: { cookie: a.cookie } });
    const url = new URL((start.json() as { url: string }).url);
    expect(url.pathname).toContain('/common/oauth2/v2.0/authorize');
    expect(url.searchParams.get('scope')).toBe('offline_access Mail.Send User.Read');
    expect(url.searchParams.get('code_challenge_method')).toBe('S256');
    expect(url.searchParams.get('redirect_uri')).toBe(REDIRECT);

    const email = `ms${n++}@contoso.sa`;
    expect(await linkMicrosoft(a.cookie, email, 'organization')).toBe('linked');
    expect(await list(a.cookie)).toEqual([
      expect.objectContaining({ provider: 'microsoft', email, chosen: true, accountType: 'organization', dailyCap: 1800 }),
    ]);
    expect((await list(a.cookie))[0]?.maxResumeBytes).toBe(MICROSOFT_MAX_RESUME_BYTES);
  });

  it('a callback with another user’s state links nothing', async () => {
    const a = await user();
    const b = await user();
    const start = await ctx.app.inject({ method: 'POST', url: '/api/mailbox/microsoft/connect', headers: { cookie: a.cookie } });
    const state = new URL((start.json() as { url: string }).url).searchParams.get('state');
    const res = await ctx.app.inject({
      method: 'GET',
      url: `/api/mailbox/microsoft/callback?state=${state}&code=whatever`,
      headers: { cookie: b.cookie },
    });
    expect(String(res.headers.location)).toContain('mailbox=state_invalid');
    expect(await list(b.cookie)).toEqual([]);
  });
});

describe('several mailboxes', () => {
  it('keeps each job on the mailbox chosen when it was scheduled; choosing another moves only new sends', async () => {
    const a = await user();
    const gmail = `multi${n++}@gmail.com`;
    await linkMailboxForTest(ctx, a.cookie, google, gmail);
    const yahoo = `multi${n++}@yahoo.com`;
    expect((await linkSmtp(a.cookie, yahoo)).statusCode).toBe(201);
    const [first, second] = await list(a.cookie);
    expect([first?.provider, first?.chosen, second?.provider, second?.chosen]).toEqual(['gmail', false, 'smtp', true]);
    // The previous version's table holds the chosen Gmail only: none now.
    expect(await ctx.db.select().from(userGmail).where(eq(userGmail.profileId, a.profileId))).toEqual([]);

    const fromSmtp = await scheduled(a, 2);
    expect(fromSmtp.statusCode, fromSmtp.body).toBe(201);
    const chose = await ctx.app.inject({ method: 'POST', url: `/api/mailboxes/${first?.id}/choose`, headers: { cookie: a.cookie } });
    expect(chose.statusCode).toBe(204);
    expect((await ctx.db.select().from(userGmail).where(eq(userGmail.profileId, a.profileId))).map((r) => r.email)).toEqual([gmail]);
    const fromGmail = await scheduled(a, 2);
    expect(fromGmail.statusCode, fromGmail.body).toBe(201);

    startWorker();
    await waitFor(async () => (await deliveryCounts(ctx, a.profileId)).sent === 4, 20_000, 'four sent');
    expect(smtp.state.account(yahoo)?.messages).toHaveLength(2);
    expect(google.sentMessages(gmail)).toHaveLength(2);
    const senders = await ctx.db
      .select({ job: deliveries.jobId, email: deliveries.senderEmail, provider: deliveries.senderProvider })
      .from(deliveries)
      .where(eq(deliveries.profileId, a.profileId));
    const jobOf = (res: typeof fromSmtp) => (res.json() as { jobId: string }).jobId;
    expect(new Set(senders.filter((s) => s.job === jobOf(fromSmtp)).map((s) => `${s.provider}:${s.email}`))).toEqual(
      new Set([`smtp:${yahoo}`]),
    );
    expect(new Set(senders.filter((s) => s.job === jobOf(fromGmail)).map((s) => `${s.provider}:${s.email}`))).toEqual(
      new Set([`gmail:${gmail}`]),
    );
    // Never twice to one address per user, whichever mailbox sent.
    const recipients = senders.length;
    const distinct = new Set(
      (await ctx.db.select().from(deliveries).where(eq(deliveries.profileId, a.profileId))).map((d) => d.recipientEmail),
    );
    expect(distinct.size).toBe(recipients);
  });

  it('unlinking a mailbox holds its waiting messages; linking it again resumes them', async () => {
    const a = await user();
    const yahoo = `hold${n++}@yahoo.com`;
    expect((await linkSmtp(a.cookie, yahoo)).statusCode).toBe(201);
    const res = await scheduled(a, 3);
    expect(res.statusCode).toBe(201);
    const [mailbox] = await list(a.cookie);
    const unlink = await ctx.app.inject({ method: 'DELETE', url: `/api/mailboxes/${mailbox?.id}`, headers: { cookie: a.cookie } });
    expect(unlink.statusCode).toBe(204);
    expect(await deliveryCounts(ctx, a.profileId)).toMatchObject({ held: 3 });
    expect(await list(a.cookie)).toEqual([]);
    expect((await linkSmtp(a.cookie, yahoo)).statusCode).toBe(201);
    expect(await deliveryCounts(ctx, a.profileId)).toMatchObject({ pending: 3 });
  });

  it('another user can neither see, choose, unlink nor test someone’s mailbox', async () => {
    const owner = await user();
    const attacker = await user();
    const yahoo = `victim${n++}@yahoo.com`;
    expect((await linkSmtp(owner.cookie, yahoo)).statusCode).toBe(201);
    const [mailbox] = await list(owner.cookie);
    const id = mailbox?.id as string;
    expect(await list(attacker.cookie)).toEqual([]);
    for (const [method, url] of [
      ['POST', `/api/mailboxes/${id}/choose`],
      ['DELETE', `/api/mailboxes/${id}`],
      ['POST', `/api/mailboxes/${id}/test`],
    ] as const) {
      const res = await ctx.app.inject({ method, url, headers: { cookie: attacker.cookie } });
      expect([url, res.statusCode, res.json()]).toEqual([url, 404, { code: 'MAILBOX_NOT_FOUND' }]);
    }
    const anonymous = await ctx.app.inject({ method: 'GET', url: '/api/mailboxes' });
    expect(anonymous.statusCode).toBe(401);
    const [still] = await ctx.db.select().from(userMailboxes).where(eq(userMailboxes.id, id));
    expect([still?.chosen, still?.credential !== null]).toEqual([true, true]);
    // The owner's own test logs in and quits: nothing sent.
    const test = await ctx.app.inject({ method: 'POST', url: `/api/mailboxes/${id}/test`, headers: { cookie: owner.cookie } });
    expect(test.json()).toEqual({ ok: true, code: null });
    expect(smtp.state.account(yahoo)?.messages ?? []).toHaveLength(0);
  });
});

describe('each provider’s failures drive the engine', () => {
  it('SMTP: an app password refused holds the mailbox’s messages and tells the user', async () => {
    const a = await user();
    const yahoo = `refused${n++}@yahoo.com`;
    expect((await linkSmtp(a.cookie, yahoo)).statusCode).toBe(201);
    expect((await scheduled(a, 3)).statusCode).toBe(201);
    smtp.state.setPassword(yahoo, 'changed-since');
    startWorker();
    await waitFor(async () => (await deliveryCounts(ctx, a.profileId)).held === 3, 20_000, 'held');
    const [profile] = await ctx.db.select({ notice: profiles.mailboxNotice }).from(profiles).where(eq(profiles.id, a.profileId));
    expect(profile?.notice).toBe('invalid_grant');
    expect(await list(a.cookie)).toEqual([]);
    expect(await balanceOf(ctx, a.profileId)).toBe(0);
    const [row] = await ctx.db
      .select()
      .from(deliveries)
      .where(and(eq(deliveries.profileId, a.profileId), eq(deliveries.status, 'held')));
    expect(row?.attempts).toBe(0);
  });

  it('Microsoft: a 401 is refreshed once and sent; consent withdrawn (403 ErrorAccessDenied) holds and tells', async () => {
    const a = await user();
    const email = `denied${n++}@contoso.sa`;
    expect(await linkMicrosoft(a.cookie, email, 'organization')).toBe('linked');
    expect((await scheduled(a, 3)).statusCode).toBe(201);
    microsoft.injectFault({ status: 401, mailbox: email, times: 1 });
    startWorker();
    await waitFor(async () => (await deliveryCounts(ctx, a.profileId)).sent === 3, 20_000, 'sent after a refresh');
    expect(microsoft.sentMessages(email)).toHaveLength(3);

    expect((await scheduled(a, 2)).statusCode).toBe(201);
    microsoft.injectFault({ status: 403, code: 'ErrorAccessDenied', mailbox: email });
    await waitFor(async () => (await deliveryCounts(ctx, a.profileId)).held === 2, 20_000, 'held');
    const [profile] = await ctx.db.select({ notice: profiles.mailboxNotice }).from(profiles).where(eq(profiles.id, a.profileId));
    expect(profile?.notice).toBe('invalid_grant');
    expect(await list(a.cookie)).toEqual([]);
    expect(await balanceOf(ctx, a.profileId)).toBe(0);
  });

  it('Microsoft: a 429 with Retry-After pauses only that mailbox; another user’s Microsoft mailbox keeps sending', async () => {
    const a = await user();
    const b = await user();
    const paused = `busy${n++}@outlook.com`;
    const free = `free${n++}@outlook.com`;
    expect(await linkMicrosoft(a.cookie, paused)).toBe('linked');
    expect(await linkMicrosoft(b.cookie, free)).toBe('linked');
    microsoft.injectFault({ status: 429, retryAfterSeconds: 3600, mailbox: paused, times: 1 });
    const before = Date.now();
    expect((await scheduled(a, 3)).statusCode).toBe(201);
    expect((await scheduled(b, 3)).statusCode).toBe(201);
    startWorker();
    await waitFor(async () => (await deliveryCounts(ctx, b.profileId)).sent === 3, 20_000, 'b sent');
    const [mailbox] = await ctx.db.select().from(userMailboxes).where(eq(userMailboxes.profileId, a.profileId));
    expect(mailbox?.pausedUntil?.getTime()).toBeGreaterThanOrEqual(before + 3_600_000);
    expect(await deliveryCounts(ctx, a.profileId)).toMatchObject({ pending: 3 });
    const lastErrors = await ctx.db.select({ e: deliveries.lastError }).from(deliveries).where(eq(deliveries.profileId, a.profileId));
    expect(lastErrors.filter((r) => r.e?.startsWith(deliveryFailureText.mailboxLimit))).toHaveLength(1);
    expect(microsoft.sentMessages(paused)).toHaveLength(0);
    expect(microsoft.sentMessages(free)).toHaveLength(3);
    expect((await list(a.cookie))[0]?.pausedUntil).not.toBeNull();
  });

  it('Microsoft: a résumé too large for one Graph call is refused when scheduling, and failed with credit back in the worker', async () => {
    const a = await user();
    expect(await linkMicrosoft(a.cookie, `large${n++}@outlook.com`)).toBe('linked');
    // Past the real limit (the scheduling check keeps room for the message around the résumé).
    const big = samplePdf(MICROSOFT_MAX_RESUME_BYTES + 150_000);
    const refused = await scheduled(a, 2, big);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: 'RESUME_TOO_LARGE_FOR_MAILBOX' });
    expect(await balanceOf(ctx, a.profileId)).toBe(2);

    // A job that reached the queue anyway (scheduled from another mailbox, then moved): the worker refuses it.
    const ok = await scheduled(a, 2);
    expect(ok.statusCode).toBe(201);
    await setBalance(ctx, a.profileId, 1);
    const resumeId = await uploadedResumeId(ctx, a.cookie, big);
    await setBalance(ctx, a.profileId, 0);
    const [resume] = await ctx.db.select({ path: resumes.path }).from(resumes).where(eq(resumes.id, resumeId));
    await ctx.db
      .update(sendJobs)
      .set({ resumePath: resume?.path as string })
      .where(eq(sendJobs.id, (ok.json() as { jobId: string }).jobId));
    startWorker();
    await waitFor(async () => (await deliveryCounts(ctx, a.profileId)).failed === 2, 20_000, 'failed');
    expect(await balanceOf(ctx, a.profileId)).toBe(2);
    const [row] = await ctx.db.select({ e: deliveries.lastError }).from(deliveries).where(eq(deliveries.profileId, a.profileId));
    expect(row?.e?.startsWith(deliveryFailureText.tooLargeForMailbox)).toBe(true);
  });
});

import { deliveryFailureText } from '@sira/shared/messages/sending';
import type { SendingStatus } from '@sira/shared/schemas/sending';
import { eq, sql } from 'drizzle-orm';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { signedInAdmin, signedInUser, TEST_APPLICANT_NAME } from '../../../../test-support/auth';
import { linkMailboxForTest, useAppWithGoogleSandbox } from '../../../../test-support/mailbox';
import {
  afterStatement,
  backgroundContextOf,
  balanceOf,
  deliveryCounts,
  FAST_SETTINGS,
  failingRecordWrites,
  profileIdOf,
  recordingLogger,
  SimulatedClock,
  samplePdf,
  schedule,
  setBalance,
  uploadedResumeId,
  useSendingSettings,
  waitFor,
} from '../../../../test-support/sending';
import { rowsOf } from '../../../db/client';
import { deliveries, failedEmails, profiles, sendJobs, userGmail } from '../../../db/schema';
import type { LiveEvent } from '../../../lib/event-bus';
import { header, parseMessage } from '../../../sandbox/google/mime';
import { HOUR_MS } from '../pacing';
import { databaseResumeStorage } from '../resume-storage';
import { type ClaimedDelivery, claimDeliveries, recordAndHandOver, releaseDeliveries } from './queue';
import { type SendingWorkerOptions, startSendingWorker } from './sending-worker';

/**
 * The worker against the real Google sandbox over HTTP and a real database: what it sends, how it paces,
 * and how each class of provider error ends.
 */

const { ctx, sandbox } = useAppWithGoogleSandbox();

const running: Array<{ stop(): Promise<void> }> = [];
let logged = recordingLogger();
beforeAll(async () => {
  await useSendingSettings(ctx);
});
afterEach(async () => {
  await Promise.all(running.splice(0).map((w) => w.stop()));
  sandbox.clearFaults();
  await useSendingSettings(ctx);
});

function startWorker(options: SendingWorkerOptions = {}, db = ctx.db) {
  logged = recordingLogger();
  const worker = startSendingWorker(
    { ...backgroundContextOf(ctx), db, log: logged.log },
    { pollMs: 50, sweepEveryMs: 100, settingsTtlMs: 0, notifyWindowMs: 200, ...options },
  );
  running.push(worker);
  return worker;
}

let mailboxCounter = 0;
/** A user linked to a fresh sandbox mailbox, with a job of `count` deliveries scheduled. */
async function userWithJob(count: number, options: { content?: string; pdf?: Buffer; mailbox?: string } = {}) {
  const account = await signedInUser(ctx);
  const profileId = await profileIdOf(ctx, account.email);
  const mailbox = options.mailbox ?? `applicant${mailboxCounter++}.${profileId.slice(0, 6)}@gmail.com`;
  await linkMailboxForTest(ctx, account.cookie, sandbox, mailbox);
  await setBalance(ctx, profileId, count);
  const pdf = options.pdf ?? samplePdf(30_000);
  const resumeId = await uploadedResumeId(ctx, account.cookie, pdf);
  const res = await schedule(ctx, account.cookie, {
    resumeId,
    subject: 'طلب توظيف لدى {{company_name}}',
    content: options.content ?? '<p>إلى فريق التوظيف في {{company_name}} ({{sector}} — {{location}})</p>',
  });
  expect(res.statusCode, res.body).toBe(201);
  return { ...account, profileId, mailbox, pdf, jobId: res.json().jobId as string };
}

/** Time between consecutive sends. */
const gaps = (times: number[]) => times.slice(1).map((t, i) => t - (times[i] as number));

/**
 * When each sent delivery's call started (its sent_at, by the worker's clock), in order: pacing rules hold for
 * these, which a simulated clock makes independent of how busy the machine is.
 */
async function sentTimes(where: { jobId: string } | { senderEmail: string }): Promise<number[]> {
  const filter = 'jobId' in where ? sql`job_id = ${where.jobId}` : sql`sender_email = ${where.senderEmail}`;
  return rowsOf<{ at: number }>(
    await ctx.db.execute(
      sql`select (extract(epoch from sent_at) * 1000)::float8 as at from deliveries where ${filter} and status = 'sent' order by sent_at`,
    ),
  ).map((r) => Number(r.at));
}

const jobOf = async (jobId: string) => (await ctx.db.select().from(sendJobs).where(eq(sendJobs.id, jobId)))[0];
const waitForJob = (jobId: string, status: 'completed' | 'failed', timeoutMs = 20_000) =>
  waitFor(async () => (await jobOf(jobId))?.status === status, timeoutMs, `job ${status}`);

describe('sending', () => {
  it('sends each delivery once from the user’s mailbox, personalised, with the résumé; counts and events follow', async () => {
    const u = await userWithJob(12);
    const events: LiveEvent[] = [];
    const unsubscribe = ctx.app.events.subscribe((e) => e.profileId === u.profileId && events.push(e));
    startWorker();
    await waitForJob(u.jobId, 'completed');
    unsubscribe();

    const sent = sandbox.sentMessages(u.mailbox);
    const rows = await ctx.db.select().from(deliveries).where(eq(deliveries.jobId, u.jobId));
    expect(sent).toHaveLength(12);
    expect(new Set(sent.map((m) => m.to))).toEqual(new Set(rows.map((r) => r.recipientEmail)));
    for (const row of rows) {
      expect(row).toEqual(expect.objectContaining({ status: 'sent', senderEmail: u.mailbox, attempts: 1, leaseExpiresAt: null }));
      const message = sent.find((m) => m.id === row.providerMessageId);
      expect(message?.to).toBe(row.recipientEmail);
      const parsed = parseMessage(message?.raw as Buffer);
      expect(header(parsed.headers, 'subject')).toBe(`طلب توظيف لدى ${row.companyName}`);
      expect(header(parsed.headers, 'from')).toBe(`${TEST_APPLICANT_NAME} <${u.mailbox}>`);
      expect(parsed.html).toContain(`(${row.sector} — ${row.location})`);
      expect(parsed.attachments[0]?.filename).toBe('سيرتي الذاتية.pdf');
      expect(parsed.attachments[0]?.content.equals(u.pdf)).toBe(true);
    }
    expect(await jobOf(u.jobId)).toEqual(expect.objectContaining({ sentCount: 12, failedCount: 0, completedAt: expect.any(Date) }));
    const [profile] = await ctx.db.select().from(profiles).where(eq(profiles.id, u.profileId));
    expect(profile?.sentMessages).toBe(12);
    expect(profile?.messagesRemaining).toBe(0);
    // Coalesced: far fewer events than deliveries, but the last change is always announced.
    const sending = events.filter((e) => e.topic === 'sending');
    expect(sending.length).toBeGreaterThanOrEqual(1);
    expect(sending.length).toBeLessThan(12);
    expect(logged.entries).toEqual([]);
  });

  it('paces each mailbox: batch_size sends, then batch_delay, and email_delay between sends (simulated time)', async () => {
    await useSendingSettings(ctx, { ...FAST_SETTINGS, delay: { ...FAST_SETTINGS.delay, batch_size: 3, batch_delay: 2, email_delay: 0 } });
    const u = await userWithJob(6);
    // Frozen but for the worker's own waits (an hour ahead, so the machine's time never overtakes it): every
    // gap below is one the pacing rule asked for.
    const clock = new SimulatedClock(0, HOUR_MS);
    const clockStart = clock.now();
    startWorker({ clock });
    await waitForJob(u.jobId, 'completed');
    const times = await sentTimes({ jobId: u.jobId });
    expect(times).toHaveLength(6);
    // Three in the first batch, then the batch delay before the fourth, and three more.
    expect(gaps(times)).toEqual([0, 0, 2000, 0, 0]);

    await useSendingSettings(ctx, { ...FAST_SETTINGS, delay: { ...FAST_SETTINGS.delay, email_delay: 1 } });
    const v = await userWithJob(3);
    await waitForJob(v.jobId, 'completed');
    expect(gaps(await sentTimes({ jobId: v.jobId }))).toEqual([1000, 1000]);
    // The waits were the clock's (2 s + 1 s + 1 s), not the machine's.
    expect(clock.now() - clockStart).toBe(4000);
  });

  it('holds the rolling daily cap of the mailbox and tells when the rest will go', async () => {
    const u = await userWithJob(6);
    await ctx.db.update(userGmail).set({ dailyCap: 4 }).where(eq(userGmail.profileId, u.profileId));
    startWorker();
    await waitFor(async () => (await deliveryCounts(ctx, u.profileId)).sent === 4, 15_000, '4 sent');
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(await deliveryCounts(ctx, u.profileId)).toEqual({ sent: 4, pending: 2 });
    expect(sandbox.sentMessages(u.mailbox)).toHaveLength(4);
    const status = (await ctx.app.inject({ url: '/api/sending/status', headers: { cookie: u.cookie } })).json() as SendingStatus;
    expect(Date.parse(status.estimatedFinishAt as string)).toBeGreaterThan(Date.now() + 23 * 3600_000);
  });
});

describe('provider errors', () => {
  it('429 "Mail sending" pauses only that mailbox until Google’s time; another user keeps sending', async () => {
    const a = await userWithJob(5);
    const b = await userWithJob(5);
    const retryAfter = new Date(Date.now() + 3600_000);
    sandbox.injectFault({ mailbox: a.mailbox, status: 429, retryAfter });
    startWorker();
    await waitForJob(b.jobId, 'completed');
    // The two mailboxes run side by side: b may finish before a's first call has been answered, so wait
    // until a is paused and its rows are back in the queue.
    const pausedUntil = await waitFor(
      async () => {
        const [link] = await ctx.db.select().from(userGmail).where(eq(userGmail.profileId, a.profileId));
        return link?.pausedUntil && !(await deliveryCounts(ctx, a.profileId)).sending ? link.pausedUntil : undefined;
      },
      10_000,
      "a's pause",
    );
    expect(pausedUntil.toISOString()).toBe(retryAfter.toISOString());
    expect(sandbox.sentMessages(a.mailbox)).toHaveLength(0);
    expect(sandbox.sentMessages(b.mailbox)).toHaveLength(5);
    const rows = await ctx.db.select().from(deliveries).where(eq(deliveries.jobId, a.jobId));
    // Back in the queue, no attempt counted, no credit moved.
    expect(rows.map((r) => [r.status, r.attempts])).toEqual(Array(5).fill(['pending', 0]));
    // The one that met the limit tells the user, in Arabic, that it will go out by itself later.
    expect(rows.filter((r) => r.lastError).map((r) => r.lastError?.startsWith(deliveryFailureText.mailboxPaused))).toEqual([true]);
    expect(await balanceOf(ctx, a.profileId)).toBe(0);
    const status = (await ctx.app.inject({ url: '/api/sending/status', headers: { cookie: a.cookie } })).json() as SendingStatus;
    expect(status.pausedUntil).toBe(retryAfter.toISOString());
    expect(logged.entries.map((e) => e.msg)).toEqual(['sending: Gmail daily sending limit reached; mailbox paused']);
  });

  it('5xx is retried after retry_delay up to max_retries, then fails, is recorded and refunded (simulated time)', async () => {
    await useSendingSettings(ctx, { ...FAST_SETTINGS, delay: { ...FAST_SETTINGS.delay, max_retries: 2, retry_delay: 60 } });
    const u = await userWithJob(1);
    sandbox.injectFault({ mailbox: u.mailbox, status: 500 });
    // Time moves only when the test says: a retry goes when retry_delay has passed on the worker's clock.
    const clock = new SimulatedClock(0, HOUR_MS);
    startWorker({ clock });
    const attempts = async () => (await ctx.db.select().from(deliveries).where(eq(deliveries.jobId, u.jobId)))[0];
    for (const attempt of [1, 2]) {
      await waitFor(async () => (await attempts())?.attempts === attempt, 10_000, `attempt ${attempt}`);
      // Due a minute after the attempt by the worker's clock, and not before, however many polls pass.
      expect((await attempts())?.nextAttemptAt.getTime()).toBe(clock.now() + 60_000);
      clock.advance(59_999);
      await new Promise((resolve) => setTimeout(resolve, 500));
      expect(await attempts()).toMatchObject({ status: 'pending', attempts: attempt });
      clock.advance(1);
    }
    await waitForJob(u.jobId, 'failed');
    const [row] = await ctx.db.select().from(deliveries).where(eq(deliveries.jobId, u.jobId));
    expect(row?.status).toBe('failed');
    expect(row?.attempts).toBe(3);
    expect(row?.lastError).toContain(deliveryFailureText.retriesExhausted);
    expect(row?.lastError).toContain('500');
    const failed = await ctx.db.select().from(failedEmails).where(eq(failedEmails.profileId, u.profileId));
    expect(failed).toEqual([expect.objectContaining({ deliveryId: row?.id, email: row?.recipientEmail })]);
    expect(await balanceOf(ctx, u.profileId)).toBe(1);
    expect(sandbox.sentMessages(u.mailbox)).toHaveLength(0);
  });

  it("a delivery waiting for its retry shows the user an Arabic reason, the provider's detail kept for administrators", async () => {
    await useSendingSettings(ctx, { ...FAST_SETTINGS, delay: { ...FAST_SETTINGS.delay, retry_delay: 3600 } });
    const u = await userWithJob(1);
    sandbox.injectFault({ mailbox: u.mailbox, status: 503, reason: 'backendError' });
    startWorker();
    await waitFor(
      async () => (await ctx.db.select().from(deliveries).where(eq(deliveries.jobId, u.jobId)))[0]?.attempts === 1,
      10_000,
      'first attempt',
    );
    const [row] = await ctx.db.select().from(deliveries).where(eq(deliveries.jobId, u.jobId));
    expect(row).toMatchObject({ status: 'pending' });
    expect(row?.lastError).toContain(deliveryFailureText.willRetry);
    expect(row?.lastError).toContain('503');
    const page = await ctx.app.inject({ url: '/api/sending/deliveries?page=1', headers: { cookie: u.cookie } });
    expect(page.statusCode, page.body).toBe(200);
    const shown = page.json().rows[0].lastError as string;
    expect(shown).toBe(deliveryFailureText.willRetry.split(' — ')[0]);
    expect(shown).not.toMatch(/[A-Za-z]/);
  });

  it('a transient error that clears is retried and the message goes once', async () => {
    const u = await userWithJob(2);
    sandbox.injectFault({ mailbox: u.mailbox, status: 503, times: 2 });
    sandbox.injectFault({ mailbox: u.mailbox, status: 403, reason: 'userRateLimitExceeded', times: 1 });
    startWorker();
    await waitForJob(u.jobId, 'completed');
    expect(sandbox.sentMessages(u.mailbox)).toHaveLength(2);
    const attempts = (await ctx.db.select().from(deliveries).where(eq(deliveries.jobId, u.jobId))).map((r) => r.attempts);
    expect(attempts.reduce((x, y) => x + y, 0)).toBe(5);
  });

  it('a message due again after its retry_delay goes before a later request’s messages: requests end in the order made', async () => {
    // Request 1 was made ten minutes ago; its message failed once and has been due again for a minute.
    const u = await userWithJob(1);
    const [retry] = await ctx.db.select().from(deliveries).where(eq(deliveries.jobId, u.jobId));
    await ctx.db.execute(sql`
      update deliveries set created_at = now() - interval '10 minutes', next_attempt_at = now() - interval '1 minute', attempts = 1
      where job_id = ${u.jobId}`);
    // Request 2 was made five minutes ago: after request 1, before its retry came due.
    await setBalance(ctx, u.profileId, 3);
    const second = await schedule(ctx, u.cookie, {
      resumeId: await uploadedResumeId(ctx, u.cookie, u.pdf),
      subject: 'طلب توظيف لدى {{company_name}}',
      content: '<p>إلى فريق التوظيف في {{company_name}}</p>',
    });
    expect(second.statusCode, second.body).toBe(201);
    const secondJob = second.json().jobId as string;
    await ctx.db.execute(sql`
      update deliveries set created_at = now() - interval '5 minutes', next_attempt_at = now() - interval '5 minutes'
      where job_id = ${secondJob}`);

    startWorker();
    await waitForJob(secondJob, 'completed');
    await waitForJob(u.jobId, 'completed');
    const order = sandbox.sentMessages(u.mailbox).map((m) => m.to);
    expect(order).toHaveLength(4);
    expect(order[0]).toBe(retry?.recipientEmail);
  });

  it('a permanent refusal fails at once, with failed_emails and the credit back', async () => {
    const u = await userWithJob(2);
    sandbox.injectFault({ mailbox: u.mailbox, status: 403, reason: 'domainPolicy', times: 1 });
    startWorker();
    await waitForJob(u.jobId, 'completed');
    const rows = await ctx.db.select().from(deliveries).where(eq(deliveries.jobId, u.jobId));
    expect(rows.map((r) => r.status).sort()).toEqual(['failed', 'sent']);
    expect(rows.find((r) => r.status === 'failed')?.attempts).toBe(1);
    expect(await jobOf(u.jobId)).toEqual(expect.objectContaining({ sentCount: 1, failedCount: 1, status: 'completed' }));
    expect(await balanceOf(ctx, u.profileId)).toBe(1);
  });

  it('401 makes it refresh the token once and send', async () => {
    const u = await userWithJob(1);
    const [before] = await ctx.db.select().from(userGmail).where(eq(userGmail.profileId, u.profileId));
    sandbox.injectFault({ mailbox: u.mailbox, status: 401, times: 1 });
    startWorker();
    await waitForJob(u.jobId, 'completed');
    const [after] = await ctx.db.select().from(userGmail).where(eq(userGmail.profileId, u.profileId));
    expect(after?.accessToken).not.toBe(before?.accessToken);
    expect(sandbox.sentMessages(u.mailbox)).toHaveLength(1);
  });

  it('invalid_grant holds the deliveries until the user links again, then they all go, once', async () => {
    const u = await userWithJob(4);
    sandbox.revokeAll(u.mailbox);
    startWorker();
    await waitFor(async () => (await deliveryCounts(ctx, u.profileId)).held === 4, 15_000, 'held');
    const [profile] = await ctx.db.select().from(profiles).where(eq(profiles.id, u.profileId));
    expect(profile?.mailboxNotice).toBe('invalid_grant');
    expect(await ctx.db.select().from(userGmail).where(eq(userGmail.profileId, u.profileId))).toHaveLength(0);
    expect(sandbox.sentMessages(u.mailbox)).toHaveLength(0);
    expect(await balanceOf(ctx, u.profileId)).toBe(0);

    await linkMailboxForTest(ctx, u.cookie, sandbox, u.mailbox);
    await waitForJob(u.jobId, 'completed');
    expect(sandbox.sentMessages(u.mailbox)).toHaveLength(4);
    expect(new Set(sandbox.sentMessages(u.mailbox).map((m) => m.to)).size).toBe(4);
  });
});

describe('leases', () => {
  it('a delivery handed to the provider whose lease ran out is failed with the reason and refunded, never resent', async () => {
    const u = await userWithJob(3);
    const rows = await ctx.db.select().from(deliveries).where(eq(deliveries.jobId, u.jobId));
    const [inFlight, claimed] = rows;
    // As a worker that died would leave them: one handed to the provider, one only claimed.
    await ctx.db.execute(sql`
      update deliveries set status = 'sending', sender_email = ${u.mailbox}, provider_message_id = '', lease_expires_at = now() - interval '1 second'
      where id = ${inFlight?.id}`);
    await ctx.db.execute(sql`
      update deliveries set status = 'sending', sender_email = ${u.mailbox}, lease_expires_at = now() - interval '1 second'
      where id = ${claimed?.id}`);
    startWorker();
    await waitForJob(u.jobId, 'completed');
    const after = new Map((await ctx.db.select().from(deliveries).where(eq(deliveries.jobId, u.jobId))).map((r) => [r.id, r]));
    expect(after.get(inFlight?.id as string)).toEqual(
      expect.objectContaining({ status: 'failed', lastError: deliveryFailureText.leaseExpired }),
    );
    expect(after.get(claimed?.id as string)?.status).toBe('sent');
    expect(
      sandbox
        .sentMessages(u.mailbox)
        .map((m) => m.to)
        .sort(),
    ).toEqual(
      rows
        .filter((r) => r.id !== inFlight?.id)
        .map((r) => r.recipientEmail)
        .sort(),
    );
    expect(await balanceOf(ctx, u.profileId)).toBe(1);
    expect(
      await ctx.db
        .select()
        .from(failedEmails)
        .where(eq(failedEmails.deliveryId, inFlight?.id as string)),
    ).toHaveLength(1);
  });

  it('a worker whose lease was taken can neither record nor hand over the row: the lease alone fences its writes', async () => {
    const u = await userWithJob(3);
    const claim = await claimDeliveries(ctx.db, u.profileId, 3, 60);
    if (claim.kind !== 'claimed') throw new Error(`expected a claim, got ${claim.kind}`);
    const [taken, released, kept] = claim.rows as [ClaimedDelivery, ClaimedDelivery, ClaimedDelivery];
    // Meanwhile the row was settled and claimed again by someone else (a new lease), and another was given back.
    await ctx.db.execute(sql`update deliveries set lease_expires_at = lease_expires_at + interval '1 minute' where id = ${taken.id}`);
    expect(await releaseDeliveries(ctx.db, [released], 'pending')).toBe(1);

    const handed = await recordAndHandOver(ctx.db, [], { rows: [taken, released, kept], senderEmail: u.mailbox, leaseSeconds: 60 });
    expect([...handed.handed.keys()]).toEqual([kept.id]);
    const at = new Date();
    const recorded = await recordAndHandOver(
      ctx.db,
      [taken, released, kept].map((r) => ({ id: r.id, lease: handed.handed.get(r.id) ?? r.lease, at, providerMessageId: `m-${r.id}` })),
      null,
    );
    expect(recorded.recorded).toBe(1);
    const after = new Map((await ctx.db.select().from(deliveries).where(eq(deliveries.jobId, u.jobId))).map((r) => [r.id, r]));
    expect(after.get(kept.id)).toEqual(
      expect.objectContaining({ status: 'sent', providerMessageId: `m-${kept.id}`, leaseExpiresAt: null }),
    );
    expect(after.get(taken.id)).toEqual(expect.objectContaining({ status: 'sending', providerMessageId: null }));
    expect(after.get(released.id)).toEqual(expect.objectContaining({ status: 'pending', providerMessageId: null, leaseExpiresAt: null }));
    const [job] = await ctx.db.select().from(sendJobs).where(eq(sendJobs.id, u.jobId));
    expect(job?.sentCount).toBe(1);
  });

  it('at full-speed pacing the claim hands its rows over in the same write, and answers are recorded as they come', async () => {
    await useSendingSettings(ctx);
    const u = await userWithJob(12);
    const [before] = await ctx.db.select().from(deliveries).where(eq(deliveries.jobId, u.jobId)).limit(1);
    sandbox.injectFault({ mailbox: u.mailbox, status: 200, delayMs: 100 });
    startWorker({ maxClaim: 12, pipelineDepth: 4, recordEveryMs: 150 });
    // Mid-claim: answers are already recorded, and no claimed row waits without being handed over.
    await waitFor(async () => ((await deliveryCounts(ctx, u.profileId)).sent ?? 0) >= 2, 10_000, 'first answers recorded');
    const [mid] = rowsOf<{ handed: number; unhanded: number }>(
      await ctx.db.execute(sql`
        select count(*) filter (where provider_message_id = '')::int as handed,
          count(*) filter (where provider_message_id is null)::int as unhanded
        from deliveries where profile_id = ${u.profileId} and status = 'sending'`),
    );
    expect(mid?.handed).toBeGreaterThan(0);
    expect(mid?.unhanded).toBe(0);
    await waitForJob(u.jobId, 'completed');
    expect(new Set(sandbox.sentMessages(u.mailbox).map((m) => m.to)).size).toBe(12);
    expect(sandbox.sentMessages(u.mailbox)).toHaveLength(12);
    // The worker's statements keep updated_at themselves (no trigger on this table).
    const [after] = await ctx.db
      .select()
      .from(deliveries)
      .where(eq(deliveries.id, before?.id as string));
    expect(after?.updatedAt.getTime()).toBeGreaterThan(before?.updatedAt.getTime() ?? Number.POSITIVE_INFINITY);
  });

  it('a claim that takes longer than its lease keeps its rows: leases are renewed while it runs, none is failed unsent or sent unrecorded', async () => {
    await useSendingSettings(ctx);
    const u = await userWithJob(12);
    // Every call takes 350 ms and the lease is 3 s, so the batch (4.2 s) outlasts it while the sweeper looks
    // every 100 ms. The renewal every second, and a call deadline well above 350 ms, leave room for a busy
    // machine's late timers (a call that times out is retried, and the sandbox would count it twice).
    sandbox.injectFault({ mailbox: u.mailbox, status: 200, delayMs: 350 });
    startWorker({ maxClaim: 12, pipelineDepth: 4, claimHorizonMs: 200, sendTimeoutMs: 2_000, leaseMs: 3_000 });
    await waitForJob(u.jobId, 'completed');
    const job = await jobOf(u.jobId);
    expect({ sent: job?.sentCount, failed: job?.failedCount }).toEqual({ sent: 12, failed: 0 });
    expect(await deliveryCounts(ctx, u.profileId)).toEqual({ sent: 12 });
    expect(await ctx.db.select().from(failedEmails).where(eq(failedEmails.profileId, u.profileId))).toHaveLength(0);
    expect(await balanceOf(ctx, u.profileId)).toBe(0);
    expect(sandbox.sentMessages(u.mailbox)).toHaveLength(12);
    expect(logged.entries.filter((e) => e.level === 'error')).toEqual([]);
  });

  it('a provider call that lasts longer than the lease keeps its row: the lease is renewed while the call is on the wire', async () => {
    await useSendingSettings(ctx);
    const u = await userWithJob(3);
    // Each answer takes 2.5 s against a 1 s lease, with the sweeper looking every 100 ms: only the renewal
    // during the call keeps the row from being failed as interrupted while Gmail is still accepting it.
    sandbox.injectFault({ mailbox: u.mailbox, status: 200, delayMs: 2_500, times: 3 });
    startWorker({ maxClaim: 1, claimHorizonMs: 200, sendTimeoutMs: 5_000, leaseMs: 1_000 });
    await waitForJob(u.jobId, 'completed', 30_000);
    expect(await deliveryCounts(ctx, u.profileId)).toEqual({ sent: 3 });
    expect(await balanceOf(ctx, u.profileId)).toBe(0);
    expect(sandbox.sentMessages(u.mailbox)).toHaveLength(3);
    expect(logged.entries.filter((e) => e.level === 'error')).toEqual([]);
  });

  it('a pacing wait inside a handed-over claim that would outlast its lease gives the rows back instead of letting them run out', async () => {
    // Five a minute, no delay: the claim takes five and hands them over at once. A 401 makes the first
    // message two calls, so the fifth must wait about a minute — far past the claim's 2 s lease.
    await useSendingSettings(ctx, { ...FAST_SETTINGS, delay: { ...FAST_SETTINGS.delay, max_per_minute: 5 } });
    const u = await userWithJob(5);
    sandbox.injectFault({ mailbox: u.mailbox, status: 401, times: 1 });
    startWorker({ claimHorizonMs: 200, sendTimeoutMs: 500, leaseMs: 2_000 });
    // A generous limit: four calls take well under a second, but a machine busy with other work can take many.
    await waitFor(async () => (await deliveryCounts(ctx, u.profileId)).sent === 4, 30_000, 'four sent');
    // Longer than the lease and a few sweeps: the fifth is pending again, not failed as interrupted.
    await new Promise((resolve) => setTimeout(resolve, 3_000));
    expect(await deliveryCounts(ctx, u.profileId)).toEqual({ sent: 4, pending: 1 });
    expect(await balanceOf(ctx, u.profileId)).toBe(0);
    expect(sandbox.sentMessages(u.mailbox)).toHaveLength(4);
  });

  it('settings the admin saves reach a mailbox the worker is resting: a shorter batch_delay lets the waiting message go', async () => {
    await useSendingSettings(ctx, { ...FAST_SETTINGS, delay: { ...FAST_SETTINGS.delay, batch_size: 1, batch_delay: 3600 } });
    const u = await userWithJob(2);
    // The settings cache as in production, shorter: the change is seen when it expires.
    startWorker({ settingsTtlMs: 500 });
    await waitFor(async () => (await deliveryCounts(ctx, u.profileId)).sent === 1, 10_000, 'first sent');
    await new Promise((resolve) => setTimeout(resolve, 800));
    expect((await deliveryCounts(ctx, u.profileId)).sent).toBe(1);
    const admin = await signedInAdmin(ctx);
    const saved = await ctx.app.inject({
      method: 'PUT',
      url: '/api/admin/sending/settings',
      headers: { cookie: admin.cookie },
      payload: { ...FAST_SETTINGS, delay: { ...FAST_SETTINGS.delay, batch_size: 1, batch_delay: 0 } },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    // Without waiting out the hour it was resting for, and without any event about this user.
    await waitFor(async () => (await deliveryCounts(ctx, u.profileId)).sent === 2, 5_000, 'second sent after the change');
  });

  it('after the user links another Gmail address, the next messages leave from it, not from the old one', async () => {
    await useSendingSettings(ctx, { ...FAST_SETTINGS, delay: { ...FAST_SETTINGS.delay, email_delay: 1 } });
    const u = await userWithJob(6);
    startWorker();
    await waitFor(async () => sandbox.sentMessages(u.mailbox).length >= 1, 10_000, 'first sent from the old address');
    // Google cannot be reached to revoke the old grant, so the old token would still be accepted.
    sandbox.injectFault({ endpoint: 'revoke', status: 500 });
    const newMailbox = `relinked.${u.profileId.slice(0, 6)}@gmail.com`;
    await linkMailboxForTest(ctx, u.cookie, sandbox, newMailbox);
    const fromOld = sandbox.sentMessages(u.mailbox).length;
    await waitForJob(u.jobId, 'completed');
    // At most the message already on its way when the link changed leaves from the old address.
    expect(sandbox.sentMessages(u.mailbox).length).toBeLessThanOrEqual(fromOld + 1);
    expect(sandbox.sentMessages(newMailbox).length).toBeGreaterThanOrEqual(6 - fromOld - 1);
    expect(sandbox.sentMessages(u.mailbox).length + sandbox.sentMessages(newMailbox).length).toBe(6);
    const rows = await ctx.db.select().from(deliveries).where(eq(deliveries.jobId, u.jobId));
    expect(rows.filter((r) => r.senderEmail === newMailbox).length).toBe(sandbox.sentMessages(newMailbox).length);
  });

  it('with ordinary pacing one message at a time is in flight, and stopping gives claimed rows back', async () => {
    await useSendingSettings(ctx, { ...FAST_SETTINGS, delay: { ...FAST_SETTINGS.delay, email_delay: 1 } });
    const u = await userWithJob(4);
    const worker = startWorker({ claimHorizonMs: 10_000 });
    await waitFor(async () => (await deliveryCounts(ctx, u.profileId)).sent === 1, 10_000, 'first sent');
    // With ordinary pacing, never more than one row of the mailbox is in the provider's hands.
    for (let sample = 0; sample < 10; sample++) {
      const [handed] = rowsOf<{ n: number }>(
        await ctx.db.execute(sql`select count(*)::int as n from deliveries where profile_id = ${u.profileId} and provider_message_id = ''`),
      );
      expect(handed?.n).toBeLessThanOrEqual(1);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    await worker.stop();
    const counts = await deliveryCounts(ctx, u.profileId);
    expect(counts.sending ?? 0).toBe(0);
    expect((counts.sent ?? 0) + (counts.pending ?? 0)).toBe(4);
  });
});

describe('database trouble', () => {
  it('a dropped connection while recording answers: they are recorded once it is back, none failed, none sent twice', async () => {
    await useSendingSettings(ctx);
    const u = await userWithJob(6);
    const flaky = failingRecordWrites(ctx.db, 2);
    startWorker({ maxClaim: 6, pipelineDepth: 2, recordEveryMs: 50 }, flaky.db);
    await waitForJob(u.jobId, 'completed');
    expect(flaky.failures()).toBe(2);
    expect(logged.entries.some((e) => e.msg?.includes('trying again'))).toBe(true);
    const counts = await deliveryCounts(ctx, u.profileId);
    expect(counts).toEqual({ sent: 6 });
    expect(sandbox.sentMessages(u.mailbox)).toHaveLength(6);
    expect(new Set(sandbox.sentMessages(u.mailbox).map((m) => m.to)).size).toBe(6);
    expect(await balanceOf(ctx, u.profileId)).toBe(0);
    const [job] = await ctx.db.select().from(sendJobs).where(eq(sendJobs.id, u.jobId));
    expect(job?.sentCount).toBe(6);
  });

  it('a failure before any call ends the mailbox run but gives its claimed rows back at once; they go later, once each', async () => {
    await useSendingSettings(ctx);
    const u = await userWithJob(5);
    // The résumé cannot be read once (the read fails, it is not missing): nothing was given to the provider.
    const real = databaseResumeStorage(ctx.db);
    let reads = 0;
    const storage = {
      ...real,
      get: async (path: string) => {
        reads++;
        if (reads === 1) throw new Error('Connection terminated unexpectedly');
        return real.get(path);
      },
    };
    startWorker({ storage, leaseMs: 60_000 });
    await waitFor(async () => logged.entries.some((e) => e.msg === 'sending: mailbox run failed'), 10_000, 'mailbox run failed');
    // Given back, not left to wait out their lease (which would fail them unsent).
    const counts = await deliveryCounts(ctx, u.profileId);
    expect(counts.sending ?? 0).toBe(0);
    expect(counts.failed ?? 0).toBe(0);
    await waitForJob(u.jobId, 'completed');
    expect(await deliveryCounts(ctx, u.profileId)).toEqual({ sent: 5 });
    expect(sandbox.sentMessages(u.mailbox)).toHaveLength(5);
    expect(new Set(sandbox.sentMessages(u.mailbox).map((m) => m.to)).size).toBe(5);
  });

  it('a failure after a row already settled counts its attempt on the row that was being prepared, not the settled one', async () => {
    // Ordinary pacing: rows are handed over one at a time, each by the recording statement right before its call.
    await useSendingSettings(ctx, { ...FAST_SETTINGS, delay: { ...FAST_SETTINGS.delay, email_delay: 1 } });
    const u = await userWithJob(3);
    // The first row in sending order has an address no message may go to: it fails before any call.
    const [first, second] = await ctx.db
      .select()
      .from(deliveries)
      .where(eq(deliveries.jobId, u.jobId))
      .orderBy(deliveries.companyName, deliveries.id);
    await ctx.db
      .update(deliveries)
      .set({ recipientEmail: 'hr@example.com\r\nBcc: x@example.com' })
      .where(eq(deliveries.id, first?.id as string));
    // Then the database drops the hand-over of the second row, through every retry: the mailbox run ends.
    const flaky = failingRecordWrites(ctx.db, 3);
    startWorker({ failedRunRestMs: 50 }, flaky.db);
    await waitForJob(u.jobId, 'completed');
    expect(logged.entries.some((e) => e.msg === 'sending: mailbox run failed')).toBe(true);
    const rows = new Map((await ctx.db.select().from(deliveries).where(eq(deliveries.jobId, u.jobId))).map((r) => [r.id, r]));
    expect(rows.get(first?.id as string)).toMatchObject({ status: 'failed', attempts: 1 });
    // One attempt for the failed hand-over (due again after retry_delay), one for the send that followed.
    expect(rows.get(second?.id as string)).toMatchObject({ status: 'sent', attempts: 2 });
    expect(sandbox.sentMessages(u.mailbox)).toHaveLength(2);
    expect(await balanceOf(ctx, u.profileId)).toBe(1);
  });

  it('a failure that repeats ends: each delivery counts an attempt, then fails with the reason and its credit back', async () => {
    await useSendingSettings(ctx, { ...FAST_SETTINGS, delay: { ...FAST_SETTINGS.delay, max_retries: 1 } });
    const u = await userWithJob(2);
    const storage = {
      get: async () => {
        throw new Error('permission denied for table resume_files');
      },
    };
    startWorker({ storage, failedRunRestMs: 50 });
    await waitForJob(u.jobId, 'failed');
    expect(await deliveryCounts(ctx, u.profileId)).toEqual({ failed: 2 });
    expect(sandbox.sentMessages(u.mailbox)).toHaveLength(0);
    expect(await balanceOf(ctx, u.profileId)).toBe(2);
    const failures = await ctx.db.select().from(failedEmails).where(eq(failedEmails.profileId, u.profileId));
    expect(failures).toHaveLength(2);
    expect(failures.every((f) => f.error.includes('permission denied'))).toBe(true);
    const rows = await ctx.db.select().from(deliveries).where(eq(deliveries.jobId, u.jobId));
    expect(rows.map((r) => r.attempts)).toEqual([2, 2]);
  });
});

describe('several workers', () => {
  it('two workers share the queue and never send the same delivery', async () => {
    await useSendingSettings(ctx, { ...FAST_SETTINGS, delay: { ...FAST_SETTINGS.delay, email_delay: 0 } });
    const users = [await userWithJob(15), await userWithJob(15), await userWithJob(15)];
    const paced = await userWithJob(5);
    await ctx.db.execute(sql`update user_gmail set daily_cap = null where profile_id = ${paced.profileId}`);
    startWorker({ concurrency: 2 });
    startWorker({ concurrency: 2 });
    for (const u of [...users, paced]) await waitForJob(u.jobId, 'completed', 30_000);
    for (const u of [...users, paced]) {
      const sent = sandbox.sentMessages(u.mailbox);
      expect(sent).toHaveLength(u === paced ? 5 : 15);
      expect(new Set(sent.map((m) => m.to)).size).toBe(sent.length);
    }
    const total = rowsOf<{ n: number }>(
      await ctx.db.execute(
        sql`select count(*)::int as n from deliveries where job_id in (${sql.join(
          [...users, paced].map((u) => sql`${u.jobId}::uuid`),
          sql`, `,
        )}) and status = 'sent'`,
      ),
    );
    expect(total[0]?.n).toBe(50);
  });

  it('two Sira accounts linked to one Gmail address share its pacing: one message at a time, email_delay apart', async () => {
    await useSendingSettings(ctx, { ...FAST_SETTINGS, delay: { ...FAST_SETTINGS.delay, email_delay: 1 } });
    const shared = `shared${mailboxCounter++}@gmail.com`;
    const a = await userWithJob(3, { mailbox: shared });
    const b = await userWithJob(3, { mailbox: shared });
    startWorker({ clock: new SimulatedClock(10) });
    await waitForJob(a.jobId, 'completed', 30_000);
    await waitForJob(b.jobId, 'completed', 30_000);
    expect(sandbox.sentMessages(shared)).toHaveLength(6);
    const times = await sentTimes({ senderEmail: shared });
    expect(times).toHaveLength(6);
    for (const gap of gaps(times)) expect(gap).toBeGreaterThanOrEqual(1000);
  });

  it('a 429 "Mail sending" pauses the Gmail address for every Sira account linked to it', async () => {
    const shared = `sharedlimit${mailboxCounter++}@gmail.com`;
    const a = await userWithJob(2, { mailbox: shared });
    const b = await userWithJob(2, { mailbox: shared });
    const until = new Date(Date.now() + 60 * 60_000);
    sandbox.injectFault({ mailbox: shared, status: 429, times: 1, retryAfter: until });
    startWorker();
    await waitFor(
      async () => (await ctx.db.select().from(userGmail).where(eq(userGmail.email, shared))).every((g) => g.pausedUntil !== null),
      10_000,
      'both links paused',
    );
    const links = await ctx.db.select().from(userGmail).where(eq(userGmail.email, shared));
    expect(links.map((g) => g.profileId).sort()).toEqual([a.profileId, b.profileId].sort());
    for (const g of links) expect(Math.abs((g.pausedUntil?.getTime() ?? 0) - until.getTime())).toBeLessThan(1_000);
    // Nothing went out from the paused address afterwards.
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(sandbox.sentMessages(shared)).toHaveLength(0);
  });

  it('two workers keep one mailbox to its email_delay (simulated time)', async () => {
    await useSendingSettings(ctx, { ...FAST_SETTINGS, delay: { ...FAST_SETTINGS.delay, email_delay: 1 } });
    const u = await userWithJob(6);
    // One clock for both, as one machine's; a claim reaches one message ahead, so the mailbox changes hands
    // between sends and each worker paces by what the other sent.
    const clock = new SimulatedClock(10);
    startWorker({ clock, claimHorizonMs: 200 });
    startWorker({ clock, claimHorizonMs: 200 });
    await waitForJob(u.jobId, 'completed', 30_000);
    expect(sandbox.sentMessages(u.mailbox)).toHaveLength(6);
    // The rule holds for the moments the calls started (each delivery's sent_at), which both workers read from
    // the mailbox's history.
    const times = await sentTimes({ jobId: u.jobId });
    expect(times).toHaveLength(6);
    for (const gap of gaps(times)) expect(gap).toBeGreaterThanOrEqual(1000);
  });

  it.skipIf(process.env.SIRA_TEST_DB !== 'postgres')(
    'a send another worker makes while this one reads the history is paced: the history is read again once the mailbox is ours',
    async () => {
      await useSendingSettings(ctx, { ...FAST_SETTINGS, delay: { ...FAST_SETTINGS.delay, email_delay: 60 } });
      const u = await userWithJob(2);
      const clock = new SimulatedClock(0, HOUR_MS);
      // The clock stands still but for the worker's own waits. When the worker rests a mailbox instead of
      // waiting inside a claim (a slow token refresh or a busy claim on a loaded machine), it looks again at the
      // time it named: that time passes at once here, as a rest on the system clock would pass by waiting.
      // Skipping ahead never lets a message leave early: pacing is checked against the mailbox's history.
      clock.idleUntil = (at: number) => {
        if (at > clock.now()) clock.advance(at - clock.now());
      };
      const [earlier, later] = await ctx.db.select().from(deliveries).where(eq(deliveries.jobId, u.jobId));
      let otherSentAt = 0;
      // Right after the worker read the mailbox's history, and before its claim, another worker's send lands.
      const db = afterStatement(ctx.db, 'sira_send_history_v1', async () => {
        otherSentAt = clock.now();
        await ctx.db
          .update(deliveries)
          .set({ status: 'sent', senderEmail: u.mailbox, sentAt: new Date(otherSentAt), providerMessageId: 'other-worker' })
          .where(eq(deliveries.id, earlier?.id as string));
      });
      startWorker({ clock }, db);
      await waitFor(
        async () =>
          (
            await ctx.db
              .select()
              .from(deliveries)
              .where(eq(deliveries.id, later?.id as string))
          )[0]?.status === 'sent',
        // Real time, generous: the pacing runs on the simulated clock, but the worker's polls and the database's
        // answers take real time (the test's own limit is 30 s).
        20_000,
        'sent',
      );
      const [row] = await ctx.db
        .select()
        .from(deliveries)
        .where(eq(deliveries.id, later?.id as string));
      expect(otherSentAt).toBeGreaterThan(0);
      expect((row?.sentAt?.getTime() ?? 0) - otherSentAt).toBeGreaterThanOrEqual(60_000);
    },
  );
});

import type { SendingStatus } from '@sira/shared/schemas/sending';
import type { SendingPause } from '@sira/shared/schemas/sending-admin';
import { and, eq, sql } from 'drizzle-orm';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { anotherTestApp, type TestContext } from '../../../test-support/app';
import { signedInAdmin, signedInUser } from '../../../test-support/auth';
import { linkMailboxForTest, useAppWithGoogleSandbox } from '../../../test-support/mailbox';
import {
  backgroundContextOf,
  deliveryCounts,
  FAST_SETTINGS,
  heldCall,
  profileIdOf,
  recordingLogger,
  SimulatedClock,
  schedule,
  setBalance,
  uploadedResumeId,
  useSendingSettings,
  waitFor,
} from '../../../test-support/sending';
import { parseEnv } from '../../config/env';
import type { Database } from '../../db/client';
import { auditLog, sendJobs } from '../../db/schema';
import type { LiveEvent } from '../../lib/event-bus';
import { writeSetting } from '../../lib/settings';
import { HOUR_MS } from './pacing';
import { SENDING_PAUSE_KEY } from './sending-pause';
import { type SendingWorkerOptions, startSendingWorker } from './worker/sending-worker';

/**
 * The switch that pauses all sending (ADR 019), through the admin API and a real worker against the Google
 * sandbox: a running worker stops claiming and gives back the rest of its batch, scheduling goes on, the
 * dashboards say so, every turn is audited, and SENDING_PAUSED wins over the switch. The sandbox holds calls
 * until the test lets them go and the worker paces on a simulated clock; the worker's passes are counted by its
 * reads of the switch: nothing here depends on how fast the machine is.
 */

const { ctx, sandbox } = useAppWithGoogleSandbox();

const running: Array<{ stop(): Promise<void> }> = [];
const holding: Array<() => void> = [];
let logged = recordingLogger();
let admin: { email: string; cookie: string };
beforeAll(async () => {
  await useSendingSettings(ctx);
  admin = await signedInAdmin(ctx);
});
afterEach(async () => {
  for (const release of holding.splice(0)) release();
  await Promise.all(running.splice(0).map((w) => w.stop()));
  sandbox.clearFaults();
  await useSendingSettings(ctx);
  await writeSetting(ctx.db, SENDING_PAUSE_KEY, { paused: false, reason: 'admin', at: new Date().toISOString(), by: '', interrupted: 0 });
});

/** The worker's database, counting the reads of the switch: one per scheduler pass while sending is paused. */
function countingSwitchReads(db: Database) {
  let reads = 0;
  const counted = new Proxy(db, {
    get(target, prop) {
      const value = Reflect.get(target, prop, target);
      if (typeof value !== 'function') return value;
      if (prop !== 'select') return value.bind(target);
      return (...args: unknown[]) => {
        reads++;
        return value.apply(target, args);
      };
    },
  });
  return { db: counted, reads: () => reads };
}

function startWorker(app: TestContext = ctx, options: SendingWorkerOptions = {}) {
  logged = recordingLogger();
  const switchReads = countingSwitchReads(app.db);
  const worker = startSendingWorker(
    { ...backgroundContextOf(app), db: switchReads.db, log: logged.log },
    { pollMs: 50, sweepEveryMs: 100, settingsTtlMs: 0, notifyWindowMs: 50, clock: new SimulatedClock(0, HOUR_MS), ...options },
  );
  running.push(worker);
  /** Resolves once the worker has begun `n` more passes. */
  const passes = async (n: number) => {
    const from = switchReads.reads();
    await waitFor(async () => switchReads.reads() >= from + n, 15_000, `${n} scheduler passes`);
  };
  return { worker, passes };
}

let mailboxes = 0;
async function userWithJob(count: number, app: TestContext = ctx) {
  const account = await signedInUser(app);
  const profileId = await profileIdOf(app, account.email);
  const mailbox = `paused${mailboxes++}.${profileId.slice(0, 6)}@gmail.com`;
  await linkMailboxForTest(app, account.cookie, sandbox, mailbox);
  await setBalance(app, profileId, count);
  const resumeId = await uploadedResumeId(app, account.cookie);
  const res = await schedule(app, account.cookie, { resumeId, subject: 'طلب توظيف لدى {{company_name}}', content: '<p>مرحبا</p>' });
  expect(res.statusCode, res.body).toBe(201);
  return { ...account, profileId, mailbox, jobId: res.json().jobId as string };
}

const turn = (paused: boolean, app: TestContext = ctx) =>
  app.app.inject({ method: 'PUT', url: '/api/admin/sending/pause', headers: { cookie: admin.cookie }, payload: { paused } });
const pauseState = async (app: TestContext = ctx) =>
  (await app.app.inject({ url: '/api/admin/sending/pause', headers: { cookie: admin.cookie } })).json() as SendingPause;
const statusOf = async (cookie: string, app: TestContext = ctx) =>
  (await app.app.inject({ url: '/api/sending/status', headers: { cookie } })).json() as SendingStatus;
const logSays = (start: string) => waitFor(async () => logged.entries.some((e) => e.msg?.startsWith(start)), 15_000, `log: ${start}`);
const jobDone = (jobId: string) =>
  waitFor(async () => (await ctx.db.select().from(sendJobs).where(eq(sendJobs.id, jobId)))[0]?.status === 'completed', 20_000, 'job done');
/** How many times each recipient got the mailbox's message. */
function copiesPerRecipient(mailbox: string): number[] {
  const copies = new Map<string, number>();
  for (const message of sandbox.sentMessages(mailbox)) copies.set(message.to, (copies.get(message.to) ?? 0) + 1);
  return [...copies.values()];
}

describe('pausing all sending', () => {
  it('stops a running worker: the call on the wire is recorded, the rest of the batch goes back, nothing more is claimed; resumed, each goes once', {
    timeout: 120_000,
  }, async () => {
    await useSendingSettings(ctx, { ...FAST_SETTINGS, delay: { ...FAST_SETTINGS.delay, email_delay: 1 } });
    const u = await userWithJob(6);
    const call = heldCall();
    holding.push(call.release);
    sandbox.injectFault({ mailbox: u.mailbox, status: 200, times: 1, hold: call.hold });
    // A claim reaching a minute ahead takes all six, a second apart; the first is on the wire, held.
    const { passes } = startWorker(ctx, { claimHorizonMs: 60_000 });
    await call.held;
    expect(await deliveryCounts(ctx, u.profileId)).toEqual({ sending: 6 });

    const events: LiveEvent[] = [];
    const unsubscribe = ctx.app.events.subscribe((e) => e.profileId === u.profileId && events.push(e));
    const paused = await turn(true);
    unsubscribe();
    expect(paused.statusCode, paused.body).toBe(200);
    expect(paused.json()).toMatchObject({ paused: true, environment: false, switch: { paused: true, reason: 'admin', by: admin.email } });
    // The user's dashboard is told at once.
    expect(events.map((e) => e.topic)).toContain('sending');
    await logSays('sending: paused by an administrator');

    // Let the message on the wire go: it is recorded as sent, and the five after it go back to the queue.
    call.release();
    await waitFor(async () => (await deliveryCounts(ctx, u.profileId)).sending === undefined, 15_000, 'batch given back');
    expect(await deliveryCounts(ctx, u.profileId)).toEqual({ sent: 1, pending: 5 });

    // Scheduling goes on while paused: the send waits.
    const v = await userWithJob(2);
    await passes(5);
    expect(await deliveryCounts(ctx, u.profileId)).toEqual({ sent: 1, pending: 5 });
    expect(await deliveryCounts(ctx, v.profileId)).toEqual({ pending: 2 });
    expect(sandbox.sentMessages(u.mailbox)).toHaveLength(1);
    expect(sandbox.sentMessages(v.mailbox)).toHaveLength(0);

    // Both users' dashboards say sending is paused for everyone; nothing says when it will finish.
    for (const user of [u, v]) {
      const status = await statusOf(user.cookie);
      expect(status.sendingPaused).toBe(true);
      expect(status.estimatedFinishAt).toBeNull();
    }
    expect(await pauseState()).toMatchObject({ paused: true, waiting: { messages: 7, users: 2 } });

    const resumed = await turn(false);
    expect(resumed.statusCode, resumed.body).toBe(200);
    expect(resumed.json()).toMatchObject({ paused: false, switch: { paused: false, by: admin.email } });
    await Promise.all([jobDone(u.jobId), jobDone(v.jobId)]);
    expect(copiesPerRecipient(u.mailbox)).toEqual([1, 1, 1, 1, 1, 1]);
    expect(copiesPerRecipient(v.mailbox)).toEqual([1, 1]);
    expect((await statusOf(u.cookie)).sendingPaused).toBe(false);

    // Each turn is in the audit log, with who and when; turning it to where it is records nothing.
    expect((await turn(false)).statusCode).toBe(200);
    const audited = await ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'settings'), eq(auditLog.entityId, SENDING_PAUSE_KEY)))
      .orderBy(auditLog.createdAt);
    expect(audited.map((a) => [a.action, a.actorEmail])).toEqual([
      ['sending.pause', admin.email],
      ['sending.resume', admin.email],
    ]);
    expect(audited[0]?.after).toMatchObject({ paused: true, by: admin.email, at: expect.any(String) });
    expect(audited[0]?.createdAt).toBeInstanceOf(Date);
  });

  it('is an administrator’s: a user can neither read nor turn it', async () => {
    const user = await signedInUser(ctx);
    expect((await ctx.app.inject({ url: '/api/admin/sending/pause', headers: { cookie: user.cookie } })).statusCode).toBe(403);
    const put = await ctx.app.inject({
      method: 'PUT',
      url: '/api/admin/sending/pause',
      headers: { cookie: user.cookie },
      payload: { paused: true },
    });
    expect(put.statusCode).toBe(403);
    expect((await pauseState()).paused).toBe(false);
  });

  it('SENDING_PAUSED wins over the switch: the worker sends nothing, the panel and the dashboard say so', { timeout: 60_000 }, async () => {
    const pausedHost = await anotherTestApp(ctx, { env: parseEnv({ NODE_ENV: 'test', LOG_LEVEL: 'silent', SENDING_PAUSED: 'true' }) });
    try {
      const u = await userWithJob(3, pausedHost);
      const { passes } = startWorker(pausedHost);
      await logSays('sending: paused by SENDING_PAUSED');
      // The switch says "running", and turning it changes nothing while the variable is set.
      expect((await turn(false, pausedHost)).json()).toMatchObject({ paused: true, environment: true, switch: { paused: false } });
      await passes(5);
      expect(await deliveryCounts(ctx, u.profileId)).toEqual({ pending: 3 });
      expect(sandbox.sentMessages(u.mailbox)).toHaveLength(0);
      expect((await statusOf(u.cookie, pausedHost)).sendingPaused).toBe(true);
      // A host without the variable says what the switch says.
      expect((await statusOf(u.cookie)).sendingPaused).toBe(false);
    } finally {
      await Promise.all(running.splice(0).map((w) => w.stop()));
      await pausedHost.app.close();
    }
  });
});

describe('the switch as stored', () => {
  it('a value edited by hand pauses only when it says so', async () => {
    await ctx.db.execute(sql`update settings set value = '{"paused": "yes"}'::jsonb where key = ${SENDING_PAUSE_KEY}`);
    expect((await pauseState()).paused).toBe(false);
    await ctx.db.execute(sql`update settings set value = '{"paused": true}'::jsonb where key = ${SENDING_PAUSE_KEY}`);
    expect(await pauseState()).toMatchObject({ paused: true, switch: { paused: true, reason: 'admin' } });
  });
});

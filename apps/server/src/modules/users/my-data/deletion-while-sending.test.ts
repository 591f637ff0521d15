import { desc, eq } from 'drizzle-orm';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { signedInUser } from '../../../../test-support/auth';
import { linkMailboxForTest, useAppWithGoogleSandbox } from '../../../../test-support/mailbox';
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
} from '../../../../test-support/sending';
import { accountDeletions, userGmail } from '../../../db/schema';
import { createLocalEventBus, type EventBus } from '../../../lib/event-bus';
import { HOUR_MS } from '../../sending/pacing';
import { type SendingWorkerOptions, startSendingWorker } from '../../sending/worker/sending-worker';
import { deleteAccount } from './account-deletion.service';

/**
 * An account deleted while the sending worker holds a batch of its deliveries, one message on the wire: the
 * deletion's record counts every delivery that never went, and the worker says what became of the message it
 * was sending. The sandbox holds the call until the test lets it go, and the worker paces on a simulated clock:
 * nothing here depends on how fast the machine is.
 */

const { ctx, sandbox } = useAppWithGoogleSandbox();

const running: Array<{ stop(): Promise<void> }> = [];
/** Calls still held when a test failed: let go, or the worker's stop would wait for them forever. */
const holding: Array<() => void> = [];
let logged = recordingLogger();
beforeAll(async () => {
  await useSendingSettings(ctx);
});
afterEach(async () => {
  for (const release of holding.splice(0)) release();
  await Promise.all(running.splice(0).map((w) => w.stop()));
  sandbox.clearFaults();
  await useSendingSettings(ctx);
});

/** A worker on simulated time; `events` stands for another host's bus, which may not hear this one. */
function startWorker(options: SendingWorkerOptions = {}, events = ctx.app.events) {
  logged = recordingLogger();
  const worker = startSendingWorker(
    { ...backgroundContextOf(ctx), events, log: logged.log },
    { pollMs: 50, sweepEveryMs: 100, settingsTtlMs: 0, notifyWindowMs: 50, clock: new SimulatedClock(0, HOUR_MS), ...options },
  );
  running.push(worker);
  return worker;
}

/** A linked user with `count` deliveries scheduled and `balance` messages left over. */
async function userWithJob(count: number, balance: number) {
  const account = await signedInUser(ctx);
  const profileId = await profileIdOf(ctx, account.email);
  const mailbox = `deleting.${profileId.slice(0, 8)}@gmail.com`;
  await linkMailboxForTest(ctx, account.cookie, sandbox, mailbox);
  await setBalance(ctx, profileId, count);
  const resumeId = await uploadedResumeId(ctx, account.cookie);
  const res = await schedule(ctx, account.cookie, { resumeId, subject: 'طلب توظيف لدى {{company_name}}', content: '<p>مرحبا</p>' });
  expect(res.statusCode, res.body).toBe(201);
  await setBalance(ctx, profileId, balance);
  return { ...account, profileId, mailbox };
}

/**
 * The worker has claimed all `count` deliveries and its first call is on the wire, held by the sandbox, which
 * answers it with `answer` once let go.
 */
async function sendingHeld(
  u: { profileId: string; mailbox: string },
  count: number,
  options: { worker?: SendingWorkerOptions; events?: EventBus; answer?: 200 | 503 } = {},
) {
  const call = heldCall();
  holding.push(call.release);
  sandbox.injectFault({ mailbox: u.mailbox, status: options.answer ?? 200, times: 1, hold: call.hold });
  startWorker(options.worker, options.events);
  await call.held;
  expect(await deliveryCounts(ctx, u.profileId)).toEqual({ sending: count });
  return call;
}

const linkGone = (profileId: string) =>
  waitFor(
    async () => (await ctx.db.select().from(userGmail).where(eq(userGmail.profileId, profileId))).length === 0,
    15_000,
    'link removed',
  );

const lastDeletion = async () => (await ctx.db.select().from(accountDeletions).orderBy(desc(accountDeletions.createdAt)).limit(1))[0];

/** The deletion as a host does it that gets no answer from the workers in time: it does not wait for them. */
const deleteWithoutWaiting = (u: { profileId: string; password: string }) =>
  deleteAccount(
    {
      db: ctx.db,
      secretBox: ctx.app.secretBox,
      providers: ctx.app.providers,
      events: ctx.app.events,
      log: ctx.app.log,
      dataDir: ctx.app.env.dataDir,
      handBackWaitMs: 0,
    },
    u.profileId,
    u.password,
  );

const deleteByHttp = (u: { cookie: string; password: string }) =>
  ctx.app.inject({ method: 'POST', url: '/api/users/me/deletion', headers: { cookie: u.cookie }, payload: { password: u.password } });

describe('deleting an account while the worker sends its messages', () => {
  it('ordinary pacing: every claimed delivery but the one on the wire is counted as cancelled', async () => {
    await useSendingSettings(ctx, { ...FAST_SETTINGS, delay: { ...FAST_SETTINGS.delay, email_delay: 1 } });
    const u = await userWithJob(8, 5);
    // A claim reaching a minute ahead takes all eight, one second apart; the first is handed to the provider.
    const call = await sendingHeld(u, 8, { worker: { claimHorizonMs: 60_000 } });
    const deletion = deleteByHttp(u);
    await linkGone(u.profileId);
    call.release();
    const res = await deletion;
    expect(res.statusCode, res.body).toBe(200);

    expect(sandbox.sentMessages(u.mailbox)).toHaveLength(1);
    expect(res.json().cancelledDeliveries).toBe(7);
    expect(await lastDeletion()).toMatchObject({ cancelledDeliveries: 7, creditsNoted: 7 + 5 });
    expect(logged.entries).toEqual([]);
  });

  it('full-speed pacing, the whole claim handed over at once: every delivery not sent is counted as cancelled', async () => {
    const u = await userWithJob(8, 0);
    const call = await sendingHeld(u, 8);
    const deletion = deleteByHttp(u);
    await linkGone(u.profileId);
    call.release();
    const res = await deletion;
    expect(res.statusCode, res.body).toBe(200);

    expect(sandbox.sentMessages(u.mailbox)).toHaveLength(1);
    expect(await lastDeletion()).toMatchObject({ cancelledDeliveries: 7, creditsNoted: 7 });
    expect(logged.entries).toEqual([]);
  });

  it('a worker that does not hear of the deletion finds its rows taken back, sends nothing more, and the count holds', async () => {
    await useSendingSettings(ctx, { ...FAST_SETTINGS, delay: { ...FAST_SETTINGS.delay, email_delay: 1 } });
    const u = await userWithJob(6, 0);
    // Its own event bus: a worker on another host whose notifications were lost.
    const call = await sendingHeld(u, 6, { worker: { claimHorizonMs: 60_000 }, events: createLocalEventBus() });
    const deletion = deleteByHttp(u);
    await linkGone(u.profileId);
    call.release();
    const res = await deletion;
    expect(res.statusCode, res.body).toBe(200);

    expect(sandbox.sentMessages(u.mailbox)).toHaveLength(1);
    expect(await lastDeletion()).toMatchObject({ cancelledDeliveries: 5, creditsNoted: 5 });
    expect(logged.entries).toEqual([]);
  });

  it('when the deletion does not wait for the message on the wire, the worker logs it as sent for a deleted account', async () => {
    await useSendingSettings(ctx, { ...FAST_SETTINGS, delay: { ...FAST_SETTINGS.delay, email_delay: 1 } });
    const u = await userWithJob(6, 0);
    const call = await sendingHeld(u, 6, { worker: { claimHorizonMs: 60_000 } });
    const { answer } = await deleteWithoutWaiting(u);
    // Counted at once: the five that were only claimed; the one on the wire may yet go.
    expect(answer.cancelledDeliveries).toBe(5);
    call.release();
    await waitFor(async () => logged.entries.length > 0, 15_000, 'the worker’s word on the message');

    expect(sandbox.sentMessages(u.mailbox)).toHaveLength(1);
    expect(logged.entries).toEqual([
      {
        level: 'warn',
        obj: expect.objectContaining({ profileId: u.profileId, sent: 1 }),
        msg: 'sending: the account was deleted while its messages were on their way; the provider accepted these',
      },
    ]);
  });

  it('a message on the wire that the provider refuses once the account is gone is logged as not sent, not as a failure', async () => {
    await useSendingSettings(ctx, { ...FAST_SETTINGS, delay: { ...FAST_SETTINGS.delay, email_delay: 1 } });
    const u = await userWithJob(3, 0);
    const call = await sendingHeld(u, 3, { worker: { claimHorizonMs: 60_000 }, answer: 503 });
    expect((await deleteWithoutWaiting(u)).answer.cancelledDeliveries).toBe(2);
    call.release();
    await waitFor(async () => logged.entries.length > 0, 15_000, 'the worker’s word on the message');

    expect(sandbox.sentMessages(u.mailbox)).toHaveLength(0);
    expect(logged.entries).toEqual([
      {
        level: 'warn',
        obj: expect.objectContaining({ profileId: u.profileId, notSent: 1 }),
        msg: 'sending: the account was deleted while its messages were on their way; it did not go (the provider refused it, or it was not sent)',
      },
    ]);
  });
});

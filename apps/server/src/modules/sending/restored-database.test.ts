import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { deliveryFailureText, userFacingReason } from '@sira/shared/messages/sending';
import type { DeliveryPage, SendingStatus } from '@sira/shared/schemas/sending';
import type { SendingPause } from '@sira/shared/schemas/sending-admin';
import { eq, sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { anotherTestApp, type TestContext } from '../../../test-support/app';
import { signedInAdmin, signedInUser } from '../../../test-support/auth';
import { type TestDatabaseHandle, testDatabaseKind } from '../../../test-support/db';
import { withDatabase } from '../../../test-support/global-setup';
import { linkMailboxForTest, useAppWithGoogleSandbox } from '../../../test-support/mailbox';
import {
  backgroundContextOf,
  balanceOf,
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
import { restoreBackup, writeBackup } from '../../db/backup';
import { openDatabase } from '../../db/client';
import { dropScratchDatabase } from '../../db/drop-database';
import { auditLog, deliveries, sendJobs } from '../../db/schema';
import { HOUR_MS } from './pacing';
import { AFTER_RESTORE_COMMAND, COPY_FOUND_BY_WORKER, prepareRestoredDatabase, RESTORE_COMMAND } from './restored-database';
import { SENDING_PAUSE_KEY } from './sending-pause';
import { type SendingWorkerOptions, startSendingWorker } from './worker/sending-worker';

/**
 * A backup taken while Sira sends, restored and started (ADR 019): it sends nothing by itself — not the
 * messages a worker held when the backup was taken (they may have gone: failed, credit back, offered to
 * "resend failed"), not the pending ones — until the administrator resumes; then the pending ones go, once
 * each. Counted at the Google sandbox, which both the original and the copy send to: no recipient receives the
 * same application twice. The original's call is held by the sandbox while the backup is taken and the
 * workers pace on a simulated clock: nothing here depends on how fast the machine is.
 *
 * Two ways a copy comes to life: restored by Sira's command (`npm run restore` of an embedded backup; on
 * PostgreSQL pg_restore then `npm run after-restore`), and restored with nothing run after it (an embedded
 * folder unpacked by hand, a pg_restore alone), which the worker finds at its first pass.
 */

const { ctx, sandbox } = useAppWithGoogleSandbox();

const running: Array<{ stop(): Promise<void> }> = [];
const holding: Array<() => void> = [];
const cleanups: Array<() => Promise<void>> = [];
let admin: { email: string; cookie: string };
beforeAll(async () => {
  // Ordinary pacing (a second apart, on the simulated clock): a claim takes three rows and hands over one at a time.
  await useSendingSettings(ctx, { ...FAST_SETTINGS, delay: { ...FAST_SETTINGS.delay, email_delay: 1 } });
  admin = await signedInAdmin(ctx);
});
afterEach(async () => {
  for (const release of holding.splice(0)) release();
  await Promise.all(running.splice(0).map((w) => w.stop()));
  sandbox.clearFaults();
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  // The original keeps the waiting user's messages, which its worker was stopped before sending: the next case's
  // worker would send them first, and its held call would catch one of them instead of its own user's.
  await ctx.db.execute(sql`delete from deliveries where status in ('pending', 'held', 'sending')`);
});
afterAll(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

function startWorker(app: TestContext, log = recordingLogger().log, options: SendingWorkerOptions = {}) {
  const worker = startSendingWorker(
    { ...backgroundContextOf(app), log },
    {
      pollMs: 50,
      sweepEveryMs: 100,
      settingsTtlMs: 0,
      notifyWindowMs: 50,
      clock: new SimulatedClock(0, HOUR_MS),
      maxClaim: 3,
      // One mailbox at a time: while one is held on the wire, the others wait.
      concurrency: 1,
      ...options,
    },
  );
  running.push(worker);
  return worker;
}

let mailboxes = 0;
async function userWithJob(count: number) {
  const account = await signedInUser(ctx);
  const profileId = await profileIdOf(ctx, account.email);
  const mailbox = `restored${mailboxes++}.${profileId.slice(0, 6)}@gmail.com`;
  await linkMailboxForTest(ctx, account.cookie, sandbox, mailbox);
  await setBalance(ctx, profileId, count);
  const resumeId = await uploadedResumeId(ctx, account.cookie);
  const res = await schedule(ctx, account.cookie, { resumeId, subject: 'طلب توظيف لدى {{company_name}}', content: '<p>مرحبا</p>' });
  expect(res.statusCode, res.body).toBe(201);
  return { ...account, profileId, mailbox, jobId: res.json().jobId as string };
}

const jobStatus = async (app: TestContext, jobId: string) =>
  (await app.db.select().from(sendJobs).where(eq(sendJobs.id, jobId)))[0]?.status;

/** Every message the sandbox received from the mailbox, per recipient. */
function copiesPerRecipient(mailbox: string): Map<string, number> {
  const copies = new Map<string, number>();
  for (const message of sandbox.sentMessages(mailbox)) copies.set(message.to, (copies.get(message.to) ?? 0) + 1);
  return copies;
}

type Restore = 'by the restore command' | 'with nothing run after it';

/** A backup of the test database, restored into a new data folder (PGlite) or a new database (PostgreSQL). */
async function backupAndRestore(): Promise<(how: Restore) => Promise<TestDatabaseHandle>> {
  const folder = mkdtempSync(join(tmpdir(), 'sira-restored-'));
  cleanups.push(async () => rmSync(folder, { recursive: true, force: true }));
  if (testDatabaseKind() === 'pglite') {
    const file = await writeBackup(ctx.handle, folder);
    return async (how) => {
      // A new data folder (DATA_DIR) for the restored database.
      const dataDir = join(folder, 'restored');
      mkdirSync(dataDir);
      if (how === 'by the restore command') {
        await restoreBackup(file, dataDir, new Date(), async (handle) => {
          await prepareRestoredDatabase(handle, RESTORE_COMMAND);
        });
        return track(await openDatabase({ dataDir: join(dataDir, 'db') }));
      }
      return track(await openDatabase({ dataDir: join(dataDir, 'db'), loadDataDir: new Blob([readFileSync(file)]) }));
    };
  }
  const url = ctx.handle.url as string;
  const file = join(folder, 'sira.dump');
  await promisify(execFile)('pg_dump', ['--format=custom', `--file=${file}`, url]);
  return async (how) => {
    const name = `sira_restored_${process.pid}_${Date.now()}`;
    const server = new pg.Client({ connectionString: url });
    await server.connect();
    await server.query(`CREATE DATABASE ${name}`);
    cleanups.push(async () => {
      await dropScratchDatabase(server, name);
      await server.end();
    });
    await promisify(execFile)('pg_restore', ['--no-owner', `--dbname=${withDatabase(url, name)}`, file]);
    const handle = track(await openDatabase({ url: withDatabase(url, name) }));
    if (how === 'by the restore command') await prepareRestoredDatabase(handle, AFTER_RESTORE_COMMAND);
    return handle;
  };
}

function track(handle: TestDatabaseHandle): TestDatabaseHandle {
  cleanups.push(() => handle.close());
  return handle;
}

describe.each<Restore>(['by the restore command', 'with nothing run after it'])('a backup taken mid-send, restored %s', (how) => {
  it('sends nothing until the administrator resumes; then the pending messages go once each, and no one gets one twice', {
    timeout: 240_000,
  }, async () => {
    // ---- The original, sending: one user's messages all sent, one's in a worker's hands, one's waiting.
    const originalWorker = startWorker(ctx);
    const sent = await userWithJob(3);
    await waitFor(async () => (await jobStatus(ctx, sent.jobId)) === 'completed', 30_000, 'the first send');
    const onTheWireCall = heldCall();
    holding.push(onTheWireCall.release);
    // The next message sent, whoever's: the next user's first.
    sandbox.injectFault({ status: 200, times: 1, hold: onTheWireCall.hold });
    const inHand = await userWithJob(3);
    await onTheWireCall.held;
    // All three claimed: the first handed to Google (held there), the other two waiting their turn.
    expect(await deliveryCounts(ctx, inHand.profileId)).toEqual({ sending: 3 });
    const waiting = await userWithJob(4);
    expect(await deliveryCounts(ctx, waiting.profileId)).toEqual({ pending: 4 });
    const nextCall = heldCall();
    holding.push(nextCall.release);
    // What the original would send next: held, then refused, so that it never leaves.
    sandbox.injectFault({ mailbox: waiting.mailbox, status: 503, times: 1, hold: nextCall.hold });

    const restoreCopy = await backupAndRestore();

    // After the backup the original goes on: Google accepts the message on the wire and the two claimed after
    // it — the messages a copy must not send again. Then it is gone, before any of the waiting ones left.
    onTheWireCall.release();
    await nextCall.held;
    const stopped = originalWorker.stop();
    nextCall.release();
    await stopped;
    running.splice(running.indexOf(originalWorker), 1);
    expect(sandbox.sentMessages(sent.mailbox)).toHaveLength(3);
    expect(sandbox.sentMessages(inHand.mailbox)).toHaveLength(3);
    expect(sandbox.sentMessages(waiting.mailbox)).toHaveLength(0);

    // ---- The copy, started: app and worker.
    const copy = await anotherTestApp(ctx, { handle: await restoreCopy(how) });
    cleanups.push(() => copy.app.close());
    const logged = recordingLogger();
    startWorker(copy, logged.log);
    await waitFor(
      async () => logged.entries.some((e) => e.msg?.startsWith('sending: paused since the database was restored')),
      30_000,
      'the worker says sending is paused',
    );
    const announced = logged.entries.some((e) => e.msg?.startsWith('sending: this database was restored or copied'));
    expect(announced).toBe(how === 'with nothing run after it');

    // The three that were in a worker's hands: failed, with a reason saying they may have gone; credit back;
    // offered to "resend failed".
    expect(await deliveryCounts(copy, inHand.profileId)).toEqual({ failed: 3 });
    expect(await balanceOf(copy, inHand.profileId)).toBe(3);
    const failedRows = await copy.db.select().from(deliveries).where(eq(deliveries.profileId, inHand.profileId));
    expect(failedRows.map((r) => [r.lastError, r.failureCause])).toEqual(
      Array(3).fill([deliveryFailureText.restoreInterrupted, 'retries']),
    );
    const list = (
      await copy.app.inject({ url: '/api/sending/deliveries?status=failed', headers: { cookie: inHand.cookie } })
    ).json() as DeliveryPage;
    expect(list.retryableFailed).toBe(3);
    expect(list.rows.map((r) => r.lastError)).toEqual(Array(3).fill(userFacingReason(deliveryFailureText.restoreInterrupted)));
    expect(userFacingReason(deliveryFailureText.restoreInterrupted)).toContain('وربما أُرسلت');

    // The panel and the dashboards say so.
    const state = (await copy.app.inject({ url: '/api/admin/sending/pause', headers: { cookie: admin.cookie } })).json() as SendingPause;
    expect(state).toMatchObject({
      paused: true,
      switch: {
        paused: true,
        reason: 'restored',
        by:
          how === 'by the restore command'
            ? testDatabaseKind() === 'postgres'
              ? AFTER_RESTORE_COMMAND
              : RESTORE_COMMAND
            : COPY_FOUND_BY_WORKER,
        interrupted: 3,
      },
      waiting: { messages: 4, users: 1 },
    });
    const dashboard = (await copy.app.inject({ url: '/api/sending/status', headers: { cookie: waiting.cookie } })).json() as SendingStatus;
    expect(dashboard.sendingPaused).toBe(true);
    const [audited] = await copy.db.select().from(auditLog).where(eq(auditLog.action, 'sending.pause_after_restore'));
    expect(audited).toMatchObject({ actorId: null, entityId: SENDING_PAUSE_KEY });

    // Nothing went while paused: the sandbox holds what the original sent, and nothing more.
    expect(await deliveryCounts(copy, waiting.profileId)).toEqual({ pending: 4 });
    expect(sandbox.sentMessages(inHand.mailbox)).toHaveLength(3);
    expect(sandbox.sentMessages(waiting.mailbox)).toHaveLength(0);

    // ---- The administrator resumes: the pending messages go, once each.
    const resumed = await copy.app.inject({
      method: 'PUT',
      url: '/api/admin/sending/pause',
      headers: { cookie: admin.cookie },
      payload: { paused: false },
    });
    expect(resumed.statusCode, resumed.body).toBe(200);
    await waitFor(async () => (await jobStatus(copy, waiting.jobId)) === 'completed', 60_000, 'the pending messages sent');
    expect(await deliveryCounts(copy, waiting.profileId)).toEqual({ sent: 4 });
    expect(await deliveryCounts(copy, inHand.profileId)).toEqual({ failed: 3 });
    expect(await deliveryCounts(copy, sent.profileId)).toEqual({ sent: 3 });

    // At Google, across the original and the copy: every recipient got each user's application once.
    for (const [user, recipients] of [
      [sent, 3],
      [inHand, 3],
      [waiting, 4],
    ] as const) {
      const copies = copiesPerRecipient(user.mailbox);
      expect(
        [...copies.values()].every((n) => n === 1),
        `${user.mailbox}: ${JSON.stringify([...copies])}`,
      ).toBe(true);
      expect(copies.size).toBe(recipients);
    }
  });
});

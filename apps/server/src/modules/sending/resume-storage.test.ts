import type { ChildProcess } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { RESUME_MAX_BYTES } from '@sira/shared';
import { deliveryFailureText } from '@sira/shared/messages/sending';
import { eq } from 'drizzle-orm';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { signedInUser, TEST_APPLICANT_NAME } from '../../../test-support/auth';
import { linkMailboxForTest, useAppWithGoogleSandbox } from '../../../test-support/mailbox';
import {
  backgroundContextOf,
  balanceOf,
  deliveryCounts,
  profileIdOf,
  recordingLogger,
  samplePdf,
  schedule,
  setBalance,
  startWorkerProcess,
  tempDataDir,
  testEnvWithDataDir,
  uploadedResumeId,
  useSendingSettings,
  waitFor,
} from '../../../test-support/sending';
import { failedEmails, resumeFiles, sendJobs } from '../../db/schema';
import { header, parseMessage } from '../../sandbox/google/mime';
import { startSendingWorker } from './worker/sending-worker';

/**
 * Résumés are shared by every host: a web server on one machine takes the upload, a worker on another sends
 * it. Each "host" has its own data folder, as separate machines do; nothing of the résumé is on either disk.
 */

const webHostDir = tempDataDir();
const workerHostDir = tempDataDir();
const { ctx, sandbox } = useAppWithGoogleSandbox(() => ({ env: testEnvWithDataDir(webHostDir) }));

const running: Array<{ stop(): Promise<void> }> = [];
const children: ChildProcess[] = [];
beforeAll(async () => {
  await useSendingSettings(ctx);
});
afterEach(async () => {
  await Promise.all(running.splice(0).map((w) => w.stop()));
  for (const child of children.splice(0)) if (child.exitCode === null) child.kill('SIGKILL');
});

const WORKER_OPTIONS = { pollMs: 50, sweepEveryMs: 100, settingsTtlMs: 0, notifyWindowMs: 100 };

/** A worker inside this process, on the other host's data folder. */
function startWorkerOnOtherHost() {
  const logged = recordingLogger();
  const worker = startSendingWorker(
    { ...backgroundContextOf(ctx), env: testEnvWithDataDir(workerHostDir), log: logged.log },
    WORKER_OPTIONS,
  );
  running.push(worker);
  return logged;
}

let counter = 0;
/** A user whose résumé was uploaded through the web app and whose job of `count` companies is scheduled. */
async function jobFromWebHost(count: number, pdf: Buffer) {
  const account = await signedInUser(ctx);
  const profileId = await profileIdOf(ctx, account.email);
  const mailbox = `host${counter++}.${profileId.slice(0, 6)}@gmail.com`;
  await linkMailboxForTest(ctx, account.cookie, sandbox, mailbox);
  await setBalance(ctx, profileId, count);
  const resumeId = await uploadedResumeId(ctx, account.cookie, pdf);
  const res = await schedule(ctx, account.cookie, {
    resumeId,
    subject: 'طلب توظيف لدى {{company_name}}',
    content: '<p>{{company_name}}</p>',
  });
  expect(res.statusCode, res.body).toBe(201);
  const jobId = res.json().jobId as string;
  const [job] = await ctx.db.select({ resumePath: sendJobs.resumePath }).from(sendJobs).where(eq(sendJobs.id, jobId));
  return { profileId, mailbox, jobId, resumePath: job?.resumePath as string };
}

const jobStatus = async (jobId: string) => (await ctx.db.select().from(sendJobs).where(eq(sendJobs.id, jobId)))[0]?.status;

/** Every message of the mailbox carries the uploaded PDF, byte for byte, under the uploaded name. */
function expectAttachments(mailbox: string, count: number, pdf: Buffer) {
  const sent = sandbox.sentMessages(mailbox);
  expect(sent).toHaveLength(count);
  for (const message of sent) {
    const parsed = parseMessage(message.raw);
    expect(header(parsed.headers, 'from')).toBe(`${TEST_APPLICANT_NAME} <${mailbox}>`);
    expect(parsed.attachments).toHaveLength(1);
    expect(parsed.attachments[0]?.filename).toBe('سيرتي الذاتية.pdf');
    expect(parsed.attachments[0]?.content.equals(pdf)).toBe(true);
  }
}

describe('a résumé uploaded on one host and sent from another', () => {
  it('is sent by a worker with another data folder: every delivery carries the uploaded PDF byte for byte', async () => {
    const pdf = samplePdf(300_000);
    const job = await jobFromWebHost(5, pdf);
    const logged = startWorkerOnOtherHost();
    await waitFor(async () => (await jobStatus(job.jobId)) === 'completed', 15_000, 'job completed');
    expect(await deliveryCounts(ctx, job.profileId)).toEqual({ sent: 5 });
    expectAttachments(job.mailbox, 5, pdf);
    expect(logged.entries).toEqual([]);
    // Neither host keeps the résumé on its disk.
    expect(readdirSync(webHostDir)).toEqual([]);
    expect(readdirSync(workerHostDir)).toEqual([]);
  });

  it.skipIf(process.env.SIRA_TEST_DB !== 'postgres')(
    'is sent by a worker process of its own, as a worker host runs it',
    async () => {
      const pdf = samplePdf(RESUME_MAX_BYTES);
      const job = await jobFromWebHost(5, pdf);
      children.push(await startWorkerProcess(ctx, { sandboxUrl: sandbox.baseUrl, dataDir: workerHostDir, worker: WORKER_OPTIONS }));
      await waitFor(async () => (await jobStatus(job.jobId)) === 'completed', 30_000, 'job completed');
      expect(await deliveryCounts(ctx, job.profileId)).toEqual({ sent: 5 });
      expectAttachments(job.mailbox, 5, pdf);
      expect(readdirSync(workerHostDir)).toEqual([]);
    },
    60_000,
  );
});

describe('a résumé that is not stored when its job sends', () => {
  it('fails each delivery with its credit back, and warns once with the job, the user and the path', async () => {
    const job = await jobFromWebHost(4, samplePdf());
    // Bytes gone from under a scheduled job (a restore from an older backup, a hand-made delete).
    await ctx.db.delete(resumeFiles).where(eq(resumeFiles.path, job.resumePath));
    const logged = startWorkerOnOtherHost();
    await waitFor(async () => (await jobStatus(job.jobId)) === 'failed', 15_000, 'job failed');
    expect(await deliveryCounts(ctx, job.profileId)).toEqual({ failed: 4 });
    expect(await balanceOf(ctx, job.profileId)).toBe(4);
    const failures = await ctx.db.select().from(failedEmails).where(eq(failedEmails.profileId, job.profileId));
    expect(failures.map((f) => f.error)).toEqual(Array(4).fill(deliveryFailureText.resumeMissing));
    expect(sandbox.sentMessages(job.mailbox)).toHaveLength(0);
    expect(logged.entries).toEqual([
      {
        level: 'warn',
        obj: { jobId: job.jobId, profileId: job.profileId, path: job.resumePath },
        msg: expect.stringContaining('résumé'),
      },
    ]);
  });
});

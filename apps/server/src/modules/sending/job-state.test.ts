import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { signedInUser } from '../../../test-support/auth';
import { linkMailboxForTest, useAppWithGoogleSandbox } from '../../../test-support/mailbox';
import { profileIdOf, schedule, setBalance, uploadedResumeId, useSendingSettings } from '../../../test-support/sending';
import { rowsOf } from '../../db/client';
import { settleOptedOut, waitingFrom } from '../companies/opt-out-marks';
import { cancelWaiting, failDeliveries } from './job-state';
import { resendFailed } from './resend.service';
import { type ClaimedDelivery, claimDeliveries, recordAndHandOver, recordFailed, sweepExpiredLeases } from './worker/queue';

/**
 * Every transition of a send job, each through the code that makes it in the product, from a job of three
 * deliveries: what the job's counters and status become and what the owner's balance and sent count become.
 * One rule for 'completed'/'failed' and one credit path (job-state.ts) must give every row below.
 */

const { ctx, sandbox } = useAppWithGoogleSandbox();

beforeAll(async () => {
  await useSendingSettings(ctx);
});

interface Job {
  profileId: string;
  jobId: string;
}

/** A user with a linked mailbox and a balance of exactly three, who sends to three companies: balance 0. */
async function jobOfThree(): Promise<Job> {
  const u = await signedInUser(ctx);
  const profileId = await profileIdOf(ctx, u.email);
  await linkMailboxForTest(ctx, u.cookie, sandbox, `state.${profileId.slice(0, 8)}@gmail.com`);
  await setBalance(ctx, profileId, 3);
  const resumeId = await uploadedResumeId(ctx, u.cookie);
  const res = await schedule(ctx, u.cookie, { resumeId, subject: 'طلب توظيف', content: '<p>مرحباً</p>' });
  expect(res.statusCode, res.body).toBe(201);
  return { profileId, jobId: (res.json() as { jobId: string }).jobId };
}

async function claim(job: Job, n: number, handOver = false): Promise<ClaimedDelivery[]> {
  const claimed = await claimDeliveries(ctx.db, job.profileId, n, 60, handOver);
  if (claimed.kind !== 'claimed') throw new Error(`nothing claimed: ${claimed.kind}`);
  return claimed.rows;
}

const send = async (rows: readonly ClaimedDelivery[]) =>
  recordAndHandOver(
    ctx.db,
    rows.map((r, i) => ({ id: r.id, lease: r.lease, at: new Date(), providerMessageId: `m-${i}` })),
    null,
  );

const fail = async (rows: readonly ClaimedDelivery[], cause: 'retries' | 'address' = 'retries') => {
  for (const row of rows) expect(await recordFailed(ctx.db, row.id, row.lease, 'سبب', cause)).toBe(true);
};

async function stateOf(job: Job) {
  const [row] = rowsOf<{
    status: string;
    sent: number;
    failed: number;
    total: number;
    finished: boolean;
    balance: number;
    sent_messages: number;
  }>(
    await ctx.db.execute(sql`
      select j.status, j.sent_count as sent, j.failed_count as failed, j.total_emails_intended as total,
        j.completed_at is not null as finished, p.messages_remaining as balance, p.sent_messages
      from send_jobs j join profiles p on p.id = j.profile_id where j.id = ${job.jobId}`),
  );
  return row;
}

const waitingAddresses = async (job: Job) =>
  rowsOf<{ email: string }>(
    await ctx.db.execute(
      sql`select lower(recipient_email) as email from deliveries where job_id = ${job.jobId} and status = 'pending' order by email`,
    ),
  ).map((r) => r.email);

interface Case {
  transition: string;
  act: (job: Job) => Promise<unknown>;
  expected: { status: string; sent: number; failed: number; total: number; finished: boolean; balance: number; sent_messages: number };
}

const cases: Case[] = [
  {
    transition: 'scheduled',
    act: async () => {},
    expected: { status: 'pending', sent: 0, failed: 0, total: 3, finished: false, balance: 0, sent_messages: 0 },
  },
  {
    transition: 'claimed',
    act: async (job) => claim(job, 1),
    expected: { status: 'processing', sent: 0, failed: 0, total: 3, finished: false, balance: 0, sent_messages: 0 },
  },
  {
    transition: 'sent, one of three',
    act: async (job) => send(await claim(job, 1)),
    expected: { status: 'processing', sent: 1, failed: 0, total: 3, finished: false, balance: 0, sent_messages: 1 },
  },
  {
    transition: 'sent, all',
    act: async (job) => send(await claim(job, 3)),
    expected: { status: 'completed', sent: 3, failed: 0, total: 3, finished: true, balance: 0, sent_messages: 3 },
  },
  {
    transition: 'failed, all: the job failed and every credit is back',
    act: async (job) => fail(await claim(job, 3)),
    expected: { status: 'failed', sent: 0, failed: 3, total: 3, finished: true, balance: 3, sent_messages: 0 },
  },
  {
    transition: 'one sent and two failed: completed',
    act: async (job) => {
      const rows = await claim(job, 3);
      await send(rows.slice(0, 1));
      await fail(rows.slice(1), 'address');
    },
    expected: { status: 'completed', sent: 1, failed: 2, total: 3, finished: true, balance: 2, sent_messages: 1 },
  },
  {
    transition: 'swept: handed over, lease ran out, never answered',
    act: async (job) => {
      await claim(job, 3, true);
      await ctx.db.execute(sql`update deliveries set lease_expires_at = now() - interval '1 minute' where job_id = ${job.jobId}`);
      await sweepExpiredLeases(ctx.db, 'انقطع الإرسال');
    },
    expected: { status: 'failed', sent: 0, failed: 3, total: 3, finished: true, balance: 3, sent_messages: 0 },
  },
  {
    transition: 'interrupted: in a worker’s hands when a backup was taken',
    act: async (job) => {
      await send((await claim(job, 1)).slice(0, 1));
      await claim(job, 2);
      // The statement a restored copy runs on every row in hands (restored-database.ts), for this job only.
      await failDeliveries(ctx.db, sql`d.status = 'sending' and d.job_id = ${job.jobId}`, 'انقطع', 'retries');
    },
    expected: { status: 'completed', sent: 1, failed: 2, total: 3, finished: true, balance: 2, sent_messages: 1 },
  },
  {
    transition: 'opted out, all waiting: nobody pays, the job is done',
    act: async (job) => {
      for (const email of await waitingAddresses(job)) await settleOptedOut(ctx.db, waitingFrom(job.profileId, email));
    },
    expected: { status: 'completed', sent: 0, failed: 0, total: 0, finished: true, balance: 3, sent_messages: 0 },
  },
  {
    transition: 'opted out, the last waiting one after two failed',
    act: async (job) => {
      await fail(await claim(job, 2));
      const [last] = await waitingAddresses(job);
      await settleOptedOut(ctx.db, waitingFrom(job.profileId, last as string));
    },
    expected: { status: 'failed', sent: 0, failed: 2, total: 2, finished: true, balance: 3, sent_messages: 0 },
  },
  {
    transition: 'resent: a failed job runs again, debited again',
    act: async (job) => {
      const rows = await claim(job, 3);
      await send(rows.slice(0, 1));
      await fail(rows.slice(1));
      const events = { publish: () => {} } as unknown as Parameters<typeof resendFailed>[0]['events'];
      expect(await resendFailed({ db: ctx.db, events }, job.profileId)).toEqual({ resent: 2 });
    },
    expected: { status: 'processing', sent: 1, failed: 0, total: 3, finished: false, balance: 0, sent_messages: 1 },
  },
  {
    transition: 'resent, then sent: completed again',
    act: async (job) => {
      await fail(await claim(job, 3));
      const events = { publish: () => {} } as unknown as Parameters<typeof resendFailed>[0]['events'];
      await resendFailed({ db: ctx.db, events }, job.profileId);
      await send(await claim(job, 3));
    },
    expected: { status: 'completed', sent: 3, failed: 0, total: 3, finished: true, balance: 0, sent_messages: 3 },
  },
];

describe('a send job’s transitions', () => {
  it.each(cases)('$transition', async ({ act, expected }) => {
    const job = await jobOfThree();
    await act(job);
    expect(await stateOf(job)).toEqual(expected);
  });

  it('deleted: the account’s waiting deliveries are removed, those in a worker’s hands stay until the account goes', async () => {
    const job = await jobOfThree();
    await claim(job, 1);
    expect(await cancelWaiting(ctx.db, job.profileId)).toBe(2);
    const left = rowsOf<{ status: string }>(await ctx.db.execute(sql`select status from deliveries where job_id = ${job.jobId}`));
    expect(left.map((r) => r.status)).toEqual(['sending']);
  });

  it('no other module writes a send job’s counters or status', async () => {
    const { readdir, readFile } = await import('node:fs/promises');
    const { join } = await import('node:path');
    const root = join(import.meta.dirname, '..', '..');
    const writers: string[] = [];
    for (const entry of await readdir(root, { recursive: true })) {
      if (!entry.endsWith('.ts') || entry.endsWith('.test.ts') || entry.includes('migrations')) continue;
      const text = await readFile(join(root, entry), 'utf8');
      if (/update\s+send_jobs\b[\s\S]{0,200}?\b(status|sent_count|failed_count|total_emails_intended)\s*=/i.test(text)) writers.push(entry);
      if (/update\(sendJobs\)/.test(text)) writers.push(entry);
    }
    expect(writers.sort()).toEqual(['modules/sending/job-state.ts']);
  });
});

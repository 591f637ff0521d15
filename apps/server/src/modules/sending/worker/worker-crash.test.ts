import type { ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { deliveryFailureText } from '@sira/shared/messages/sending';
import { eq, inArray, sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { signedInUser } from '../../../../test-support/auth';
import { linkMailboxForTest, useAppWithGoogleSandbox } from '../../../../test-support/mailbox';
import {
  FAST_SETTINGS,
  profileIdOf,
  samplePdf,
  schedule,
  setBalance,
  startWorkerProcess,
  tempDataDir,
  testEnvWithDataDir,
  uploadedResumeId,
  useSendingSettings,
  type WorkerProcess,
  waitFor,
} from '../../../../test-support/sending';
import { rowsOf } from '../../../db/client';
import { deliveries, failedEmails, profiles, sendJobs } from '../../../db/schema';
import type { SendingWorkerOptions } from './sending-worker';

/**
 * A worker process killed with SIGKILL in the middle of its sends: every delivery ends in exactly one final
 * state, nothing reaches the provider twice, the balances add up, and another worker takes its mailboxes over
 * once their leases run out. Separate processes share one database, so this runs on PostgreSQL (PGlite is
 * one process's database).
 */

const dataDir = tempDataDir();
const { ctx, sandbox } = useAppWithGoogleSandbox(() => ({ env: testEnvWithDataDir(dataDir) }));

const children: ChildProcess[] = [];
afterEach(() => {
  for (const child of children.splice(0)) if (child.exitCode === null) child.kill('SIGKILL');
});

/** A worker process on this test's database, with a separate data folder as on another host. */
async function startWorker(options: SendingWorkerOptions, logLevel = 'warn'): Promise<WorkerProcess> {
  const child = await startWorkerProcess(ctx, { sandboxUrl: sandbox.baseUrl, dataDir: tempDataDir(), worker: options, logLevel });
  children.push(child);
  return child;
}

// The project's own setting (vitest.config.ts): known while the file is collected.
describe.skipIf(process.env.SIRA_TEST_DB !== 'postgres')('a worker process killed mid-send', () => {
  it('leaves every delivery in exactly one final state, sends nothing twice, and the balances add up', async () => {
    await useSendingSettings(ctx);
    const users = [];
    for (let i = 0; i < 3; i++) {
      const account = await signedInUser(ctx);
      const profileId = await profileIdOf(ctx, account.email);
      const mailbox = `crash${i}.${profileId.slice(0, 6)}@gmail.com`;
      await linkMailboxForTest(ctx, account.cookie, sandbox, mailbox);
      await setBalance(ctx, profileId, 25);
      const resumeId = await uploadedResumeId(ctx, account.cookie, samplePdf(50_000));
      const res = await schedule(ctx, account.cookie, { resumeId, subject: 'طلب توظيف', content: '<p>{{company_name}}</p>' });
      expect(res.statusCode, res.body).toBe(201);
      users.push({ profileId, mailbox, jobId: res.json().jobId as string });
      // Slow answers keep a send in flight most of the time, so the kill lands mid-call.
      sandbox.injectFault({ mailbox, status: 200, delayMs: 150 });
    }
    const profileIds = users.map((u) => u.profileId);
    const jobIds = users.map((u) => u.jobId);
    const options: SendingWorkerOptions = {
      pollMs: 50,
      sweepEveryMs: 200,
      sendTimeoutMs: 1500,
      leaseMs: 3000,
      claimHorizonMs: 1000,
      // One claim per mailbox: its rows stay in 'sending' until the job ends, so the kill cannot fall in the
      // moment between two claims (three mailboxes at the same pace end their claims together).
      maxClaim: 25,
    };

    const first = await startWorker(options);
    await waitFor(
      async () => {
        const [row] = rowsOf<{ sent: number; sending: number }>(
          await ctx.db.execute(sql`
            select count(*) filter (where status = 'sent')::int as sent, count(*) filter (where status = 'sending' and provider_message_id = '')::int as sending
            from deliveries where job_id in (${sql.join(
              jobIds.map((id) => sql`${id}::uuid`),
              sql`, `,
            )})`),
        );
        return (row?.sent ?? 0) >= 10 && (row?.sending ?? 0) > 0;
      },
      30_000,
      'sends in flight',
    );
    first.kill('SIGKILL');
    await once(first, 'exit');
    const leftSending = await ctx.db
      .select({ id: deliveries.id })
      .from(deliveries)
      .where(
        sql`${deliveries.jobId} in (${sql.join(
          jobIds.map((id) => sql`${id}::uuid`),
          sql`, `,
        )}) and ${deliveries.status} = 'sending'`,
      );
    const debugRows = rowsOf(
      await ctx.db.execute(sql`select status, provider_message_id is null as unhanded, count(*)::int from deliveries group by 1, 2`),
    );
    expect(leftSending.length, JSON.stringify(debugRows)).toBeGreaterThan(0);

    await startWorker(options);
    await waitFor(
      async () => {
        const jobs = await ctx.db.select({ status: sendJobs.status }).from(sendJobs).where(inArray(sendJobs.id, jobIds));
        return jobs.every((j) => j.status === 'completed' || j.status === 'failed');
      },
      60_000,
      'all jobs finished',
    );

    const rows = await ctx.db.select().from(deliveries).where(inArray(deliveries.jobId, jobIds));
    expect(rows).toHaveLength(75);
    expect(rows.every((r) => r.status === 'sent' || r.status === 'failed')).toBe(true);
    const failed = rows.filter((r) => r.status === 'failed');
    // The kill can only have cost the rows that were in the provider's hands: failed for that reason.
    expect(failed.length).toBeGreaterThan(0);
    expect(failed.every((r) => r.lastError === deliveryFailureText.leaseExpired)).toBe(true);

    for (const u of users) {
      const mine = rows.filter((r) => r.profileId === u.profileId);
      const outbox = sandbox.sentMessages(u.mailbox);
      // Nothing twice at the provider.
      expect(new Set(outbox.map((m) => m.to)).size).toBe(outbox.length);
      // Every delivery recorded as sent is in the outbox; anything else there is one of the interrupted calls.
      const outboxTo = new Set(outbox.map((m) => m.to));
      for (const r of mine.filter((x) => x.status === 'sent')) expect(outboxTo.has(r.recipientEmail)).toBe(true);
      const failedTo = new Set(mine.filter((x) => x.status === 'failed').map((x) => x.recipientEmail));
      for (const m of outbox) expect(mine.some((r) => r.recipientEmail === m.to && (r.status === 'sent' || failedTo.has(m.to)))).toBe(true);

      // Balances: 25 debited at scheduling, one credit back per failure; counters match the rows.
      const [profile] = await ctx.db.select().from(profiles).where(eq(profiles.id, u.profileId));
      const sentCount = mine.filter((r) => r.status === 'sent').length;
      const failedCount = mine.length - sentCount;
      expect(profile?.messagesRemaining).toBe(failedCount);
      expect(profile?.sentMessages).toBe(sentCount);
      const [job] = await ctx.db.select().from(sendJobs).where(eq(sendJobs.id, u.jobId));
      expect([job?.sentCount, job?.failedCount, job?.totalEmailsIntended]).toEqual([sentCount, failedCount, 25]);
      expect(await ctx.db.select().from(failedEmails).where(eq(failedEmails.profileId, u.profileId))).toHaveLength(failedCount);
    }
    expect(profileIds).toHaveLength(3);
  }, 120_000);

  it('with the default lease, a second worker takes the mailboxes of a worker killed with SIGKILL over within 30 s', async () => {
    // Ordinary pacing (one message a second per mailbox): one row in the provider's hands at a time, the next
    // few claimed, so the mailbox still has work when the lease of the dead worker runs out.
    await useSendingSettings(ctx, { ...FAST_SETTINGS, delay: { ...FAST_SETTINGS.delay, email_delay: 1 } });
    const users: Array<{ profileId: string; mailbox: string; jobId: string }> = [];
    for (let i = 0; i < 2; i++) {
      const account = await signedInUser(ctx);
      const profileId = await profileIdOf(ctx, account.email);
      const mailbox = `takeover${i}.${profileId.slice(0, 6)}@gmail.com`;
      await linkMailboxForTest(ctx, account.cookie, sandbox, mailbox);
      await setBalance(ctx, profileId, 30);
      const resumeId = await uploadedResumeId(ctx, account.cookie, samplePdf(20_000));
      const res = await schedule(ctx, account.cookie, { resumeId, subject: 'طلب توظيف', content: '<p>{{company_name}}</p>' });
      expect(res.statusCode, res.body).toBe(201);
      users.push({ profileId, mailbox, jobId: res.json().jobId as string });
    }
    const jobIds = users.map((u) => u.jobId);
    const sentCount = async (profileId: string) =>
      rowsOf<{ n: number }>(
        await ctx.db.execute(sql`select count(*)::int as n from deliveries where profile_id = ${profileId} and status = 'sent'`),
      )[0]?.n ?? 0;
    // Lease, sweep and poll as in production: only the settings cache is shorter, for the speed-up at the end.
    const options: SendingWorkerOptions = { settingsTtlMs: 200 };

    const first = await startWorker(options, 'debug');
    await waitFor(async () => (await Promise.all(users.map((u) => sentCount(u.profileId)))).every((n) => n >= 2), 30_000, 'both sending');
    const second = await startWorker(options, 'debug');
    // The second finds both mailboxes busy: the first holds them.
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    expect(second.held).toEqual([]);
    expect(new Set(first.held)).toEqual(new Set(users.map((u) => u.profileId)));

    const killedAt = Date.now();
    first.kill('SIGKILL');
    await once(first, 'exit');
    // Taken over: the second worker's first send for each mailbox (only it can send after the kill).
    const takeoverMs = await waitFor(
      async () => {
        const firsts = await Promise.all(
          users.map(async (u) => {
            const [row] = rowsOf<{ at: number | null }>(
              await ctx.db.execute(sql`
                select (extract(epoch from min(sent_at)) * 1000)::float8 as at from deliveries
                where profile_id = ${u.profileId} and status = 'sent' and sent_at >= ${new Date(killedAt)}`),
            );
            return row?.at ?? null;
          }),
        );
        return firsts.every((at) => at !== null) ? Math.max(...(firsts as number[])) - killedAt : undefined;
      },
      60_000,
      'the second worker sending for both mailboxes',
    );
    process.stdout.write(`worker takeover after SIGKILL: ${(takeoverMs / 1000).toFixed(1)} s\n`);
    expect(takeoverMs).toBeLessThanOrEqual(30_000);
    expect(new Set(second.held)).toEqual(new Set(users.map((u) => u.profileId)));

    // The rest at full speed, then the books.
    await useSendingSettings(ctx);
    await waitFor(
      async () => {
        const jobs = await ctx.db.select({ status: sendJobs.status }).from(sendJobs).where(inArray(sendJobs.id, jobIds));
        return jobs.every((j) => j.status === 'completed' || j.status === 'failed');
      },
      60_000,
      'all jobs finished',
    );
    for (const u of users) {
      const rows = await ctx.db.select().from(deliveries).where(eq(deliveries.jobId, u.jobId));
      const outbox = sandbox.sentMessages(u.mailbox);
      expect(new Set(outbox.map((m) => m.to)).size).toBe(outbox.length);
      const sent = rows.filter((r) => r.status === 'sent');
      const failed = rows.filter((r) => r.status === 'failed');
      expect(sent.length + failed.length).toBe(30);
      // At most the one message in the provider's hands when the worker died, failed as interrupted.
      expect(failed.length).toBeLessThanOrEqual(1);
      expect(failed.every((r) => r.lastError === deliveryFailureText.leaseExpired)).toBe(true);
      const [profile] = await ctx.db.select().from(profiles).where(eq(profiles.id, u.profileId));
      expect([profile?.messagesRemaining, profile?.sentMessages]).toEqual([failed.length, sent.length]);
    }
  }, 150_000);
});

import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { deliveryFailureText } from '@sira/shared/messages/sending';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makePdf } from '../../apps/server/test-support/pdf';
import { HttpClient } from './http-client';
import { bundle, freePortPair, memoryOf, type SiraProcess, startProcess, stopAll, waitForLog, waitUntilAnswering } from './processes';

/**
 * Sira as production runs it, in staging mode (ADR 009): PostgreSQL, two web servers, two sending workers and
 * the sandboxes process, each its own process started from the built bundles. A person registers, pays,
 * links Gmail and sends a job of 600 messages; the worker sending it is killed with SIGKILL half-way. Every
 * message must reach its company exactly once, the books must balance, and the other worker must take the
 * mailbox over. Runs in `npm test` when TEST_DATABASE_URL is set (scripts/test.mjs; CI always sets it).
 */

const databaseUrl = process.env.TEST_DATABASE_URL;
const JOB_SIZE = 600;
const PACKAGE = 'باقة المحترف'; // 600 messages
const ADMIN = { email: 'admin@cluster.sira.example', password: 'cluster-admin-password' };
const APP_SECRET = randomBytes(32).toString('base64url');

const processes: SiraProcess[] = [];
let admin: pg.Client;
let db: pg.Client;
let databaseName = '';
let folder = '';

/** Each process has its own data folder, as on separate hosts: nothing they share may live on a disk. */
const dataDirOf = (name: string) => join(folder, name);

/** A CV the upload's check reads (text, an e-mail, a phone), padded to a real CV's size. */
const pdf = (size: number) =>
  makePdf(['Curriculum Vitae - Sara Ahmed', 'Riyadh, Saudi Arabia', 'sara.ahmed@example.com', '055 123 4567'], size);

async function waitFor<T>(what: string, check: () => Promise<T | undefined | false>, ms = 30_000, every = 100): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await check();
    if (value !== undefined && value !== false) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, every));
  }
}

/** Reads `event:` names from /api/events until aborted. */
function listen(client: HttpClient, onEvent: (name: string) => void): AbortController {
  const abort = new AbortController();
  void (async () => {
    const res = await fetch(`${client.base}/api/events`, { headers: { cookie: client.cookieHeader() }, signal: abort.signal });
    if (!res.ok || !res.body) throw new Error(`/api/events answered ${res.status}`);
    const decoder = new TextDecoder();
    let buffered = '';
    for await (const chunk of res.body) {
      buffered += decoder.decode(chunk as Uint8Array, { stream: true });
      const lines = buffered.split('\n');
      buffered = lines.pop() ?? '';
      for (const line of lines) if (line.startsWith('event: ')) onEvent(line.slice(7).trim());
    }
  })().catch(() => undefined);
  return abort;
}

const describeCluster = databaseUrl ? describe : describe.skip;

describeCluster('a cluster in staging mode: two servers, two workers, the sandboxes and PostgreSQL', () => {
  let sandboxUrl = '';
  let server1 = '';
  let server2 = '';
  let web: SiraProcess[] = [];
  let workers: SiraProcess[] = [];

  beforeAll(async () => {
    for (const name of ['server', 'worker', 'sandboxes'] as const) {
      if (!existsSync(bundle(name))) throw new Error(`${bundle(name)} is missing: run \`npm run build\` first`);
    }
    folder = mkdtempSync(join(tmpdir(), 'sira-cluster-'));
    databaseName = `sira_cluster_${process.pid}_${Date.now()}`;
    admin = new pg.Client({ connectionString: databaseUrl });
    await admin.connect();
    await admin.query(`create database ${databaseName}`);
    const url = new URL(databaseUrl as string);
    url.pathname = `/${databaseName}`;

    const [sandboxPort, port1, port2] = [await freePortPair(), await freePortPair(), await freePortPair()];
    sandboxUrl = `http://127.0.0.1:${sandboxPort}`;
    server1 = `http://127.0.0.1:${port1}`;
    server2 = `http://127.0.0.1:${port2}`;
    const common = {
      NODE_ENV: 'production',
      DATABASE_URL: url.toString(),
      APP_SECRET,
      PUBLIC_BASE_URL: server1,
      SANDBOX_URL: sandboxUrl,
      LOG_LEVEL: 'warn',
    };

    const sandboxes = startProcess('sandboxes', bundle('sandboxes'), {
      SANDBOX_URL: sandboxUrl,
      PUBLIC_BASE_URL: server1,
      LOG_LEVEL: 'warn',
    });
    processes.push(sandboxes);
    const serverEnv = (port: number, name: string) => ({
      ...common,
      PORT: String(port),
      RUN_WORKER: 'false',
      DATA_DIR: dataDirOf(name),
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
    });
    // One server migrates first; the others start once it is ready (two migrating at once could collide).
    const first = startProcess('server 1', bundle('server'), serverEnv(port1, 'server-1'));
    processes.push(first);
    await waitUntilAnswering(sandboxes, `${sandboxUrl}/healthz`);
    await waitUntilAnswering(first, `${server1}/readyz`, 60_000);
    const second = startProcess('server 2', bundle('server'), serverEnv(port2, 'server-2'));
    // Workers log at debug: each says which mailbox it holds ("mailbox run holds the mailbox").
    workers = ['worker A', 'worker B'].map((name) =>
      startProcess(name, bundle('worker'), { ...common, DATA_DIR: dataDirOf(name), LOG_LEVEL: 'debug' }),
    );
    processes.push(second, ...workers);
    web = [first, second];
    await waitUntilAnswering(second, `${server2}/readyz`, 60_000);
    for (const worker of workers) await waitForLog(worker, 'worker started');

    db = new pg.Client({ connectionString: url.toString() });
    await db.connect();
  }, 120_000);

  afterAll(async () => {
    await stopAll(processes);
    await db?.end();
    if (admin) {
      await admin.query(`drop database if exists ${databaseName} with (force)`).catch(() => undefined);
      await admin.end();
    }
    if (folder) rmSync(folder, { recursive: true, force: true });
  }, 60_000);

  it('sends every message exactly once through a worker killed with SIGKILL, and the books balance', async () => {
    const started = Date.now();
    // Staging never passes for production.
    const ready = await fetch(`${server2}/readyz`);
    expect(ready.headers.get('x-sira-environment')).toBe('staging');
    expect(await ready.json()).toEqual({ status: 'ready', environment: 'staging' });
    const atRest = Object.fromEntries([...web, ...workers].map((p) => [p.name, memoryOf(p.pid)]));

    // The administrator lets messages leave back to back, and fills the package's list.
    const staff = new HttpClient(server1);
    await staff.json('POST', '/api/auth/sign-in', ADMIN);
    await staff.json('PUT', '/api/admin/sending/settings', {
      delay: {
        batch_size: 100,
        batch_delay: 1,
        email_delay: 0,
        max_per_minute: 100_000,
        max_per_hour: 10_000_000,
        retry_delay: 0,
        max_retries: 3,
      },
      dailyCaps: { gmail: 100_000, workspace: 100_000 },
    });
    const { rows: packageRows } = await db.query<{ id: string }>('select id from packages where name = $1', [PACKAGE]);
    const packageId = packageRows[0]?.id as string;
    await db.query(
      `insert into companies (name, email, sector, location, package_id)
       select 'شركة ' || n, 'jobs' || n || '@company' || n || '.example', 'تقنية', 'الرياض', $1 from generate_series(1, $2::int) n`,
      [packageId, JOB_SIZE],
    );

    // Register on server 1; the confirmation e-mail arrives at the sandboxes' mail server.
    const email = `applicant.${Date.now()}@sira.example`;
    const password = 'applicant-password-1';
    const user = new HttpClient(server1);
    await user.json(
      'POST',
      '/api/auth/register',
      { email, phone: '0512345678', password, confirmPassword: password, fullName: 'سارة أحمد', acceptTerms: true },
      201,
    );
    const link = await waitFor('the confirmation e-mail', async () => {
      const { messages } = (await (await fetch(`${sandboxUrl}/mail/_control/messages`)).json()) as {
        messages: Array<{ to: string[]; text: string | null }>;
      };
      return messages.find((m) => m.to.includes(email))?.text?.match(/https?:\/\/\S+/)?.[0];
    });
    expect((await user.request('GET', link)).status).toBeLessThan(400);
    await user.json('POST', '/api/auth/sign-in', { email, password });

    // Pay on the Paylink sandbox's page; the callback page's check and the webhook both reach the servers.
    const { url: payUrl } = await user.json<{ url: string }>('POST', '/api/billing/invoices', { packageId }, 201);
    expect(payUrl.startsWith(`${sandboxUrl}/paylink/pay/`)).toBe(true);
    expect((await fetch(payUrl)).status).toBe(200);
    const paid = await fetch(`${payUrl}/pay`, { method: 'POST', redirect: 'manual' });
    const callback = new URL(paid.headers.get('location') ?? '');
    expect(callback.origin).toBe(server1);
    await user.json('POST', '/api/billing/invoices/confirm', { reference: callback.searchParams.get('transactionNo') });
    const bought = (await user.json<{ messagesRemaining: number }>('GET', '/api/users/me')).messagesRemaining;
    expect(bought).toBeGreaterThanOrEqual(JOB_SIZE);

    // Link Gmail through the Google sandbox's consent page.
    const gmail = `applicant.${Date.now()}@gmail.com`;
    const { url: consentUrl } = await user.json<{ url: string }>('POST', '/api/mailbox/connect');
    expect(consentUrl.startsWith(`${sandboxUrl}/google/`)).toBe(true);
    expect((await fetch(consentUrl)).status).toBe(200);
    const consent = new URL(consentUrl);
    const form = new URLSearchParams(consent.search);
    form.set('decision', 'approve');
    form.set('email', gmail);
    form.set('grant_send', '1');
    const decided = await fetch(`${consent.origin}${consent.pathname}/decision`, { method: 'POST', body: form, redirect: 'manual' });
    const linked = await user.request('GET', decided.headers.get('location') ?? '');
    expect(linked.headers.get('location')).toContain('mailbox=linked');

    // Upload the résumé, watch live progress on server 2, and send from there.
    const resume = pdf(120_000);
    const upload = new FormData();
    upload.append('file', new Blob([new Uint8Array(resume)], { type: 'application/pdf' }), 'سيرتي.pdf');
    const { id: resumeId } = await user.json<{ id: string }>('POST', '/api/sending/resumes', upload, 201);
    const onServer2 = user.on(server2);
    const events: string[] = [];
    const stream = listen(onServer2, (name) => events.push(name));
    await waitFor('the live stream', async () => events.includes('ready'));
    const { jobId } = await onServer2.json<{ jobId: string }>(
      'POST',
      '/api/sending/jobs',
      // Any time: the journey runs at whatever hour CI does, outside Saudi working hours too.
      {
        resumeId,
        subject: 'طلب توظيف لدى {{company_name}}',
        content: '<p>إلى فريق التوظيف في {{company_name}}</p>',
        sendWindow: 'any_time',
      },
      201,
    );
    const sendingStarted = Date.now();

    const count = async (where: string) =>
      (await db.query<{ n: number }>(`select count(*)::int as n from deliveries where job_id = $1 and ${where}`, [jobId])).rows[0]?.n ?? 0;
    // Mid-batch (the admin's batches are 100): some messages are in Gmail's hands when the worker dies.
    await waitFor('250 messages sent', async () => (await count(`status = 'sent'`)) >= 250, 60_000, 20);
    // The worker holding the mailbox (the last to say so) dies mid-job.
    const holder = workers
      .flatMap((w) =>
        w
          .records()
          .filter((r) => r.msg === 'sending: mailbox run holds the mailbox')
          .map((r) => ({ w, time: Number(r.time) })),
      )
      .sort((a, b) => a.time - b.time)
      .at(-1)?.w;
    if (!holder) throw new Error('no worker said it holds the mailbox');
    const survivor = workers.find((w) => w !== holder) as SiraProcess;
    const sentBeforeKill = await count(`status = 'sent'`);
    const holderAtKill = memoryOf(holder.pid);
    const killedAt = Date.now();
    holder.child.kill('SIGKILL');
    await new Promise((resolve) => holder.child.once('exit', resolve));
    expect(await count(`status = 'sent'`)).toBeLessThan(JOB_SIZE);

    const takeoverMs = await waitFor(
      'the other worker sending',
      async () => {
        const { rows } = await db.query<{ at: number | null }>(
          `select (extract(epoch from min(sent_at)) * 1000)::float8 as at from deliveries
           where job_id = $1 and status = 'sent' and sent_at >= $2`,
          [jobId, new Date(killedAt)],
        );
        return rows[0]?.at ? rows[0].at - killedAt : undefined;
      },
      60_000,
      50,
    );
    await waitFor(
      'the job to finish',
      async () => {
        const { rows } = await db.query<{ status: string }>('select status from send_jobs where id = $1', [jobId]);
        return rows[0]?.status === 'completed' || rows[0]?.status === 'failed';
      },
      60_000,
    );
    const sendingMs = Date.now() - sendingStarted;
    const atPeak = Object.fromEntries([...web, survivor].map((p) => [p.name, memoryOf(p.pid)]));
    stream.abort();

    // Exactly once at the provider: no company received two.
    const { messages } = (await (await fetch(`${sandboxUrl}/google/_control/sent?mailbox=${encodeURIComponent(gmail)}`)).json()) as {
      messages: Array<{ id: string; to: string }>;
    };
    const recipients = messages.map((m) => m.to);
    const duplicates = recipients.length - new Set(recipients).size;
    expect(duplicates).toBe(0);
    const { rows } = await db.query<{ recipient_email: string; status: string; last_error: string | null }>(
      'select recipient_email, status, last_error from deliveries where job_id = $1',
      [jobId],
    );
    expect(rows).toHaveLength(JOB_SIZE);
    const sent = rows.filter((r) => r.status === 'sent');
    const failed = rows.filter((r) => r.status === 'failed');
    expect(sent.length + failed.length).toBe(JOB_SIZE);
    // Only what the dead worker had in Gmail's hands failed, with the reason, never sent again.
    expect(failed.every((r) => r.last_error === deliveryFailureText.leaseExpired)).toBe(true);
    const delivered = new Set(recipients);
    expect(sent.every((r) => delivered.has(r.recipient_email))).toBe(true);
    const failedTo = new Set(failed.map((r) => r.recipient_email));
    expect(recipients.every((to) => sent.some((r) => r.recipient_email === to) || failedTo.has(to))).toBe(true);

    // The books: the job took JOB_SIZE from what was bought and every failure came back.
    const { rows: profileRows } = await db.query<{ messages_remaining: number; sent_messages: number }>(
      'select messages_remaining, sent_messages from profiles where email = $1',
      [email],
    );
    const remaining = profileRows[0]?.messages_remaining ?? Number.NaN;
    expect(remaining).toBe(bought - JOB_SIZE + failed.length);
    expect(sent.length + failed.length + (remaining - failed.length)).toBe(bought);
    expect(profileRows[0]?.sent_messages).toBe(sent.length);

    // The résumé each company received is the file uploaded, byte for byte (first, around the kill, last).
    for (const message of [messages[0], messages[sentBeforeKill + 1], messages.at(-1)]) {
      const attachment = await fetch(`${sandboxUrl}/google/mail/${encodeURIComponent(gmail)}/${message?.id}/attachments/0`);
      expect(Buffer.from(await attachment.arrayBuffer()).equals(resume)).toBe(true);
    }
    // Paylink's webhook reached PUBLIC_BASE_URL (server 1) too.
    const paylink = (await (await fetch(`${sandboxUrl}/paylink/_control/state`)).json()) as {
      deliveries: Array<{ status: number | null }>;
    };
    expect(paylink.deliveries.some((d) => d.status === 200)).toBe(true);
    // Live progress reached server 2 from the workers (LISTEN/NOTIFY).
    expect(events.filter((e) => e === 'sending').length).toBeGreaterThan(1);
    expect(takeoverMs).toBeLessThanOrEqual(30_000);

    const figures = {
      messages: JOB_SIZE,
      'accepted by Gmail sandbox': recipients.length,
      duplicates,
      sent: sent.length,
      'failed (interrupted, refunded)': failed.length,
      bought,
      remaining,
      'sent before SIGKILL': sentBeforeKill,
      'takeover after SIGKILL (s)': (takeoverMs / 1000).toFixed(1),
      'sending (s)': (sendingMs / 1000).toFixed(1),
      'whole test (s)': ((Date.now() - started) / 1000).toFixed(1),
      'live events on server 2': events.filter((e) => e === 'sending').length,
    };
    const memory = Object.fromEntries(
      [...web, ...workers].map((p) => [
        p.name,
        `rest ${atRest[p.name]?.rssMb} MB, peak ${(p === holder ? holderAtKill : atPeak[p.name])?.peakMb} MB${p === holder ? ' (killed mid-job)' : ''}`,
      ]),
    );
    process.stdout.write(
      `\nCluster figures\n${JSON.stringify(figures, null, 2)}\nMemory (VmRSS at rest, VmHWM at the end)\n${JSON.stringify(memory, null, 2)}\n`,
    );
  }, 180_000);
});

// The sending worker at 100× (docs/benchmarks.md "Scale"): 10,000 mailboxes sending at once, each at a
// Gmail-safe pace of one message a minute (10,000 / 60 s ≈ 167 messages/s across a deployment), each with a
// 1 MB résumé of its own, one worker process (bench/scale-worker-process.ts) on PostgreSQL against the Google
// sandbox in this process. The run starts in the steady state: each mailbox sent its last message at a random
// moment of the last minute, so messages fall due evenly instead of all at once. After one minute (every résumé
// the worker reads then is read for the first time) it measures, per message sent: résumé bytes the worker read
// from PostgreSQL, the worker's CPU and that of the PostgreSQL backends serving it; the connections it held;
// NOTIFYs on the live-update channel (which every web and worker process receives).
//   TEST_DATABASE_URL=postgres://… npm run bench:scale
// SIRA_SCALE_MAILBOXES (10000), SIRA_SCALE_CV_KB (1024), SIRA_SCALE_EMAIL_DELAY (60 s), SIRA_SCALE_WINDOW (120 s),
// SIRA_SCALE_WORKER_OPTIONS (JSON), and SENDING_CACHE_MB / DATABASE_POOL_SIZE (given to the worker) change the set-up.
import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { DEFAULT_EMAIL_DELAY_SETTINGS } from '@sira/shared';
import { build } from 'esbuild';
import pg from 'pg';
import { afterAll, beforeAll, it } from 'vitest';
import type { DatabaseHandle } from '../apps/server/src/db/client';
import { migrateDatabase } from '../apps/server/src/db/migrate';
import { seedDatabase } from '../apps/server/src/db/seed/seed';
import { createSecretBox } from '../apps/server/src/lib/secret-box';
import { writeSetting } from '../apps/server/src/lib/settings';
import { sized } from './bench-size';
import { inProcessSandbox, scaleUsers, staggerLastSends } from './scale-fixtures';
import { explainPick } from './scale-pick-plan';
import { onScratchPostgres } from './scratch-database';
import { BENCH_APP_SECRET, benchPackage, benchPdf } from './sending-fixtures';

const MAILBOXES = sized(10_000, 20, process.env.SIRA_SCALE_MAILBOXES);
const CV_BYTES = sized(1024, 64, process.env.SIRA_SCALE_CV_KB) * 1024;
const EMAIL_DELAY_S = sized(60, 1, process.env.SIRA_SCALE_EMAIL_DELAY);
const WINDOW_S = sized(120, 3, process.env.SIRA_SCALE_WINDOW);
/** Messages waiting per mailbox: more than the run can send, so no mailbox runs out. */
const PER_MAILBOX = 20;
const APPLICATION_NAME = 'sira_scale_worker';
const root = new URL('..', import.meta.url).pathname;
const lines: string[] = [];
const say = (line: string) => {
  lines.push(line);
  console.log(line);
};

let workerBundle: string;

beforeAll(async () => {
  workerBundle = join(root, 'dist', 'bench', 'scale-worker-process.mjs');
  await build({
    entryPoints: [join(root, 'bench', 'scale-worker-process.ts')],
    outfile: workerBundle,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    logLevel: 'warning',
    plugins: [
      {
        name: 'external-packages',
        setup(b) {
          b.onResolve({ filter: /^[^./]/ }, (args) => (args.path.startsWith('@sira/') ? undefined : { path: args.path, external: true }));
        },
      },
    ],
  });
});

afterAll(() => {
  console.log(`\nScale benchmark\n${lines.join('\n')}`);
});

interface WorkerReport {
  at: number;
  cpuSeconds: number;
  mainThreadCpuSeconds: number;
  reads: { count: number; bytes: number; rereads: number; rereadBytes: number };
  rssMb: number;
  peakRssMb: number;
}

/** CPU seconds a process has used (utime + stime from /proc), or undefined once it is gone. */
function processCpuSeconds(pid: number): number | undefined {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return undefined;
  }
}

/**
 * The worker's connections, sampled: how many it holds, and the CPU of the PostgreSQL backends serving them
 * (each backend's CPU counted from the first time it is seen to the last; a connection opened and closed between
 * two samples is missed).
 */
class ConnectionWatch {
  private readonly backends = new Map<number, { first: number; last: number }>();
  private timer: NodeJS.Timeout | undefined;
  samples: number[] = [];
  /** Of those, how many were running a statement or inside a transaction. */
  busy: number[] = [];

  constructor(
    private readonly admin: pg.Client,
    private readonly database: string,
  ) {}

  start(): void {
    const sample = async () => {
      const { rows } = await this.admin.query<{ pid: number; busy: boolean }>(
        `select pid, state not in ('idle') as busy from pg_stat_activity where datname = $1 and application_name = $2`,
        [this.database, APPLICATION_NAME],
      );
      this.samples.push(rows.length);
      this.busy.push(rows.filter((r) => r.busy).length);
      for (const { pid } of rows) {
        const cpu = processCpuSeconds(pid);
        if (cpu === undefined) continue;
        const seen = this.backends.get(pid);
        if (seen) seen.last = cpu;
        else this.backends.set(pid, { first: cpu, last: cpu });
      }
      this.timer = setTimeout(() => void sample().catch(() => undefined), 250);
    };
    void sample();
  }

  /** CPU seconds of the worker's backends so far (since each was first seen). */
  cpuSeconds(): number {
    for (const [pid, seen] of this.backends) seen.last = processCpuSeconds(pid) ?? seen.last;
    let total = 0;
    for (const seen of this.backends.values()) total += seen.last - seen.first;
    return total;
  }

  stop(): void {
    clearTimeout(this.timer);
  }
}

async function measure(handle: DatabaseHandle, url: string): Promise<void> {
  const dataDir = mkdtempSync(join(tmpdir(), 'sira-bench-scale-'));
  const sandbox = await inProcessSandbox();
  const databaseName = new URL(url).pathname.slice(1);
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  let worker: ChildProcess | undefined;
  try {
    const setupStarted = performance.now();
    await migrateDatabase(handle);
    await seedDatabase(handle.db, { publicBaseUrl: 'http://localhost:3000', demoContent: false });
    // The product's pacing with a message a minute per mailbox; the daily cap (400 for gmail.com) is not reached.
    await writeSetting(handle.db, 'email_delay_settings', { ...DEFAULT_EMAIL_DELAY_SETTINGS, email_delay: EMAIL_DELAY_S });
    const packageId = await benchPackage(handle.db, PER_MAILBOX);
    await scaleUsers(handle.db, {
      count: MAILBOXES,
      packageId,
      pdf: benchPdf(CV_BYTES),
      secretBox: createSecretBox(BENCH_APP_SECRET),
      sandbox,
      tokenHours: 3,
    });
    say(
      `${MAILBOXES} mailboxes × ${PER_MAILBOX} messages, a ${CV_BYTES / 1024} KB résumé each, email_delay ${EMAIL_DELAY_S} s ` +
        `(${((MAILBOXES / EMAIL_DELAY_S) | 0).toLocaleString('en')} messages/s wanted); set-up ${((performance.now() - setupStarted) / 1000).toFixed(0)} s`,
    );

    // Every NOTIFY on the live-update channel, as each listening process receives it.
    const listener = new pg.Client({ connectionString: url });
    await listener.connect();
    let notifies = 0;
    listener.on('notification', () => {
      notifies++;
    });
    await listener.query('LISTEN sira_events');

    await staggerLastSends(handle.db, packageId, EMAIL_DELAY_S);
    const connections = new ConnectionWatch(admin, databaseName);
    connections.start();
    const workerUrl = new URL(url);
    workerUrl.searchParams.set('application_name', APPLICATION_NAME);
    worker = spawn(process.execPath, [workerBundle], {
      cwd: root,
      env: {
        ...process.env,
        DATABASE_URL: workerUrl.toString(),
        APP_SECRET: BENCH_APP_SECRET,
        DATA_DIR: dataDir,
        GOOGLE_SANDBOX_URL: sandbox.baseUrl,
        SIRA_WORKER_OPTIONS: process.env.SIRA_SCALE_WORKER_OPTIONS ?? '{}',
      },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let last: WorkerReport | undefined;
    const reports = createInterface({ input: worker.stdout as NodeJS.ReadableStream });
    reports.on('line', (line) => {
      last = JSON.parse(line) as WorkerReport;
    });
    const exited = once(worker, 'exit');
    const started = Date.now();
    while (!last) await new Promise((resolve) => setTimeout(resolve, 50));

    const sent = () => sandbox.sentMessages().length;
    // One pacing interval: every mailbox due in it has sent once, each résumé read in it was read for the first time.
    await new Promise((resolve) => setTimeout(resolve, EMAIL_DELAY_S * 1000));
    const warm = { report: last as WorkerReport, sent: sent() };
    say(
      `first ${EMAIL_DELAY_S} s: ${warm.sent} messages (${(warm.sent / ((warm.report.at - started) / 1000)).toFixed(1)}/s), ` +
        `${warm.report.reads.count} résumé reads (${(warm.report.reads.bytes / 2 ** 30).toFixed(2)} GiB)`,
    );

    const from = {
      report: last as WorkerReport,
      sent: sent(),
      notifies,
      backendCpu: connections.cpuSeconds(),
      samples: connections.samples.length,
    };
    await new Promise((resolve) => setTimeout(resolve, WINDOW_S * 1000));
    const to = { report: last as WorkerReport, sent: sent(), notifies, backendCpu: connections.cpuSeconds() };
    const windowSamples = connections.samples.slice(from.samples);
    const windowBusy = connections.busy.slice(from.samples);
    const mean = (values: number[]) => values.reduce((a, b) => a + b, 0) / Math.max(1, values.length);
    const seconds = (to.report.at - from.report.at) / 1000;
    const sends = to.sent - from.sent;
    const per = (value: number) => (sends > 0 ? value / sends : Number.NaN);
    const reads = to.report.reads.count - from.report.reads.count;
    const readBytes = to.report.reads.bytes - from.report.reads.bytes;
    const rereadBytes = to.report.reads.rereadBytes - from.report.reads.rereadBytes;
    const notifyCount = to.notifies - from.notifies;
    say(
      `next ${seconds.toFixed(0)} s: ${sends} messages (${(sends / seconds).toFixed(1)}/s of ${(MAILBOXES / EMAIL_DELAY_S).toFixed(1)}/s wanted; ` +
        `${readBytes === 0 ? 'no résumé read' : `${((100 * rereadBytes) / readBytes).toFixed(0)} % of the résumé bytes read were read before`})`,
    );
    const ms = (cpuSeconds: number) => `${(per(cpuSeconds) * 1000).toFixed(2)} ms`;
    say(
      [
        `per message: ${per(reads).toFixed(3)} résumé reads, ${(per(readBytes) / 1024).toFixed(0)} KiB read (re-reads ${(per(rereadBytes) / 1024).toFixed(0)} KiB)`,
        `  worker CPU ${ms(to.report.cpuSeconds - from.report.cpuSeconds)} (main thread ${ms(to.report.mainThreadCpuSeconds - from.report.mainThreadCpuSeconds)}), ` +
          `its PostgreSQL backends ${ms(to.backendCpu - from.backendCpu)}`,
        `  connections open: max ${Math.max(...windowSamples)}, mean ${mean(windowSamples).toFixed(1)}; busy: max ${Math.max(...windowBusy)}, mean ${mean(windowBusy).toFixed(1)}`,
        `  NOTIFY ${per(notifyCount).toFixed(2)} per message, ${(notifyCount / seconds).toFixed(1)}/s here; at ${(MAILBOXES / EMAIL_DELAY_S).toFixed(0)} messages/s ` +
          `${((per(notifyCount) * MAILBOXES) / EMAIL_DELAY_S).toFixed(0)}/s, each to every listening process`,
        `  worker RSS ${to.report.rssMb.toFixed(0)} MB, peak ${to.report.peakRssMb.toFixed(0)} MB`,
      ].join('\n'),
    );
    connections.stop();
    worker.kill('SIGTERM');
    await exited;
    worker = undefined;
    await listener.end();
    say(await explainPick(handle, MAILBOXES));
  } finally {
    worker?.kill('SIGKILL');
    await admin.end();
    await sandbox.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

it.runIf(process.env.TEST_DATABASE_URL)(`the worker at ${MAILBOXES.toLocaleString('en')} mailboxes`, { timeout: 3_600_000 }, async () => {
  await onScratchPostgres((handle, url) => measure(handle, url));
});

import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { DEFAULT_DAILY_CAPS } from '@sira/shared';
import type { SendingSettings } from '@sira/shared/schemas/sending-admin';
import { eq, sql } from 'drizzle-orm';
import pg from 'pg';
import { expect } from 'vitest';
import { parseEnv } from '../src/config/env';
import { type Database, rowsOf } from '../src/db/client';
import { profiles } from '../src/db/schema';
import type { BackgroundContext } from '../src/lib/background-task';
import { writeSetting } from '../src/lib/settings';
import { DAILY_CAPS_KEY, DELAY_SETTINGS_KEY } from '../src/modules/sending/sending-settings';
import type { Clock } from '../src/modules/sending/worker/clock';
import { RECORDING_STATEMENT } from '../src/modules/sending/worker/queue';
import type { SendingWorkerOptions } from '../src/modules/sending/worker/sending-worker';
import { TEST_APP_SECRET, type TestContext } from './app';
import { withDatabase } from './global-setup';
import { makePdf } from './pdf';
import { multipart } from './uploads';

// Test helpers of the sending engine: résumés, settings, a worker context over the test app, and waiting.

/** A data folder of its own (a host's DATA_DIR), outside the working tree. */
export const tempDataDir = () => mkdtempSync(join(tmpdir(), 'sira-sending-'));

/** The test app's environment with its own data folder. */
export const testEnvWithDataDir = (dataDir: string) => parseEnv({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DATA_DIR: dataDir });

/**
 * A one-page CV a PDF reader opens, with an e-mail address and a Saudi mobile number in its text (the upload's
 * check finds nothing to warn about), of exactly `size` bytes.
 */
export function samplePdf(size = 2048): Buffer {
  return makePdf(['Curriculum Vitae - Sara Ahmed, accountant', 'Riyadh, Saudi Arabia', 'sara.ahmed@example.com', '055 123 4567'], size);
}

export async function uploadResume(ctx: TestContext, cookie: string, content: Buffer, filename = 'سيرتي الذاتية.pdf') {
  const body = multipart([{ name: 'file', filename, content }]);
  return ctx.app.inject({ method: 'POST', url: '/api/sending/resumes', headers: { cookie, ...body.headers }, payload: body.payload });
}

export async function uploadedResumeId(ctx: TestContext, cookie: string, content: Buffer = samplePdf()): Promise<string> {
  const res = await uploadResume(ctx, cookie, content);
  expect(res.statusCode, res.body).toBe(201);
  return (res.json() as { id: string }).id;
}

/**
 * Schedules a send through the API. Tests run at any hour, so a send is "any time" unless the test chooses
 * working hours (the sending window has its own tests).
 */
export async function schedule(
  ctx: TestContext,
  cookie: string,
  body: { resumeId: string; subject: string; content: string; sendWindow?: 'working_hours' | 'any_time' },
) {
  return ctx.app.inject({ method: 'POST', url: '/api/sending/jobs', headers: { cookie }, payload: { sendWindow: 'any_time', ...body } });
}

export async function profileIdOf(ctx: TestContext, email: string): Promise<string> {
  const [row] = await ctx.db.select({ id: profiles.id }).from(profiles).where(eq(profiles.email, email));
  if (!row) throw new Error(`no profile for ${email}`);
  return row.id;
}

export async function setBalance(ctx: TestContext, profileId: string, balance: number): Promise<void> {
  await ctx.db.update(profiles).set({ messagesRemaining: balance }).where(eq(profiles.id, profileId));
}

export async function balanceOf(ctx: TestContext, profileId: string): Promise<number> {
  const [row] = await ctx.db.select({ n: profiles.messagesRemaining }).from(profiles).where(eq(profiles.id, profileId));
  return row?.n ?? Number.NaN;
}

/** No waiting between sends and caps out of the way: tests about outcomes, not pacing. */
export const FAST_SETTINGS: SendingSettings = {
  delay: {
    batch_size: 100_000,
    batch_delay: 0,
    email_delay: 0,
    max_per_minute: 100_000,
    max_per_hour: 10_000_000,
    retry_delay: 0,
    max_retries: 3,
  },
  dailyCaps: { gmail: 100_000, workspace: 100_000, outlook: 270, microsoft365: 1800, smtp: 300 },
};

export async function useSendingSettings(ctx: TestContext, settings: SendingSettings = FAST_SETTINGS): Promise<void> {
  await writeSetting(ctx.db, DELAY_SETTINGS_KEY, settings.delay);
  await writeSetting(ctx.db, DAILY_CAPS_KEY, settings.dailyCaps ?? DEFAULT_DAILY_CAPS);
}

/** What the worker gets from the server: the test app's own parts. */
export function backgroundContextOf(ctx: TestContext): BackgroundContext {
  return {
    env: ctx.app.env,
    db: ctx.db,
    dbKind: ctx.app.dbKind,
    events: ctx.app.events,
    secretBox: ctx.app.secretBox,
    providers: ctx.app.providers,
    mailboxes: ctx.app.mailboxes,
    publicBaseUrl: ctx.app.publicBaseUrl,
    log: ctx.app.log,
  };
}

/** Polls until `check` returns a value (not undefined/false), or fails after `timeoutMs`. */
export async function waitFor<T>(check: () => Promise<T | undefined | false>, timeoutMs = 15_000, what = 'condition'): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value !== undefined && value !== false) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

/**
 * A provider call the Google sandbox keeps on the wire until the test lets it go (GoogleFault.hold): `held`
 * resolves once the call arrived, `release()` lets the sandbox answer it. Nothing here waits on a clock.
 */
export function heldCall() {
  let release = () => {};
  let onHeld = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  const held = new Promise<void>((resolve) => {
    onHeld = resolve;
  });
  return { hold: { onHeld, release: released }, held, release };
}

/** Delivery counts of one user by status. */
export async function deliveryCounts(ctx: TestContext, profileId: string): Promise<Record<string, number>> {
  const rows = rowsOf<{ status: string; n: number }>(
    await ctx.db.execute(sql`select status, count(*)::int as n from deliveries where profile_id = ${profileId} group by status`),
  );
  return Object.fromEntries(rows.map((r) => [r.status, r.n]));
}

/** A logger for the worker under test that keeps its warnings and errors, so a test can assert on them. */
export function recordingLogger() {
  const entries: Array<{ level: 'warn' | 'error' | 'fatal'; obj: unknown; msg?: string }> = [];
  const noop = () => undefined;
  const log = {
    level: 'info',
    silent: noop,
    trace: noop,
    debug: noop,
    info: noop,
    warn: (obj: unknown, msg?: string) => entries.push({ level: 'warn', obj, msg }),
    error: (obj: unknown, msg?: string) => entries.push({ level: 'error', obj, msg }),
    fatal: (obj: unknown, msg?: string) => entries.push({ level: 'fatal', obj, msg }),
    child: () => log,
  };
  return { log: log as unknown as BackgroundContext['log'], entries };
}

/**
 * The same database, except that the worker's statement recording provider answers fails its first `times`
 * runs the way a dropped connection does — fault injection for the worker's retry path; the statement itself
 * is not touched. The worker runs it as a named statement (db/hot-statements.ts): on PostgreSQL a named query
 * on the pool, on PGlite a protocol exchange naming it.
 */
/**
 * The database, with `hook` run once right after the first statement named `name` answers (PostgreSQL only:
 * the hook uses another connection of the pool, where PGlite's single connection is still busy).
 */
export function afterStatement(db: Database, name: string, hook: () => Promise<void>): Database {
  const client = (db as { $client?: unknown }).$client;
  if (!(client instanceof pg.Pool)) throw new Error('afterStatement needs PostgreSQL');
  let pending = true;
  const hooked = new Proxy(client, {
    get(target, prop) {
      const value = Reflect.get(target, prop, target);
      if (typeof value !== 'function') return value;
      if (prop !== 'query') return value.bind(target);
      return async (config: unknown, ...rest: unknown[]) => {
        const result = await value.call(target, config, ...rest);
        if (pending && (config as { name?: string })?.name === name) {
          pending = false;
          await hook();
        }
        return result;
      };
    },
  });
  return new Proxy(db, {
    get(target, prop) {
      if (prop === '$client') return hooked;
      const value = Reflect.get(target, prop, target);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}

export function failingRecordWrites(db: Database, times: number): { db: Database; failures: () => number } {
  let failures = 0;
  const failNow = () => {
    if (failures >= times) return false;
    failures++;
    return true;
  };
  const dropped = () => Promise.reject(new Error('Connection terminated unexpectedly'));
  const isRecording = (name: string | undefined) => !!name?.startsWith(RECORDING_STATEMENT);
  const client = (db as { $client?: unknown }).$client as object;
  const failing = new Proxy(client, {
    get(target, prop) {
      const value = Reflect.get(target, prop, target);
      if (typeof value !== 'function') return value;
      if (prop === 'query' && client instanceof pg.Pool) {
        return (config: unknown, ...rest: unknown[]) =>
          isRecording((config as { name?: string })?.name) && failNow() ? dropped() : value.call(target, config, ...rest);
      }
      if (prop === 'execProtocol' && client instanceof PGlite) {
        return (message: Uint8Array, ...rest: unknown[]) =>
          Buffer.from(message).includes(RECORDING_STATEMENT) && failNow() ? dropped() : value.call(target, message, ...rest);
      }
      return value.bind(target);
    },
  });
  const wrapped = new Proxy(db, {
    get(target, prop) {
      if (prop === '$client') return failing;
      const value = Reflect.get(target, prop, target);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
  return { db: wrapped, failures: () => failures };
}

const workerEntry = fileURLToPath(new URL('./worker-process.ts', import.meta.url));
const repositoryRoot = fileURLToPath(new URL('../../../', import.meta.url));

/**
 * A sending worker in its own process (test-support/worker-process.ts) on the test context's database — another
 * host, with its own data folder. PostgreSQL only: PGlite is one process's database. The caller kills it.
 */
export interface WorkerProcess extends ChildProcess {
  /** The mailboxes (profile ids) this process said it holds, in order (a debug log line of sending-worker.ts). */
  held: string[];
}

export async function startWorkerProcess(
  ctx: TestContext,
  options: { sandboxUrl: string; dataDir: string; worker: SendingWorkerOptions; logLevel?: string },
): Promise<WorkerProcess> {
  const [current] = rowsOf<{ name: string }>(await ctx.db.execute(sql`select current_database() as name`));
  const url = withDatabase(process.env.TEST_DATABASE_URL as string, current?.name as string);
  const child = spawn(process.execPath, ['--import', 'tsx', workerEntry], {
    cwd: repositoryRoot,
    env: {
      ...process.env,
      DATABASE_URL: url,
      APP_SECRET: TEST_APP_SECRET,
      DATA_DIR: options.dataDir,
      GOOGLE_SANDBOX_URL: options.sandboxUrl,
      SIRA_WORKER_OPTIONS: JSON.stringify(options.worker),
      LOG_LEVEL: options.logLevel ?? 'warn',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  }) as WorkerProcess;
  child.held = [];
  let stderr = '';
  let partial = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr += chunk.toString();
    const lines = (partial + chunk.toString()).split('\n');
    partial = lines.pop() ?? '';
    for (const line of lines) {
      if (line.includes('mailbox run holds the mailbox')) child.held.push((JSON.parse(line) as { profileId: string }).profileId);
    }
  });
  try {
    const [line] = (await Promise.race([
      once(child.stdout as NodeJS.ReadableStream, 'data'),
      once(child, 'exit').then(() => {
        throw new Error(`worker process exited: ${stderr}`);
      }),
    ])) as [Buffer];
    expect(JSON.parse(line.toString())).toEqual(expect.objectContaining({ ready: true }));
  } catch (error) {
    child.kill('SIGKILL');
    throw error;
  }
  return child;
}

/**
 * Simulated time for the sending engine's pacing and retries. A sleep ends at once, the clock jumping to its
 * end; between sleeps the clock runs `rate` times as fast as real time (0: it moves only by sleeps and
 * `advance`). Rules about gaps are then read from the times this clock gave (each delivery's sent_at), never
 * from how long the machine took, and waits cost no real time. It never reads earlier than the real time, so
 * rows the database made due are due on it too.
 */
export class SimulatedClock implements Clock {
  private readonly realStart = Date.now();
  private skipped = 0;

  /** Told when the worker rests a mailbox until `at` (Clock.idleUntil); a test may skip ahead to it. */
  idleUntil?: (at: number) => void;

  /** `aheadMs`: how far ahead of real time it starts (a frozen clock well ahead stays exact). */
  constructor(
    private readonly rate = 1,
    aheadMs = 0,
  ) {
    this.skipped = aheadMs;
  }

  now(): number {
    return Math.max(Date.now(), this.realStart + (Date.now() - this.realStart) * this.rate + this.skipped);
  }

  /** Leases and caches age in real time: the database expires leases in real time (worker/clock.ts). */
  elapsed(): number {
    return performance.now();
  }

  /** How far ahead of real time the clock is. */
  get aheadMs(): number {
    return this.now() - Date.now();
  }

  advance(ms: number): void {
    this.skipped = this.now() + ms - this.realStart - (Date.now() - this.realStart) * this.rate;
  }

  async sleep(ms: number): Promise<void> {
    if (ms <= 0) return;
    const end = this.now() + ms;
    // Other work of the same moment goes first, as it would during a real wait.
    await new Promise((resolve) => setImmediate(resolve));
    const behind = end - this.now();
    if (behind > 0) this.advance(behind);
  }
}

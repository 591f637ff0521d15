import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { startTcpProxy, type TcpProxy } from '../../apps/server/test-support/tcp-proxy';
import { freePort } from '../fixtures/ports';
import {
  cleanEnv,
  isReady,
  processInfo,
  root,
  type SiraProcess,
  scratchDatabase,
  startProcess,
  TEST_APP_SECRET,
  waitUntil,
} from '../fixtures/processes';

/**
 * After a host's reboot PostgreSQL may come up after Sira's processes. They wait for it instead of exiting:
 * the web process listens at once (alive on /healthz, 503 on /readyz and everywhere else) and both try again
 * with a growing delay, saying once that they wait and why, until the database answers.
 */

const started: number[] = [];
const folders: string[] = [];
const proxies: TcpProxy[] = [];
afterEach(async () => {
  for (const pid of started.splice(0)) if (processInfo(pid)) process.kill(pid, 'SIGKILL');
  for (const dir of folders.splice(0)) rmSync(dir, { recursive: true, force: true });
  for (const proxy of proxies.splice(0)) await proxy.close();
});

type LogRecord = { level?: number; msg?: string; reason?: string; attempt?: number };
const recordsOf = (proc: SiraProcess): LogRecord[] =>
  proc
    .output()
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .map((line) => JSON.parse(line) as LogRecord);
const WAITING = /^waiting for the database: it cannot be reached yet; trying again until it answers$/;
const said = (proc: SiraProcess, test: (r: LogRecord) => boolean) => recordsOf(proc).some(test);

/** The way to PostgreSQL, closed: a relay whose port refuses connections until `start()`. */
async function closedWayTo(databaseUrl: string): Promise<{ proxy: TcpProxy; url: string }> {
  const direct = new URL(databaseUrl);
  const proxy = await startTcpProxy({ host: direct.hostname, port: Number(direct.port || 5432) });
  proxies.push(proxy);
  await proxy.stop();
  const through = new URL(direct);
  through.host = `127.0.0.1:${proxy.port}`;
  return { proxy, url: through.toString() };
}

async function startBoth(databaseUrl: string) {
  const dataDir = mkdtempSync(join(tmpdir(), 'sira-db-wait-'));
  folders.push(dataDir);
  const port = await freePort();
  const env = cleanEnv({
    NODE_ENV: 'production',
    DATABASE_URL: databaseUrl,
    APP_SECRET: TEST_APP_SECRET,
    PUBLIC_BASE_URL: 'https://sira.example',
    SMTP_URL: 'smtp://127.0.0.1:9',
    SMTP_FROM: 'Sira <no-reply@sira.example>',
    ADMIN_EMAIL: 'admin@sira.example',
    ADMIN_PASSWORD: 'database-wait-password',
    DATA_DIR: dataDir,
    RUN_WORKER: 'false',
    HOST: '127.0.0.1',
    PORT: String(port),
    // The retries after the first are debug records: the test waits for the second try.
    LOG_LEVEL: 'debug',
  });
  const web = startProcess(process.execPath, [join(root, 'apps/server/dist/server.js')], env);
  const worker = startProcess(process.execPath, [join(root, 'apps/server/dist/worker.js')], env);
  for (const proc of [web, worker]) started.push(proc.child.pid as number);
  return { web, worker, base: `http://127.0.0.1:${port}` };
}

const alive = (...processes: SiraProcess[]) => processes.every((proc) => proc.child.exitCode === null && proc.child.signalCode === null);

describe.runIf(process.env.TEST_DATABASE_URL)('web and worker started before PostgreSQL answers', () => {
  it('wait for it with back-off — the web alive but not ready meanwhile — then start when it answers', async () => {
    const database = await scratchDatabase('sira_e2e_wait');
    try {
      const { proxy, url } = await closedWayTo(database.url);
      const { web, worker, base } = await startBoth(url);
      const failedTwice = (proc: SiraProcess) => said(proc, (r) => r.msg === 'database still out of reach' && (r.attempt ?? 0) >= 2);
      // Both tried, were refused, said so, and tried again (the second try comes 1 s after the first).
      await waitUntil(
        () => {
          if (!alive(web, worker)) throw new Error(`a process exited:\n${web.output()}\n${worker.output()}`);
          return failedTwice(web) && failedTwice(worker);
        },
        30_000,
        'both processes to be refused twice',
      );
      expect(alive(web, worker)).toBe(true);
      for (const proc of [web, worker]) {
        const waiting = recordsOf(proc).filter((r) => WAITING.test(r.msg ?? ''));
        expect(waiting, proc.output()).toHaveLength(1);
        expect(waiting[0]).toMatchObject({ level: 40 });
        expect(waiting[0]?.reason).toMatch(
          /^Cannot connect to PostgreSQL at sira_ci@127\.0\.0\.1:\d+\/sira_e2e_wait_\w+: connection refused/,
        );
        expect(proc.output()).not.toContain('sira_ci:sira_ci');
      }
      // The web process answers, without the database: alive, not ready, nothing else.
      expect((await fetch(`${base}/healthz`)).status).toBe(200);
      const readiness = await fetch(`${base}/readyz`);
      expect([readiness.status, await readiness.json()]).toEqual([503, { code: 'NOT_READY' }]);
      const packages = await fetch(`${base}/api/packages`);
      expect([packages.status, await packages.json()]).toEqual([503, { code: 'SERVICE_UNAVAILABLE' }]);

      await proxy.start();
      // The next try comes within the back-off's delay (2 s after the second), then both migrate under one lock.
      await waitUntil(
        async () => {
          if (!alive(web, worker)) throw new Error(`a process exited:\n${web.output()}\n${worker.output()}`);
          return (await isReady(Number(new URL(base).port))) && said(worker, (r) => r.msg === 'worker started');
        },
        60_000,
        'the web process to be ready and the worker started',
      );
      for (const proc of [web, worker]) {
        expect(said(proc, (r) => r.msg === 'database reachable: starting' && r.level === 30)).toBe(true);
        expect(recordsOf(proc).filter((r) => (r.level ?? 0) >= 50)).toEqual([]);
      }
      expect(said(web, (r) => r.msg === 'Sira started')).toBe(true);
      expect((await fetch(`${base}/api/packages`)).status).toBe(200);

      for (const proc of [web, worker]) proc.child.kill('SIGTERM');
      expect(await web.exited).toBe(0);
      expect(await worker.exited).toBe(0);
    } finally {
      await database.drop();
    }
  });

  it('told to stop while they wait, both exit 0', async () => {
    const { url } = await closedWayTo(process.env.TEST_DATABASE_URL as string);
    const { web, worker } = await startBoth(url);
    await waitUntil(
      () => {
        if (!alive(web, worker)) throw new Error(`a process exited:\n${web.output()}\n${worker.output()}`);
        return said(web, (r) => WAITING.test(r.msg ?? '')) && said(worker, (r) => WAITING.test(r.msg ?? ''));
      },
      30_000,
      'both processes to wait',
    );
    for (const proc of [web, worker]) proc.child.kill('SIGTERM');
    expect(await web.exited, web.output()).toBe(0);
    expect(await worker.exited, worker.output()).toBe(0);
    for (const proc of [web, worker]) expect(recordsOf(proc).filter((r) => (r.level ?? 0) >= 50)).toEqual([]);
  });
});

import { mkdtempSync, rmSync } from 'node:fs';
import { request } from 'node:http';
import { connect, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { freePort } from '../fixtures/ports';
import {
  anyAlive,
  cleanEnv,
  descendantsOf,
  isReady,
  processInfo,
  root,
  scratchDatabase,
  startProcess,
  TEST_APP_SECRET,
  waitUntil,
} from '../fixtures/processes';

const ADMIN = { email: 'admin@sira.example', password: 'shutdown-test-password' };

/** Processes a failing test left running: ended so they do not hold ports and folders after the run. */
const started: number[] = [];
const folders: string[] = [];
afterEach(() => {
  for (const pid of started.splice(0)) if (processInfo(pid)) process.kill(pid, 'SIGKILL');
  for (const dir of folders.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** Resolves 'connected' or the error code of a fresh TCP connection to the port. */
const tryConnect = (port: number) =>
  new Promise<string>((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve('connected');
    });
    socket.once('error', (error: NodeJS.ErrnoException) => resolve(error.code ?? 'error'));
  });

describe('the server stopping (SIGTERM)', () => {
  it('answers the request in flight, refuses new connections, ends live streams, and exits 0 within 10 s', async () => {
    const port = await freePort();
    const dataDir = mkdtempSync(join(tmpdir(), 'sira-drain-'));
    folders.push(dataDir);
    const server = startProcess(
      process.execPath,
      [join(root, 'apps/server/dist/server.js')],
      cleanEnv({ PORT: String(port), DATA_DIR: dataDir, ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password, LOG_LEVEL: 'info' }),
    );
    started.push(server.child.pid as number);
    await waitUntil(() => isReady(port), 60_000, 'the server to answer');
    const origin = `http://localhost:${port}`;
    const body = JSON.stringify(ADMIN);

    // A signed-in browser tab's live-update stream, open for as long as the tab is.
    const signIn = await fetch(`${origin}/api/auth/sign-in`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin },
      body,
    });
    expect(signIn.status).toBe(200);
    const cookie = signIn.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .join('; ');
    const streamEnded = new Promise<string>((resolve, reject) => {
      request(`${origin}/api/events`, { headers: { cookie } }, (res) => {
        res.resume();
        res.once('end', () => resolve(`ended (${res.statusCode})`));
        res.once('error', () => resolve(`cut (${res.statusCode})`));
      })
        .once('error', reject)
        .end();
    });

    // A slow client: its request is under way (headers and half the body sent) when the server is told to stop.
    const slow: Socket = connect(port, '127.0.0.1');
    await new Promise((resolve) => slow.once('connect', resolve));
    let answer = '';
    slow.on('data', (d) => {
      answer += d;
    });
    const slowClosed = new Promise((resolve) => slow.once('close', resolve));
    // `Expect: 100-continue` makes the server say when it has read the request's head: from that answer on the
    // request is in flight (a connection with none would be closed as idle), whatever the machine's speed.
    slow.write(
      `POST /api/auth/sign-in HTTP/1.1\r\nHost: localhost:${port}\r\nOrigin: ${origin}\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\nExpect: 100-continue\r\n\r\n`,
    );
    await waitUntil(() => answer.includes('\r\n\r\n'), 10_000, 'the server to read the request head');
    expect(answer).toMatch(/^HTTP\/1\.1 100 Continue\r\n\r\n$/);
    answer = '';
    slow.write(body.slice(0, 10));

    const signalled = Date.now();
    server.child.kill('SIGTERM');
    // New connections are refused while the slow request is still waiting for the rest of its body.
    await waitUntil(async () => (await tryConnect(port)) === 'ECONNREFUSED', 5_000, 'new connections to be refused');
    expect(answer).toBe('');
    slow.write(body.slice(10));

    // What the server said on its way out, when it did not exit cleanly.
    expect(await server.exited, server.output()).toBe(0);
    const stoppedIn = Date.now() - signalled;
    expect(stoppedIn).toBeLessThan(10_000);
    await slowClosed;
    expect(answer).toMatch(/^HTTP\/1\.1 200 OK\r\n/);
    // It was the connection's last answer, and the client was told.
    expect(answer.toLowerCase()).toContain('\r\nconnection: close\r\n');
    expect(await streamEnded).toBe('ended (200)');
    expect(server.output()).not.toMatch(/shutdown took too long/);
  });
});

describe.runIf(process.env.TEST_DATABASE_URL)('the worker stopping', () => {
  async function startWorker(how: 'npm' | 'node', databaseUrl: string) {
    // Production, with only what a worker needs: no SMTP_URL or SMTP_FROM.
    const env = cleanEnv({
      NODE_ENV: 'production',
      DATABASE_URL: databaseUrl,
      APP_SECRET: TEST_APP_SECRET,
      PUBLIC_BASE_URL: 'https://sira.example',
      LOG_LEVEL: 'info',
    });
    const worker =
      how === 'npm'
        ? startProcess('npm', ['run', 'worker'], env, { detached: true })
        : startProcess(process.execPath, [join(root, 'apps/server/dist/worker.js')], env, { detached: true });
    started.push(worker.child.pid as number);
    await waitUntil(
      () => {
        if (worker.child.exitCode !== null) throw new Error(`the worker exited:\n${worker.output()}`);
        return worker.output().includes('"msg":"worker started"');
      },
      60_000,
      'the worker to start',
    );
    const tree = descendantsOf(worker.child.pid as number);
    started.push(...tree);
    return { worker, tree };
  }

  it('SIGTERM to `npm run worker` stops the worker under it, cleanly, within 10 s', async () => {
    const database = await scratchDatabase('sira_e2e_stop');
    try {
      const { worker, tree } = await startWorker('npm', database.url);
      expect(tree.length).toBeGreaterThanOrEqual(1);
      const signalled = Date.now();
      // What a service manager does: SIGTERM to the process it started, npm.
      worker.child.kill('SIGTERM');
      await worker.exited;
      await waitUntil(() => !anyAlive(tree), 10_000, `no process left of ${tree.join(', ')}`);
      expect(Date.now() - signalled).toBeLessThan(10_000);
      expect(worker.output()).toMatch(/"msg":"worker stopped"/);
    } finally {
      await database.drop();
    }
  });

  it('SIGTERM to the worker process itself stops it cleanly with exit code 0', async () => {
    const database = await scratchDatabase('sira_e2e_stop');
    try {
      const { worker } = await startWorker('node', database.url);
      const signalled = Date.now();
      worker.child.kill('SIGTERM');
      expect(await worker.exited).toBe(0);
      expect(Date.now() - signalled).toBeLessThan(10_000);
      expect(worker.output()).toMatch(/"msg":"worker stopped"/);
    } finally {
      await database.drop();
    }
  });
});

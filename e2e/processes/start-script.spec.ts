import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { freePort } from '../fixtures/ports';
import { anyAlive, childrenOf, cleanEnv, descendantsOf, isReady, processInfo, root, startProcess, waitUntil } from '../fixtures/processes';

/** Whether something accepts connections on the port. */
const portOpen = (port: number) =>
  new Promise<boolean>((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });

/** Processes a failing test left running: ended so they do not hold ports and folders after the run. */
const started: number[][] = [];
afterEach(() => {
  for (const pid of started.splice(0).flat()) {
    if (processInfo(pid)) process.kill(pid, 'SIGKILL');
  }
});

/**
 * `npm start` (or `node scripts/start.mjs`) in its own process group, as a terminal or a service manager runs
 * it, ready to answer; with every process below it.
 */
async function startLauncher(how: 'node' | 'npm' = 'node') {
  const dataDir = mkdtempSync(join(tmpdir(), 'sira-start-'));
  const port = await freePort();
  const env = cleanEnv({ PORT: String(port), DATA_DIR: dataDir, DATABASE_URL: '', LOG_LEVEL: 'info' });
  const run =
    how === 'npm'
      ? startProcess('npm', ['start'], env, { detached: true })
      : startProcess(process.execPath, [join(root, 'scripts/start.mjs')], env, { detached: true });
  const launcher = run.child;
  try {
    await waitUntil(
      async () => {
        if (launcher.exitCode !== null) throw new Error(`server did not start:\n${run.output()}`);
        return isReady(port);
      },
      60_000,
      'the server to answer',
    );
  } catch (error) {
    // Not started in time: its whole process group goes, or the server would outlive the test.
    try {
      process.kill(-(launcher.pid as number), 'SIGKILL');
    } catch {
      // Already gone.
    }
    throw error;
  }
  // node: launcher → server; npm: npm → shell → launcher → server.
  const tree = descendantsOf(launcher.pid as number);
  const server = tree.at(-1) as number;
  started.push([launcher.pid as number, ...tree]);
  return {
    launcher,
    server,
    tree,
    port,
    output: run.output,
    /** The launcher's exit code, once it and every process below it have exited (10 s at most). */
    stopped: async () => {
      const code = await run.exited;
      await waitUntil(() => !anyAlive(tree), 10_000, `no process left of ${tree.join(', ')}`);
      rmSync(dataDir, { recursive: true, force: true });
      return code;
    },
  };
}

describe.runIf(process.platform === 'linux')('npm start on Linux', () => {
  it('runs the server as a child process with two malloc arenas, in its own process group', async () => {
    const run = await startLauncher();
    expect(childrenOf(run.launcher.pid as number)).toEqual([run.server]);
    const environ = readFileSync(`/proc/${run.server}/environ`, 'utf8').split('\0');
    expect(environ).toContain('MALLOC_ARENA_MAX=2');
    expect(processInfo(run.server)?.pgid).not.toBe(processInfo(run.launcher.pid as number)?.pgid);

    // A service manager stops the launcher: the server shuts down cleanly and the launcher reports it.
    run.launcher.kill('SIGTERM');
    expect(await run.stopped()).toBe(0);
    expect(run.output().match(/"msg":"shutting down"/g)).toHaveLength(1);
    expect(processInfo(run.server)).toBeNull();
  });

  it("a Ctrl-C (SIGINT to the terminal's process group) stops the server cleanly, once", async () => {
    const run = await startLauncher();
    // What a terminal does on Ctrl-C: SIGINT to the whole foreground process group.
    process.kill(-(run.launcher.pid as number), 'SIGINT');
    expect(await run.stopped()).toBe(0);
    expect(run.output().match(/"msg":"shutting down"/g)).toHaveLength(1);
    expect(processInfo(run.server)).toBeNull();
  });

  it('SIGTERM to `npm start` stops every process under it within 10 s and frees the port', async () => {
    const run = await startLauncher('npm');
    expect(run.tree.length).toBeGreaterThanOrEqual(2);
    const signalled = Date.now();
    // What a service manager does to the process it started: npm itself, nothing below it.
    run.launcher.kill('SIGTERM');
    await run.stopped();
    expect(await portOpen(run.port)).toBe(false);
    expect(Date.now() - signalled).toBeLessThan(10_000);
    // The server stopped the orderly way, not killed.
    expect(run.output()).toMatch(/"msg":"shutting down"/);
  });

  it('a launcher killed outright (SIGKILL) does not leave its server running', async () => {
    const run = await startLauncher();
    run.launcher.kill('SIGKILL');
    await run.stopped();
    expect(processInfo(run.server)).toBeNull();
    expect(await portOpen(run.port)).toBe(false);
    expect(run.output()).toMatch(/"signal":"launcher exited","msg":"shutting down"/);
  });
});

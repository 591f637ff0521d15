import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { freePort } from '../fixtures/ports';

const root = join(import.meta.dirname, '..', '..');

/** pid → its parent pid and process group, from /proc. */
function processInfo(pid: number): { ppid: number; pgid: number } | null {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
    return { ppid: Number(fields[1]), pgid: Number(fields[2]) };
  } catch {
    return null;
  }
}
const childrenOf = (pid: number) =>
  readdirSync('/proc')
    .filter((entry) => /^\d+$/.test(entry))
    .map(Number)
    .filter((p) => processInfo(p)?.ppid === pid);

/** `node scripts/start.mjs` in its own process group (as a terminal runs it), ready to answer. */
async function startLauncher() {
  const dataDir = mkdtempSync(join(tmpdir(), 'sira-start-'));
  const port = await freePort();
  const env: NodeJS.ProcessEnv = { ...process.env, PORT: String(port), DATA_DIR: dataDir, DATABASE_URL: '', LOG_LEVEL: 'info' };
  delete env.MALLOC_ARENA_MAX;
  const launcher = spawn(process.execPath, [join(root, 'scripts/start.mjs')], {
    cwd: root,
    env,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  launcher.stdout.on('data', (d) => {
    output += d;
  });
  launcher.stderr.on('data', (d) => {
    output += d;
  });
  const deadline = Date.now() + 60_000;
  while (
    !(await fetch(`http://localhost:${port}/readyz`).then(
      (r) => r.ok,
      () => false,
    ))
  ) {
    if (launcher.exitCode !== null || Date.now() > deadline) throw new Error(`server did not start:\n${output}`);
    await new Promise((r) => setTimeout(r, 200));
  }
  const [server] = childrenOf(launcher.pid as number);
  if (!server) throw new Error('no server process under the launcher');
  return {
    launcher,
    server,
    output: () => output,
    stopped: async () => {
      const [code] = (await once(launcher, 'exit')) as [number | null];
      rmSync(dataDir, { recursive: true, force: true });
      return code;
    },
  };
}

describe.runIf(process.platform === 'linux')('npm start on Linux', () => {
  it('runs the server as a child process with two malloc arenas, in its own process group', async () => {
    const run = await startLauncher();
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
});

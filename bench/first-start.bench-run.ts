import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { it } from 'vitest';
import { sized } from './bench-size';
import { median } from './sending-fixtures';

// `npm start` on a new data folder (the first start: the database is made) and again on the same folder, from
// the built product (`npm run build` first): seconds until /readyz answers, and the server process's processor
// time until then (Linux: /proc). The build's new database (ADR 017) is what the first start loads.
const RUNS = sized(3, 1);
const root = join(import.meta.dirname, '..');

const freePort = () =>
  new Promise<number>((resolve) => {
    const server = createServer().listen(0, () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });

/** A process's own user + system time so far, in seconds. */
function cpuSeconds(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

const childOf = (pid: number) => readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim().split(' ').filter(Boolean).map(Number);

async function start(dataDir: string): Promise<{ seconds: number; cpu: number }> {
  const port = await freePort();
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    DATA_DIR: dataDir,
    DATABASE_URL: '',
    LOG_LEVEL: 'warn',
    NODE_ENV: 'development',
  };
  for (const name of Object.keys(env)) if (name === 'TEST' || name.startsWith('VITEST')) delete env[name];
  const started = performance.now();
  const launcher = spawn(process.execPath, [join(root, 'scripts/start.mjs')], { cwd: root, env, stdio: 'ignore' });
  while (
    !(await fetch(`http://127.0.0.1:${port}/readyz`).then(
      (r) => r.ok,
      () => false,
    ))
  ) {
    if (launcher.exitCode !== null) throw new Error('the server exited');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  const seconds = (performance.now() - started) / 1000;
  const [server] = childOf(launcher.pid as number);
  const cpu = cpuSeconds(launcher.pid as number) + (server ? cpuSeconds(server) : 0);
  const exited = new Promise((resolve) => launcher.once('exit', resolve));
  launcher.kill('SIGTERM');
  await exited;
  return { seconds, cpu };
}

it('first start', async () => {
  const first: Array<{ seconds: number; cpu: number }> = [];
  const again: Array<{ seconds: number; cpu: number }> = [];
  for (let run = 0; run < RUNS; run++) {
    const dataDir = mkdtempSync(join(tmpdir(), 'sira-first-start-'));
    try {
      first.push(await start(dataDir));
      again.push(await start(dataDir));
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  }
  const row = (name: string, runs: Array<{ seconds: number; cpu: number }>) => ({
    start: name,
    'to /readyz (s, median)': median(runs.map((r) => r.seconds)).toFixed(1),
    'processor (s, median)': median(runs.map((r) => r.cpu)).toFixed(1),
  });
  console.table([row('new data folder', first), row('same folder again', again)]);
});

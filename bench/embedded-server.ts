import { type ChildProcess, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';

// The built product started as `npm start` starts it (scripts/start.mjs, embedded PGlite), for the benchmarks that
// measure the server process itself: its start, its resident memory. `npm run build` first.

const root = join(import.meta.dirname, '..');

export const freePort = () =>
  new Promise<number>((resolve) => {
    const server = createServer().listen(0, () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });

/** A process's resident memory now, in MB (Linux: /proc). */
export const rssMb = (pid: number) => Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1]) / 1024;

/** The processes a process started (Linux: /proc); the launcher's one child is the server. */
export const childrenOf = (pid: number) =>
  readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim().split(' ').filter(Boolean).map(Number);

export interface EmbeddedServer {
  base: string;
  /** scripts/start.mjs, which runs the server as its child on Linux. */
  launcher: ChildProcess;
  /** The server process (the launcher's child). */
  server: number;
  /** Seconds from the launch to the first 200 from /readyz. */
  readySeconds: number;
  stop(): Promise<void>;
}

/** `npm start` on `dataDir` (a new folder is a first start), until /readyz answers. */
export async function startEmbedded(dataDir: string): Promise<EmbeddedServer> {
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
  const base = `http://127.0.0.1:${port}`;
  while (
    !(await fetch(`${base}/readyz`).then(
      (r) => r.ok,
      () => false,
    ))
  ) {
    if (launcher.exitCode !== null) throw new Error('the server exited');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  const readySeconds = (performance.now() - started) / 1000;
  const [server] = childrenOf(launcher.pid as number);
  if (!server) throw new Error('no server process under the launcher (Linux runs it as a child)');
  return {
    base,
    launcher,
    server,
    readySeconds,
    async stop() {
      const exited = new Promise((resolve) => launcher.once('exit', resolve));
      launcher.kill('SIGTERM');
      await exited;
    },
  };
}

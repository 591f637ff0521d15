import { type ChildProcess, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';

/** Sira's processes as production runs them: the built bundles under apps/server/dist, started with node. */

export const root = join(import.meta.dirname, '..', '..');
export const bundle = (name: 'server' | 'worker' | 'sandboxes') => join(root, 'apps', 'server', 'dist', `${name}.js`);

/** A TCP port free on this machine right now, with the next one free too (the sandboxes' SMTP port). */
export async function freePortPair(): Promise<number> {
  const listen = (port: number) =>
    new Promise<number | null>((resolve) => {
      const srv = createServer();
      srv.once('error', () => resolve(null));
      srv.listen(port, '127.0.0.1', () => {
        const address = srv.address();
        srv.close(() => resolve(typeof address === 'object' && address ? address.port : null));
      });
    });
  for (let attempt = 0; attempt < 20; attempt++) {
    const port = await listen(0);
    if (port && port < 65535 && (await listen(port + 1)) === port + 1) return port;
  }
  throw new Error('no pair of free ports');
}

export interface SiraProcess {
  name: string;
  child: ChildProcess;
  pid: number;
  /** stdout and stderr so far (JSON log lines and the start banner). */
  output(): string;
  /** JSON log records so far. */
  records(): Array<Record<string, unknown>>;
  exited(): boolean;
}

export function startProcess(name: string, script: string, env: Record<string, string>): SiraProcess {
  const child = spawn(process.execPath, [script], {
    cwd: root,
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '/tmp', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  child.stderr?.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  if (!child.pid) throw new Error(`${name} did not start`);
  return {
    name,
    child,
    pid: child.pid,
    output: () => output,
    records: () =>
      output
        .split('\n')
        .filter((line) => line.startsWith('{'))
        .flatMap((line) => {
          try {
            return [JSON.parse(line) as Record<string, unknown>];
          } catch {
            return [];
          }
        }),
    exited: () => child.exitCode !== null || child.signalCode !== null,
  };
}

/** Waits until `url` answers 200, failing with the process's output if it exits or takes longer than `ms`. */
export async function waitUntilAnswering(proc: SiraProcess, url: string, ms = 30_000): Promise<void> {
  const deadline = Date.now() + ms;
  for (;;) {
    if (proc.exited()) throw new Error(`${proc.name} exited:\n${proc.output()}`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`${proc.name} did not answer ${url}:\n${proc.output()}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

export async function waitForLog(proc: SiraProcess, msg: string, ms = 30_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!proc.records().some((r) => r.msg === msg)) {
    if (proc.exited()) throw new Error(`${proc.name} exited:\n${proc.output()}`);
    if (Date.now() > deadline) throw new Error(`${proc.name} never logged "${msg}":\n${proc.output()}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** Resident memory now and at its highest so far (kernel's VmRSS / VmHWM), in MB. */
export function memoryOf(pid: number): { rssMb: number; peakMb: number } {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (field: string) => Number(status.match(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm'))?.[1] ?? Number.NaN);
  return { rssMb: Math.round(kb('VmRSS') / 1024), peakMb: Math.round(kb('VmHWM') / 1024) };
}

export async function stopAll(processes: SiraProcess[]): Promise<void> {
  await Promise.all(
    processes.map(async (p) => {
      if (p.exited()) return;
      const exited = new Promise((resolve) => p.child.once('exit', resolve));
      p.child.kill('SIGTERM');
      const timer = setTimeout(() => p.child.kill('SIGKILL'), 10_000);
      await exited;
      clearTimeout(timer);
    }),
  );
}

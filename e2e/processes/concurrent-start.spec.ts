import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { freePort } from '../fixtures/ports';
import { cleanEnv, isReady, root, type SiraProcess, scratchDatabase, startProcess, TEST_APP_SECRET } from '../fixtures/processes';

const TRIALS = 5;

/**
 * A deployment starts its web servers and workers together against a new, empty database: every one of them
 * must come up, whichever migrates, seeds and creates the administrator first.
 */
describe.runIf(process.env.TEST_DATABASE_URL)('production processes starting together on an empty PostgreSQL', () => {
  it(`two servers and two workers all come up, ${TRIALS} times out of ${TRIALS}`, { timeout: TRIALS * 40_000 }, async () => {
    const outcomes: string[] = [];
    for (let trial = 1; trial <= TRIALS; trial++) {
      const database = await scratchDatabase('sira_e2e_start');
      const dataDir = mkdtempSync(join(tmpdir(), 'sira-start-together-'));
      const processes: Array<{ name: string; proc: SiraProcess; up: () => Promise<boolean> }> = [];
      try {
        const base = cleanEnv({
          NODE_ENV: 'production',
          DATABASE_URL: database.url,
          APP_SECRET: TEST_APP_SECRET,
          PUBLIC_BASE_URL: 'https://sira.example',
          // Nothing listens there: system mail is not sent while starting.
          SMTP_URL: 'smtp://127.0.0.1:9',
          SMTP_FROM: 'Sira <no-reply@sira.example>',
          ADMIN_EMAIL: 'admin@sira.example',
          ADMIN_PASSWORD: 'concurrent-start-password',
          DATA_DIR: dataDir,
          LOG_LEVEL: 'info',
          RUN_WORKER: 'false',
          HOST: '127.0.0.1',
        });
        const ports = [await freePort(), await freePort()];
        for (const [i, port] of ports.entries()) {
          const proc = startProcess(process.execPath, [join(root, 'apps/server/dist/server.js')], { ...base, PORT: String(port) });
          processes.push({ name: `server ${i + 1}`, proc, up: () => isReady(port) });
        }
        for (const i of [1, 2]) {
          const proc = startProcess(process.execPath, [join(root, 'apps/server/dist/worker.js')], base);
          processes.push({ name: `worker ${i}`, proc, up: async () => proc.output().includes('"msg":"worker started"') });
        }
        // Until each one is up or has exited.
        const deadline = Date.now() + 30_000;
        const up = new Set<string>();
        const settled = () => processes.every((p) => up.has(p.name) || p.proc.child.exitCode !== null);
        while (!settled() && Date.now() < deadline) {
          for (const p of processes) {
            if (!up.has(p.name) && p.proc.child.exitCode === null && (await p.up())) up.add(p.name);
          }
          await new Promise((r) => setTimeout(r, 100));
        }
        const failed = processes.filter((p) => !up.has(p.name));
        outcomes.push(
          failed.length === 0
            ? `trial ${trial}: all 4 up`
            : `trial ${trial}: ${failed.map((p) => `${p.name} did not come up:\n${p.proc.output().slice(-1500)}`).join('\n')}`,
        );
      } finally {
        for (const p of processes) p.proc.child.kill('SIGKILL');
        await Promise.all(processes.map((p) => p.proc.exited));
        await database.drop();
        rmSync(dataDir, { recursive: true, force: true });
      }
    }
    expect(outcomes.join('\n')).toBe(Array.from({ length: TRIALS }, (_, i) => `trial ${i + 1}: all 4 up`).join('\n'));
  });
});

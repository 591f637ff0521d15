import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { cleanEnv, root, startProcess, waitUntil } from '../fixtures/processes';

/**
 * The embedded server's start-up text shows the administrator's password once: at the first start, which
 * generates it, together with the file that keeps it. Later starts name the file only, and a password given
 * in ADMIN_PASSWORD is never shown.
 */
const dataDir = mkdtempSync(join(tmpdir(), 'sira-start-up-text-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

/** Starts the built embedded server on a free port, waits for its start-up text, stops it; returns what it printed. */
async function startAndStop(extra: Record<string, string> = {}): Promise<string> {
  const server = startProcess(
    process.execPath,
    [join(root, 'apps/server/dist/server.js')],
    cleanEnv({ NODE_ENV: 'development', PORT: '0', DATA_DIR: dataDir, DATABASE_URL: '', LOG_LEVEL: 'warn', RUN_WORKER: 'false', ...extra }),
  );
  try {
    await waitUntil(
      () => {
        if (server.child.exitCode !== null) throw new Error(`the server did not start:\n${server.output()}`);
        return server.output().includes('Press Ctrl-C to stop.');
      },
      60_000,
      'the start-up text',
    );
  } finally {
    server.child.kill('SIGINT');
    await server.exited;
  }
  return server.output();
}

describe('the administrator line at start', () => {
  it('shows a generated password at the first start only, and where it is kept', async () => {
    const file = join(dataDir, 'admin-credentials.json');
    const first = await startAndStop();
    const stored = JSON.parse(readFileSync(file, 'utf8')) as { email: string; password: string };
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(first).toContain(`Administrator: ${stored.email}  /  password: ${stored.password}`);
    expect(first).toContain(`kept in ${file}`);

    const second = await startAndStop();
    expect(second).not.toContain(stored.password);
    expect(second).toContain(`Administrator: ${stored.email}  (password in ${file})`);

    const given = 'given-admin-password-123';
    const third = await startAndStop({ ADMIN_EMAIL: 'boss@sira.example', ADMIN_PASSWORD: given });
    expect(third).not.toContain(given);
    expect(third).toContain('Administrator: boss@sira.example  (password from ADMIN_PASSWORD)');
  });
});

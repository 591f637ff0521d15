import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

/**
 * The embedded server's start-up text shows the administrator's password once: at the first start, which
 * generates it, together with the file that keeps it. Later starts name the file only, and a password given
 * in ADMIN_PASSWORD is never shown.
 */
const root = fileURLToPath(new URL('../../../../', import.meta.url));
const serverEntry = fileURLToPath(new URL('../server.ts', import.meta.url));
const dataDir = mkdtempSync(join(tmpdir(), 'sira-banner-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

/** Starts the embedded server on a free port, waits for its start-up text, stops it; returns what it printed. */
async function startAndStop(extra: Record<string, string> = {}): Promise<string> {
  const env = Object.fromEntries(Object.entries(process.env).filter(([name]) => name !== 'TEST' && !name.startsWith('VITEST')));
  const child = spawn(process.execPath, ['--import', 'tsx', serverEntry], {
    cwd: root,
    env: {
      ...env,
      NODE_ENV: 'development',
      PORT: '0',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      LOG_LEVEL: 'warn',
      RUN_WORKER: 'false',
      ...extra,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (d: Buffer) => {
    output += d.toString();
  });
  child.stderr.on('data', (d: Buffer) => {
    output += d.toString();
  });
  const deadline = Date.now() + 60_000;
  while (!output.includes('Press Ctrl-C to stop.')) {
    if (child.exitCode !== null || Date.now() > deadline) throw new Error(`the server did not start:\n${output}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGINT');
  await exited;
  return output;
}

// The embedded server runs on its own PGlite, whatever the project's database: once is enough.
describe.skipIf(process.env.SIRA_TEST_DB === 'postgres')('the administrator line at start', () => {
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
  }, 120_000);
});

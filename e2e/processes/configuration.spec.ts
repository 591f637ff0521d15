import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { freePort } from '../fixtures/ports';
import { cleanEnv, isReady, processInfo, root, scratchDatabase, startProcess, TEST_APP_SECRET, waitUntil } from '../fixtures/processes';

const folders: string[] = [];
const started: number[] = [];
afterEach(() => {
  for (const pid of started.splice(0)) if (processInfo(pid)) process.kill(pid, 'SIGKILL');
  for (const dir of folders.splice(0)) rmSync(dir, { recursive: true, force: true });
});

const folder = (prefix: string) => {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  folders.push(dir);
  return dir;
};

describe('.env', () => {
  it('is read from the folder the process starts in; what the real environment sets wins', async () => {
    const cwd = folder('sira-dotenv-');
    // Nothing listens on port 9: connecting is refused at once.
    writeFileSync(
      join(cwd, '.env'),
      [
        'NODE_ENV=production',
        'DATABASE_URL=postgres://sira:pw@127.0.0.1:9/from_dotenv',
        'APP_SECRET=short',
        'PUBLIC_BASE_URL=https://sira.example',
      ].join('\n'),
    );
    const worker = startProcess(process.execPath, [join(root, 'apps/server/dist/worker.js')], cleanEnv({ APP_SECRET: TEST_APP_SECRET }), {
      cwd,
    });
    started.push(worker.child.pid as number);
    // It waits for that database (database-wait.spec.ts), saying why, with the address taken from the file.
    const waiting = 'Cannot connect to PostgreSQL at sira@127.0.0.1:9/from_dotenv: connection refused';
    await waitUntil(() => worker.output().includes(waiting) || worker.child.exitCode !== null, 30_000, 'the worker to say why it waits');
    worker.child.kill('SIGTERM');
    expect(await worker.exited, worker.output()).toBe(0);
    // APP_SECRET=short from the file would have been refused; the environment's was used.
    expect(worker.output()).not.toContain('APP_SECRET');
    expect(worker.output()).toContain(waiting);
    expect(worker.output()).not.toContain(':pw@');
  });
});

describe.runIf(process.env.TEST_DATABASE_URL)('npm run migrate and MIGRATE_ON_START=false', () => {
  it('migrate prepares an empty database and exits 0 (again on a second run); servers then start without migrating', async () => {
    const database = await scratchDatabase('sira_e2e_migrate');
    const dataDir = folder('sira-migrate-');
    const env = cleanEnv({
      NODE_ENV: 'production',
      DATABASE_URL: database.url,
      APP_SECRET: TEST_APP_SECRET,
      PUBLIC_BASE_URL: 'https://sira.example',
      SMTP_URL: 'smtp://127.0.0.1:9',
      SMTP_FROM: 'Sira <no-reply@sira.example>',
      ADMIN_EMAIL: 'admin@sira.example',
      ADMIN_PASSWORD: 'migrate-test-password',
      DATA_DIR: dataDir,
      RUN_WORKER: 'false',
      MIGRATE_ON_START: 'false',
      HOST: '127.0.0.1',
    });
    try {
      // A server told not to migrate refuses a database nobody migrated, and says what to run.
      const early = startProcess(process.execPath, [join(root, 'apps/server/dist/server.js')], { ...env, PORT: String(await freePort()) });
      started.push(early.child.pid as number);
      expect(await early.exited).toBe(1);
      expect(early.output()).toMatch(/lacks \d+ migration\(s\).*Run `npm run migrate`/s);

      for (const run of [1, 2]) {
        const migrate = startProcess('npm', ['run', 'migrate'], env);
        started.push(migrate.child.pid as number);
        expect(await migrate.exited, `run ${run}:\n${migrate.output()}`).toBe(0);
        // Production logs as every other process does: JSON records only, the outcome one of them.
        const records = migrate
          .output()
          .split('\n')
          .filter((line) => line.startsWith('{'))
          .map((line) => JSON.parse(line) as { level: number; msg: string; database?: string; admin?: string });
        expect(records.find((r) => r.msg === 'database migrated and seeded')).toMatchObject({
          level: 30,
          database: 'postgres',
          admin: 'admin@sira.example',
        });
        expect(migrate.output()).not.toMatch(/^Migrated/m);
      }

      const port = await freePort();
      const server = startProcess(process.execPath, [join(root, 'apps/server/dist/server.js')], { ...env, PORT: String(port) });
      started.push(server.child.pid as number);
      await waitUntil(
        async () => {
          if (server.child.exitCode !== null) throw new Error(`the server exited:\n${server.output()}`);
          return isReady(port);
        },
        60_000,
        'the server to answer',
      );
      const signIn = await fetch(`http://127.0.0.1:${port}/api/auth/sign-in`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: 'https://sira.example' },
        body: JSON.stringify({ email: 'admin@sira.example', password: 'migrate-test-password' }),
      });
      expect(signIn.status).toBe(200);
      server.child.kill('SIGTERM');
      expect(await server.exited).toBe(0);
    } finally {
      await database.drop();
    }
  });
});

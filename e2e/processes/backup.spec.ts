import { existsSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { type OpenDatabaseOptions, openDatabase, rowsOf } from '../../apps/server/src/db/client';
import { installedPgliteVersion, newDatabaseName } from '../../apps/server/src/db/new-database';
import { freePort } from '../fixtures/ports';
import { cleanEnv, isReady, processInfo, root, startProcess, waitUntil } from '../fixtures/processes';

/**
 * `npm run backup` and `npm run restore` on the embedded database: a backup made while the server runs (it
 * asks the server, the only process that may open the database), a restore with the server stopped, and the
 * server starting on the restored database with what was there at backup time, its sending paused.
 */
const folders: string[] = [];
const started: number[] = [];
afterEach(() => {
  for (const pid of started.splice(0)) if (processInfo(pid)) process.kill(pid, 'SIGKILL');
  for (const dir of folders.splice(0)) rmSync(dir, { recursive: true, force: true });
});

async function startServer(dataDir: string, port: number) {
  const server = startProcess(
    process.execPath,
    [join(root, 'apps/server/dist/server.js')],
    cleanEnv({ DATA_DIR: dataDir, PORT: String(port) }),
  );
  started.push(server.child.pid as number);
  await waitUntil(() => isReady(port), 120_000, 'the embedded server');
  return server;
}

/** PostgreSQL's system identifier of a cluster: initdb draws a new one, a copy keeps it. */
async function systemIdentifier(options: OpenDatabaseOptions): Promise<string | undefined> {
  const handle = await openDatabase(options);
  try {
    return rowsOf<{ id: string }>(await handle.db.execute('select system_identifier::text as id from pg_control_system()'))[0]?.id;
  } finally {
    await handle.close();
  }
}

const packageNames = async (port: number) =>
  ((await (await fetch(`http://127.0.0.1:${port}/api/packages`)).json()) as { name: string }[]).map((p) => p.name);

describe('embedded backup and restore', () => {
  it('backs up a running server, restores with it stopped, and the restored database serves', { timeout: 300_000 }, async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'sira-backup-e2e-'));
    folders.push(dataDir);
    const port = await freePort();
    const backupCommand = [join(root, 'apps/server/dist/backup.js')];
    const env = cleanEnv({ DATA_DIR: dataDir });

    let server = await startServer(dataDir, port);
    const before = await packageNames(port);
    expect(before.length).toBeGreaterThan(0);

    const backup = startProcess(process.execPath, backupCommand, env);
    expect(await backup.exited, backup.output()).toBe(0);
    const file = /Backup written: (\S+)/.exec(backup.output())?.[1] as string;
    expect(file.startsWith(join(dataDir, 'backups'))).toBe(true);
    expect(statSync(file).size).toBeGreaterThan(100_000);
    expect(server.output()).toContain('backup written');

    // A restore while the server runs is refused: it would replace the database under it.
    const refused = startProcess(process.execPath, [...backupCommand, 'restore', file], env);
    expect(await refused.exited).toBe(1);
    expect(refused.output()).toContain('Another Sira process');

    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);
    // The first start made its database from the build's new one (apps/server/src/db/new-database.ts), not initdb.
    const built = readFileSync(join(root, 'apps/server/dist', newDatabaseName(installedPgliteVersion())));
    expect(await systemIdentifier({ dataDir: join(dataDir, 'db') })).toBe(await systemIdentifier({ loadDataDir: new Blob([built]) }));

    const restore = startProcess(process.execPath, [...backupCommand, 'restore', file], env);
    expect(await restore.exited, restore.output()).toBe(0);
    const aside = /kept in (\S+)\./.exec(restore.output())?.[1] as string;
    expect(existsSync(aside)).toBe(true);
    // A restored database never sends on its own (ADR 019): the command says sending is paused, and so does the server.
    expect(restore.output()).toContain('Sending is PAUSED: the database was restored.');

    server = await startServer(dataDir, port);
    expect(await packageNames(port)).toEqual(before);
    await waitUntil(async () => server.output().includes('sending: paused since the database was restored'), 60_000, 'the paused notice');
    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);
  });
});

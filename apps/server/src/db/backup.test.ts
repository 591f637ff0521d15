import { existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { RestoreError, restoreBackup, writeBackup } from './backup';
import { type DatabaseHandle, openDatabase, rowsOf } from './client';

const folders: string[] = [];
const open: DatabaseHandle[] = [];
afterEach(async () => {
  for (const handle of open.splice(0)) await handle.close();
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
});

function dataFolder(): string {
  const folder = mkdtempSync(join(tmpdir(), 'sira-backup-'));
  folders.push(folder);
  return folder;
}

async function embedded(dataDir: string): Promise<DatabaseHandle> {
  const handle = await openDatabase({ dataDir: join(dataDir, 'db') });
  open.push(handle);
  return handle;
}

const count = async (handle: DatabaseHandle) =>
  Number(rowsOf<{ n: number }>(await handle.db.execute(sql`select count(*)::int as n from ledger`))[0]?.n);

// The embedded database is PGlite's; one project runs it (the file opens its own folders, not the test template).
describe.skipIf(process.env.SIRA_TEST_DB === 'postgres')('embedded backups', () => {
  it('copies the database while transactions keep committing: the copy holds whole transactions only', { timeout: 120_000 }, async () => {
    const dataDir = dataFolder();
    const live = await embedded(dataDir);
    await live.db.execute(sql`create table ledger (id serial primary key, side text not null)`);
    // Each transaction writes a debit and its credit: a copy taken in the middle of one would hold an odd count.
    let writing = true;
    let committed = 0;
    const writer = (async () => {
      while (writing) {
        await live.db.transaction(async (tx) => {
          await tx.execute(sql`insert into ledger (side) values ('debit')`);
          await new Promise((done) => setTimeout(done, 1));
          await tx.execute(sql`insert into ledger (side) values ('credit')`);
        });
        committed++;
      }
    })();
    while (committed < 20) await new Promise((done) => setTimeout(done, 10));
    const file = await writeBackup(live, dataDir);
    const afterBackup = committed;
    while (committed < afterBackup + 10) await new Promise((done) => setTimeout(done, 10));
    writing = false;
    await writer;
    const liveCount = await count(live);
    await live.close();

    expect(file.startsWith(join(dataDir, 'backups', 'sira-'))).toBe(true);
    expect(readdirSync(join(dataDir, 'backups'))).toEqual([file.split('/').at(-1)]);

    const { keptAside } = await restoreBackup(file, dataDir);
    expect(keptAside && existsSync(keptAside)).toBe(true);
    const restored = await embedded(dataDir);
    const restoredCount = await count(restored);
    expect(restoredCount % 2).toBe(0);
    expect(restoredCount).toBeGreaterThanOrEqual(40);
    // Taken before the last ten transactions: the restored database is the one of that moment.
    expect(restoredCount).toBeLessThan(liveCount);
  });

  it('refuses a file that is not a backup and leaves the database as it was', { timeout: 120_000 }, async () => {
    const dataDir = dataFolder();
    const live = await embedded(dataDir);
    await live.db.execute(sql`create table ledger (id serial primary key, side text not null)`);
    await live.db.execute(sql`insert into ledger (side) values ('debit'), ('credit')`);
    await live.close();
    const notABackup = join(dataDir, 'notes.tar.gz');
    writeFileSync(notABackup, 'not a tarball');

    await expect(restoreBackup(notABackup, dataDir)).rejects.toThrow(RestoreError);
    await expect(restoreBackup(join(dataDir, 'missing.tar.gz'), dataDir)).rejects.toThrow(/No backup at/);
    expect(readdirSync(dataDir).filter((name) => name.startsWith('db'))).toEqual(['db']);
    expect(await count(await embedded(dataDir))).toBe(2);
  });
});

import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { sql } from 'drizzle-orm';
import type { DatabaseHandle } from './client';
import { openDatabase } from './client';

/**
 * Backups of the embedded database (PGlite in DATA_DIR/db). A backup is one gzipped tarball of the data folder,
 * taken by the process that has the database open (`snapshot()`: between two commits, after a checkpoint), so
 * it can be made while Sira serves and sends. Production's PostgreSQL is backed up with pg_dump instead.
 */

export const backupFolder = (dataDir: string) => join(resolve(dataDir), 'backups');

/** `sira-2026-11-25T21-43-53Z.tar.gz`: sorts by time, and never clashes within a second (see writeBackup). */
function backupName(at: Date): string {
  return `sira-${at
    .toISOString()
    .replace(/\.\d+Z$/, 'Z')
    .replaceAll(':', '-')}.tar.gz`;
}

/** Writes a snapshot of the open embedded database into DATA_DIR/backups; returns the file. */
export async function writeBackup(handle: DatabaseHandle, dataDir: string, at = new Date()): Promise<string> {
  if (!handle.snapshot) throw new Error('Only the embedded database is backed up by Sira; back up PostgreSQL with pg_dump.');
  const folder = backupFolder(dataDir);
  mkdirSync(folder, { recursive: true });
  const bytes = Buffer.from(await (await handle.snapshot()).arrayBuffer());
  let file = join(folder, backupName(at));
  for (let n = 2; existsSync(file); n++) file = join(folder, backupName(at).replace('.tar.gz', `-${n}.tar.gz`));
  // Written aside and renamed, so a file under its final name is always whole (the backup command waits for it).
  const partial = `${file}.partial`;
  writeFileSync(partial, bytes, { mode: 0o600 });
  renameSync(partial, file);
  return file;
}

export class RestoreError extends Error {}

/**
 * Replaces DATA_DIR/db with the database in `file`. The process calling it must hold the data folder's lock
 * (no server running). The current database is kept beside it as `db.before-restore-<time>`, and the restored
 * one is opened once to prove it starts — and to run `prepare` on it (the restore command migrates it and pauses
 * its sending, ADR 019); if either fails, the current one is put back.
 */
export async function restoreBackup(
  file: string,
  dataDir: string,
  at = new Date(),
  prepare: (handle: DatabaseHandle) => Promise<void> = async () => undefined,
): Promise<{ keptAside: string | undefined }> {
  if (!existsSync(file)) throw new RestoreError(`No backup at ${file}.`);
  const dbDir = join(resolve(dataDir), 'db');
  const aside = existsSync(dbDir)
    ? `${dbDir}.before-restore-${at
        .toISOString()
        .replace(/\.\d+Z$/, 'Z')
        .replaceAll(':', '-')}`
    : undefined;
  if (aside) renameSync(dbDir, aside);
  try {
    const handle = await openDatabase({ dataDir: dbDir, loadDataDir: new Blob([readFileSync(file)]) });
    try {
      await handle.db.execute(sql`select 1`);
      await prepare(handle);
    } finally {
      await handle.close();
    }
  } catch (error) {
    rmSync(dbDir, { recursive: true, force: true });
    if (aside) renameSync(aside, dbDir);
    throw new RestoreError(
      `${file} could not be restored (${error instanceof Error ? error.message : String(error)}); the database was left as it was.`,
    );
  }
  return { keptAside: aside };
}

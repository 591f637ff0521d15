import type { Dirent } from 'node:fs';
import { readdir, readFile, rm, rmdir } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { sql } from 'drizzle-orm';
import type { BaseLogger } from 'pino';
import { type Database, rowsOf } from '../../db/client';

export interface DiskImportResult {
  /** Files whose bytes this call put into the database. */
  moved: number;
  /** Files whose bytes were already there (an earlier start, or another process starting at the same time). */
  alreadyStored: number;
  /** Files no résumé of this database names: left where they are. */
  unreferenced: number;
  /** Files that could not be read or stored: left where they are, tried again at the next start. */
  failed: number;
}

/**
 * Earlier versions kept each résumé as a file, `DATA_DIR/resumes/<user id>/<name>.pdf`, named by the `path` of
 * its `resumes` row. Called at start-up after the migrations, this moves every such file into `resume_files`
 * and deletes it once its bytes are committed, so the next start finds nothing to do. Safe to run twice and
 * in two processes at once: each file is one `INSERT … ON CONFLICT DO NOTHING`, a file already deleted by the
 * other process counts as stored, and a row pruned meanwhile inserts nothing.
 *
 * A file no row names (its résumé pruned while the file could not be deleted, its account deleted — or a data
 * folder that belongs to another database) is not deleted: the operator is told, and decides.
 */
export async function importDiskResumes(db: Database, dataDir: string, log: Pick<BaseLogger, 'info' | 'warn'>): Promise<DiskImportResult> {
  const root = join(resolve(dataDir), 'resumes');
  const result: DiskImportResult = { moved: 0, alreadyStored: 0, unreferenced: 0, failed: 0 };
  const folders = await entries(root);
  if (!folders) return result;

  for (const folder of folders) {
    if (!folder.isDirectory()) {
      result.unreferenced++;
      continue;
    }
    for (const file of (await entries(join(root, folder.name))) ?? []) {
      if (!file.isFile()) continue;
      const path = `${folder.name}/${file.name}`;
      const outcome = await importFile(db, join(root, folder.name, file.name), path).catch((error: unknown) => {
        log.warn({ err: error, path }, 'résumés: could not move a file from the data folder into the database; it stays');
        return 'failed' as const;
      });
      result[outcome]++;
    }
    // Empty once every file of the user moved; a folder still holding a file stays.
    await rmdir(join(root, folder.name)).catch(() => undefined);
  }
  await rmdir(root).catch(() => undefined);

  if (result.moved + result.alreadyStored + result.failed > 0) {
    log.info(
      { ...result, folder: root },
      `résumés: moved ${result.moved} file(s) from the data folder into the database` +
        (result.failed > 0 ? `; ${result.failed} could not be moved and will be tried again at the next start` : ''),
    );
  }
  if (result.unreferenced > 0) {
    log.warn(
      { unreferenced: result.unreferenced, folder: root },
      `résumés: ${result.unreferenced} file(s) in the data folder belong to no résumé of this database; left in place`,
    );
  }
  return result;
}

async function importFile(db: Database, file: string, path: string): Promise<keyof DiskImportResult> {
  const [state] = rowsOf<{ known: boolean; stored: boolean }>(
    await db.execute(sql`
      select exists (select 1 from resumes where path = ${path}) as known,
             exists (select 1 from resume_files where path = ${path}) as stored`),
  );
  if (!state?.known) return 'unreferenced';
  let outcome: keyof DiskImportResult = 'alreadyStored';
  if (!state.stored) {
    const bytes = await readFile(file).catch((error: NodeJS.ErrnoException) => {
      // Deleted since the listing: another process moved it (its insert committed before its delete).
      if (error.code === 'ENOENT') return undefined;
      throw error;
    });
    if (!bytes) return 'alreadyStored';
    const inserted = await db.execute(sql`
      insert into resume_files (path, bytes)
      select path, ${bytes}::bytea from resumes where path = ${path}
      on conflict (path) do nothing
      returning path`);
    if (rowsOf(inserted).length > 0) outcome = 'moved';
  }
  await rm(file, { force: true });
  return outcome;
}

/** A folder's entries, or undefined when it does not exist. */
async function entries(folder: string): Promise<Dirent[] | undefined> {
  try {
    return await readdir(folder, { withFileTypes: true });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
}

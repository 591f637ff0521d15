import { existsSync, readdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { loadDotEnv } from './config/dotenv';
import { EnvError, parseEnv } from './config/env';
import { backupFolder, RestoreError, restoreBackup, writeBackup } from './db/backup';
import { openDatabase } from './db/client';
import { DatabaseConnectionError } from './db/connection-error';
import { DataDirLockedError, lockDataDir } from './lib/data-dir';
import { AFTER_RESTORE_COMMAND, prepareRestoredDatabase, RESTORE_COMMAND, type RestorePause } from './modules/sending/restored-database';

/**
 * `npm run backup`: a consistent copy of the embedded database into DATA_DIR/backups, while Sira runs or not.
 * A running server holds the data folder's lock, and only it may open the database: it is asked with SIGUSR2
 * (server.ts) and this waits for the file it writes. With no server running, this opens the database itself.
 *
 * `npm run restore -- <file>`: puts a backup in place of the database; Sira must be stopped. The restored
 * database starts with sending paused, and the deliveries a worker held when the backup was taken are settled as
 * interrupted (ADR 019): it never sends again by itself what may have gone.
 *
 * `npm run after-restore`: the same pause and settlement for a database restored some other way — pg_restore of
 * PostgreSQL (DATABASE_URL), or an embedded data folder copied by hand — run before Sira starts on it.
 */
const WAIT_FOR_SERVER_MS = 120_000;

async function backup(dataDir: string): Promise<string> {
  let release: () => void;
  try {
    release = lockDataDir(dataDir);
  } catch (error) {
    if (!(error instanceof DataDirLockedError)) throw error;
    return askRunningServer(dataDir, error.pid);
  }
  try {
    const handle = await openDatabase({ dataDir: join(dataDir, 'db') });
    try {
      return await writeBackup(handle, dataDir);
    } finally {
      await handle.close();
    }
  } finally {
    release();
  }
}

async function askRunningServer(dataDir: string, pid: number): Promise<string> {
  const folder = backupFolder(dataDir);
  const before = new Set(existsSync(folder) ? readdirSync(folder) : []);
  process.kill(pid, 'SIGUSR2');
  const deadline = Date.now() + WAIT_FOR_SERVER_MS;
  while (Date.now() < deadline) {
    await new Promise((done) => setTimeout(done, 200));
    const made = existsSync(folder) ? readdirSync(folder).filter((name) => name.endsWith('.tar.gz') && !before.has(name)) : [];
    if (made.length > 0) return join(folder, made.sort().at(-1) as string);
  }
  throw new Error(`The running Sira server (pid ${pid}) did not write a backup within ${WAIT_FOR_SERVER_MS / 1000} s; see its log.`);
}

function pausedNotice({ interrupted }: RestorePause): string {
  const settled =
    interrupted > 0
      ? `${interrupted} ${interrupted === 1 ? 'delivery was' : 'deliveries were'} being sent when the backup was taken: marked failed (they may have gone), credit returned, offered to their users' "resend failed".\n`
      : '';
  return `Sending is PAUSED: the database was restored. Nothing is sent until an administrator resumes sending in the admin panel (sending settings).\n${settled}Resume only once the original database no longer sends: its messages still pending here will go when you resume.`;
}

async function restore(dataDir: string, file: string | undefined): Promise<string> {
  if (!file) throw new RestoreError('Name the backup to restore: npm run restore -- data/backups/sira-….tar.gz');
  const release = lockDataDir(dataDir);
  try {
    let paused: RestorePause = { interrupted: 0 };
    const { keptAside } = await restoreBackup(file, dataDir, new Date(), async (handle) => {
      paused = await prepareRestoredDatabase(handle, RESTORE_COMMAND);
    });
    const restored = keptAside ? `Restored ${file}. The database it replaced is kept in ${keptAside}.` : `Restored ${file}.`;
    return `${restored}\n${pausedNotice(paused)}`;
  } finally {
    release();
  }
}

async function afterRestore(env: ReturnType<typeof parseEnv>): Promise<string> {
  const folder = join(resolve(env.dataDir), 'db');
  if (!env.databaseUrl && !existsSync(folder)) throw new RestoreError(`No embedded database in ${folder}: nothing to pause.`);
  const release = env.databaseUrl ? () => undefined : lockDataDir(env.dataDir);
  try {
    const handle = await openDatabase(env.databaseUrl ? { url: env.databaseUrl } : { dataDir: folder });
    try {
      return pausedNotice(await prepareRestoredDatabase(handle, AFTER_RESTORE_COMMAND));
    } finally {
      await handle.close();
    }
  } finally {
    release();
  }
}

async function main(): Promise<void> {
  loadDotEnv();
  const env = parseEnv(process.env, 'migrate');
  const [command, file] = process.argv.slice(2);
  if (command === 'after-restore') {
    process.stdout.write(`${await afterRestore(env)}\n`);
    return;
  }
  if (env.databaseUrl) {
    throw new EnvError(['DATABASE_URL is set: back up PostgreSQL with pg_dump (docs/deploy.md, "Backups and restore")']);
  }
  if (command === 'restore') {
    process.stdout.write(`${await restore(env.dataDir, file)}\n`);
  } else {
    const written = await backup(env.dataDir);
    process.stdout.write(`Backup written: ${written}\nRestore it (with Sira stopped): npm run restore -- ${written}\n`);
  }
}

main().catch((error: unknown) => {
  const known =
    error instanceof EnvError ||
    error instanceof DataDirLockedError ||
    error instanceof RestoreError ||
    error instanceof DatabaseConnectionError;
  process.stderr.write(`\n${error instanceof Error ? (known ? error.message : (error.stack ?? error.message)) : String(error)}\n\n`);
  process.exit(1);
});

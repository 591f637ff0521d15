import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { loadDotEnv } from './config/dotenv';
import { EnvError, parseEnv } from './config/env';
import { backupFolder, RestoreError, restoreBackup, writeBackup } from './db/backup';
import { openDatabase } from './db/client';
import { DataDirLockedError, lockDataDir } from './lib/data-dir';

/**
 * `npm run backup`: a consistent copy of the embedded database into DATA_DIR/backups, while Sira runs or not.
 * A running server holds the data folder's lock, and only it may open the database: it is asked with SIGUSR2
 * (server.ts) and this waits for the file it writes. With no server running, this opens the database itself.
 *
 * `npm run restore -- <file>`: puts a backup in place of the database; Sira must be stopped.
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

async function restore(dataDir: string, file: string | undefined): Promise<string> {
  if (!file) throw new RestoreError('Name the backup to restore: npm run restore -- data/backups/sira-….tar.gz');
  const release = lockDataDir(dataDir);
  try {
    const { keptAside } = await restoreBackup(file, dataDir);
    return keptAside ? `Restored ${file}. The database it replaced is kept in ${keptAside}.` : `Restored ${file}.`;
  } finally {
    release();
  }
}

async function main(): Promise<void> {
  loadDotEnv();
  const env = parseEnv(process.env, 'migrate');
  if (env.databaseUrl) {
    throw new EnvError(['DATABASE_URL is set: back up PostgreSQL with pg_dump (docs/deploy.md, "Backups and restore")']);
  }
  const [command, file] = process.argv.slice(2);
  if (command === 'restore') {
    process.stdout.write(`${await restore(env.dataDir, file)}\n`);
  } else {
    const written = await backup(env.dataDir);
    process.stdout.write(`Backup written: ${written}\nRestore it (with Sira stopped): npm run restore -- ${written}\n`);
  }
}

main().catch((error: unknown) => {
  const known = error instanceof EnvError || error instanceof DataDirLockedError || error instanceof RestoreError;
  process.stderr.write(`\n${error instanceof Error ? (known ? error.message : (error.stack ?? error.message)) : String(error)}\n\n`);
  process.exit(1);
});

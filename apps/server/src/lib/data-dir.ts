import { randomBytes } from 'node:crypto';
import { closeSync, existsSync, linkSync, mkdirSync, openSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

export class DataDirLockedError extends Error {
  constructor(
    public readonly dataDir: string,
    public readonly pid: number,
  ) {
    super(
      `Another Sira process (pid ${pid}) is already using ${dataDir}. ` +
        'Stop it first, or start this one with a different DATA_DIR. Refusing to start so the database is not corrupted.',
    );
    this.name = 'DataDirLockedError';
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM means the process exists but belongs to someone else: still alive.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * PGlite has no cross-process lock, so the data folder gets one: a file holding the owner's pid, created
 * exclusively. A lock left by a process that died is taken over.
 */
export function lockDataDir(dataDir: string): () => void {
  const dir = resolve(dataDir);
  mkdirSync(dir, { recursive: true });
  const lockPath = join(dir, 'sira.lock');
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(lockPath, 'wx');
      writeFileSync(fd, String(process.pid));
      closeSync(fd);
      let released = false;
      return () => {
        if (released) return;
        released = true;
        rmSync(lockPath, { force: true });
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const pid = Number.parseInt(readFileSync(lockPath, 'utf8'), 10);
      if (Number.isInteger(pid) && pid !== process.pid && isAlive(pid)) throw new DataDirLockedError(dir, pid);
      rmSync(lockPath, { force: true });
    }
  }
  throw new Error(`Could not lock ${dir}`);
}

/**
 * A value generated once and kept in the data folder (embedded mode's APP_SECRET). A server and a worker
 * started together on one folder must agree on it: the file is created exclusively, and whoever comes second
 * reads the first one's value.
 */
export function persistentSecret(dataDir: string, name: string): string {
  const dir = resolve(dataDir);
  const path = join(dir, name);
  if (existsSync(path)) return readFileSync(path, 'utf8').trim();
  mkdirSync(dir, { recursive: true });
  const value = randomBytes(48).toString('base64url');
  // Written aside and linked into place, so nobody reads a file created but not yet written.
  const draft = `${path}.${process.pid}.tmp`;
  writeFileSync(draft, value, { mode: 0o600 });
  try {
    linkSync(draft, path);
    return value;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    return readFileSync(path, 'utf8').trim();
  } finally {
    rmSync(draft, { force: true });
  }
}

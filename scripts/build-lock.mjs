// One build at a time in a folder. Two `npm start` run at once both found the build out of date and rebuilt
// over each other, leaving a web app with most of its files gone for good. The lock is a file holding its
// owner's pid; whoever finds it held waits, and whoever finds it left by a process that died takes it over.
import { linkSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';

const POLL_MS = 200;

function isAlive(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to someone else.
    return error.code === 'EPERM';
  }
}

function holderOf(lockPath) {
  try {
    return Number.parseInt(readFileSync(lockPath, 'utf8'), 10);
  } catch (error) {
    if (error.code === 'ENOENT') return undefined;
    throw error;
  }
}

/** Moves aside a lock left by a process that died. Moving is atomic: of several waiters only one moves it. */
function clearStale(lockPath, deadHolder) {
  const aside = `${lockPath}.stale.${process.pid}`;
  try {
    renameSync(lockPath, aside);
  } catch (error) {
    if (error.code === 'ENOENT') return; // another waiter cleared it first
    throw error;
  }
  if (holderOf(aside) !== deadHolder) {
    // Between our look and our move another waiter cleared it and took the lock: that one is live, put it back.
    try {
      linkSync(aside, lockPath);
    } catch {
      // Someone holds a newer lock already; the moved one was superseded either way.
    }
  }
  rmSync(aside, { force: true });
}

/** Takes the lock if it is free; clears it first when its holder is dead. Returns whether it took it. */
function tryLock(lockPath) {
  // Written aside and linked into place: the lock never exists without its owner's pid in it.
  const draft = `${lockPath}.${process.pid}`;
  writeFileSync(draft, String(process.pid));
  try {
    for (let attempt = 0; attempt < 3; attempt++) {
      try {
        linkSync(draft, lockPath);
        return true;
      } catch (error) {
        if (error.code !== 'EEXIST') throw error;
      }
      const holder = holderOf(lockPath);
      if (holder === undefined) continue; // released meanwhile
      // Our own pid in it is a previous life's (containers reuse pids): this process never nests the lock.
      if (holder !== process.pid && isAlive(holder)) return false;
      clearStale(lockPath, holder);
    }
    return false;
  } finally {
    rmSync(draft, { force: true });
  }
}

/**
 * Runs `fn` holding the folder's build lock (`lockPath`), waiting while a live process holds it.
 * `onWait(pid)` is called once if it has to wait.
 */
export async function withBuildLock(lockPath, fn, { onWait = () => undefined, timeoutMs = 15 * 60_000 } = {}) {
  mkdirSync(dirname(lockPath), { recursive: true });
  const deadline = Date.now() + timeoutMs;
  let told = false;
  while (!tryLock(lockPath)) {
    if (!told) {
      onWait(holderOf(lockPath));
      told = true;
    }
    if (Date.now() > deadline) throw new Error(`Another build (pid ${holderOf(lockPath)}) held ${lockPath} for too long.`);
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
  try {
    return await fn();
  } finally {
    rmSync(lockPath, { force: true });
  }
}

/**
 * Waits while a live process holds the lock, without taking it: for a reader that may not write there (a
 * production start, whose node_modules may be read-only).
 */
export async function waitWhileLocked(lockPath, { onWait = () => undefined, timeoutMs = 15 * 60_000 } = {}) {
  const deadline = Date.now() + timeoutMs;
  let told = false;
  for (let holder = holderOf(lockPath); holder !== undefined && holder !== process.pid && isAlive(holder); holder = holderOf(lockPath)) {
    if (!told) {
      onWait(holder);
      told = true;
    }
    if (Date.now() > deadline) throw new Error(`Another build (pid ${holder}) held ${lockPath} for too long.`);
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
}

export const buildLockPath = (root) => join(root, 'node_modules', '.cache', 'sira-build.lock');

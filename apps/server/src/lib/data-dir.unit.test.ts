import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DataDirLockedError, lockDataDir, persistentSecret } from './data-dir';

describe('lockDataDir', () => {
  it('refuses a second owner while the first holds the lock, and frees it on release', () => {
    const dir = mkdtempSync(join(tmpdir(), 'sira-lock-'));
    const child = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 10000)']);
    try {
      writeFileSync(join(dir, 'sira.lock'), String(child.pid));
      expect(() => lockDataDir(dir)).toThrow(DataDirLockedError);
      expect(() => lockDataDir(dir)).toThrow(/Another Sira process/);
    } finally {
      child.kill();
    }
  });

  it('takes over a lock left by a process that no longer exists', () => {
    const dir = mkdtempSync(join(tmpdir(), 'sira-lock-'));
    writeFileSync(join(dir, 'sira.lock'), '999999');
    const release = lockDataDir(dir);
    expect(readFileSync(join(dir, 'sira.lock'), 'utf8')).toBe(String(process.pid));
    release();
    const again = lockDataDir(dir);
    again();
  });
});

describe('persistentSecret', () => {
  it('is generated once and then read back unchanged', () => {
    const dir = mkdtempSync(join(tmpdir(), 'sira-secret-'));
    const first = persistentSecret(dir, 'app-secret');
    expect(first.length).toBeGreaterThanOrEqual(32);
    expect(persistentSecret(dir, 'app-secret')).toBe(first);
  });

  it('creates the data folder when it does not exist yet (a worker started before any server)', () => {
    const dir = join(mkdtempSync(join(tmpdir(), 'sira-secret-')), 'data');
    const secret = persistentSecret(dir, 'app-secret');
    expect(readFileSync(join(dir, 'app-secret'), 'utf8')).toBe(secret);
  });
});

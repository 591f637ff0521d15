import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { loadDotEnv } from './dotenv';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function envFile(text: string): string {
  const dir = mkdtempSync(join(tmpdir(), 'sira-dotenv-'));
  dirs.push(dir);
  const path = join(dir, '.env');
  writeFileSync(path, text);
  return path;
}

describe('loadDotEnv', () => {
  it('fills in what the environment does not set; the real environment wins, even an empty value', () => {
    const path = envFile(
      [
        '# Sira on this machine',
        'PORT=4100',
        'DATABASE_URL=postgres://file/sira',
        'LOG_LEVEL=debug',
        'SMTP_FROM="Sira <no-reply@sira.example>"',
        '',
      ].join('\n'),
    );
    const target: NodeJS.ProcessEnv = { PORT: '5000', DATABASE_URL: '' };
    const taken = loadDotEnv(path, target);
    expect(target).toEqual({
      PORT: '5000',
      DATABASE_URL: '',
      LOG_LEVEL: 'debug',
      SMTP_FROM: 'Sira <no-reply@sira.example>',
    });
    expect(taken.sort()).toEqual(['LOG_LEVEL', 'SMTP_FROM']);
  });

  it('does nothing when there is no file', () => {
    const target: NodeJS.ProcessEnv = { PORT: '5000' };
    expect(loadDotEnv(join(tmpdir(), 'sira-no-such-folder', '.env'), target)).toEqual([]);
    expect(target).toEqual({ PORT: '5000' });
  });
});

import { describe, expect, it } from 'vitest';
import { dropScratchDatabase } from './drop-database';

const refusal = (code: string) => Object.assign(new Error(`refused ${code}`), { code });

describe('dropScratchDatabase', () => {
  it('waits out an autovacuum worker it may not end (42501), then drops', async () => {
    const statements: string[] = [];
    let refusals = 2;
    const admin = {
      async query(text: string) {
        statements.push(text);
        if (refusals-- > 0) throw refusal('42501');
      },
    };
    await dropScratchDatabase(admin, 'sira_t_x', { delayMs: 1 });
    expect(statements).toEqual(Array(3).fill('DROP DATABASE IF EXISTS sira_t_x WITH (FORCE)'));
  });

  it('gives up after the last attempt and rethrows other errors at once', async () => {
    let calls = 0;
    const failingWith = (code: string) => ({
      async query() {
        calls++;
        throw refusal(code);
      },
    });
    const stuck = failingWith('42501');
    await expect(dropScratchDatabase(stuck, 'sira_t_x', { attempts: 3, delayMs: 1 })).rejects.toThrow('42501');
    expect(calls).toBe(3);
    calls = 0;
    const broken = failingWith('3D000');
    await expect(dropScratchDatabase(broken, 'sira_t_x', { delayMs: 1 })).rejects.toThrow('3D000');
    expect(calls).toBe(1);
  });

  it('refuses a name that is not a plain identifier', async () => {
    await expect(dropScratchDatabase({ query: async () => undefined }, 'x; DROP TABLE y')).rejects.toThrow();
  });
});

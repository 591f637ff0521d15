import { hashPassword as betterAuthHash, verifyPassword as betterAuthVerify } from 'better-auth/crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { TEST_PASSWORD_COST } from '../../../test-support/passwords';
import { hashPassword, PASSWORD_COST, passwordHasher, verifyPassword } from './passwords';

/**
 * Hashes at the full cost are better-auth's, both ways; hashes at a lowered cost name it and verify under any
 * app; a damaged hash matches nothing.
 */
describe('password hashing', () => {
  // Full-cost scrypt is slow (about a second for a hash and a check alone, far more with the processors
  // shared), so each side hashes once here and the tests below only verify. Each password is hashed from its
  // ligature form "ﬁ" (one character) and checked as "fi": one password after NFKC, as better-auth normalises.
  const FULL_COST_MS = 120_000;
  let ours = '';
  let theirs = '';
  beforeAll(async () => {
    ours = await hashPassword('\uFB01le-secret-1');
    theirs = await betterAuthHash('file-secret-2');
  }, FULL_COST_MS);

  it('at the full cost, writes better-auth’s format, which better-auth verifies (NFKC as it does)', { timeout: FULL_COST_MS }, async () => {
    expect(ours).toMatch(/^[0-9a-f]{32}:[0-9a-f]{128}$/);
    expect(await betterAuthVerify({ hash: ours, password: 'file-secret-1' })).toBe(true);
    expect(await betterAuthVerify({ hash: ours, password: 'file-secret-2' })).toBe(false);
  });

  it('verifies better-auth’s own hashes, normalising the password as it does', { timeout: FULL_COST_MS }, async () => {
    expect(await verifyPassword({ hash: theirs, password: '\uFB01le-secret-2' })).toBe(true);
    expect(await verifyPassword({ hash: theirs, password: 'file-secret-1' })).toBe(false);
  });

  it('at a lowered cost, names the cost, and any app verifies it, whatever cost it hashes with', { timeout: FULL_COST_MS }, async () => {
    const fast = passwordHasher(TEST_PASSWORD_COST);
    const hash = await fast.hash('secret-pass-1');
    expect(hash).toMatch(
      new RegExp(`^scrypt:${TEST_PASSWORD_COST.N}:${TEST_PASSWORD_COST.r}:${TEST_PASSWORD_COST.p}:[0-9a-f]{32}:[0-9a-f]{128}$`),
    );
    const full = passwordHasher(PASSWORD_COST);
    expect(await full.verify({ hash, password: 'secret-pass-1' })).toBe(true);
    expect(await full.verify({ hash, password: 'secret-pass-2' })).toBe(false);
    // And a full-cost hash verifies in an app built with the lowered cost.
    expect(await fast.verify({ hash: ours, password: 'file-secret-1' })).toBe(true);
  });

  it('a damaged or foreign hash matches no password and does not throw', async () => {
    const good = await passwordHasher(TEST_PASSWORD_COST).hash('secret-pass-1');
    const [, , , , salt, key] = good.split(':') as string[];
    for (const hash of [
      '',
      'not-a-hash',
      `${salt}:`,
      `:${key}`,
      `${salt}:${key?.slice(0, 64)}`,
      `scrypt:0:8:1:${salt}:${key}`,
      `scrypt:1000:8:1:${salt}:${key}`,
      `scrypt:x:8:1:${salt}:${key}`,
      `bcrypt:1024:8:1:${salt}:${key}`,
      '$2b$10$abcdefghijklmnopqrstuu5Zr1iH2n8J7yM8o8Qz7oQ9b0V8q2e1S',
    ]) {
      expect(await verifyPassword({ hash, password: 'secret-pass-1' }), hash).toBe(false);
    }
  });
});

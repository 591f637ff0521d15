import { hashPassword as betterAuthHash, verifyPassword as betterAuthVerify } from 'better-auth/crypto';
import { describe, expect, it } from 'vitest';
import { TEST_PASSWORD_COST } from '../../../test-support/passwords';
import { hashPassword, PASSWORD_COST, passwordHasher, verifyPassword } from './passwords';

/**
 * Hashes at the full cost are better-auth's, both ways; hashes at a lowered cost name it and verify under any
 * app; a damaged hash matches nothing.
 */
describe('password hashing', () => {
  // scrypt at the production cost, several times: about a second each alone, far more with the processors shared.
  it('at the full cost, writes better-auth’s format, and each side verifies the other’s hashes', { timeout: 120_000 }, async () => {
    const ours = await hashPassword('كلمة-سر-1');
    expect(ours).toMatch(/^[0-9a-f]{32}:[0-9a-f]{128}$/);
    expect(await betterAuthVerify({ hash: ours, password: 'كلمة-سر-1' })).toBe(true);
    expect(await betterAuthVerify({ hash: ours, password: 'كلمة-سر-2' })).toBe(false);

    const theirs = await betterAuthHash('secret-pass-1');
    expect(await verifyPassword({ hash: theirs, password: 'secret-pass-1' })).toBe(true);
    expect(await verifyPassword({ hash: theirs, password: 'secret-pass-2' })).toBe(false);
  });

  // Full-cost scrypt again (see above).
  it('normalises the password as better-auth does (NFKC)', { timeout: 120_000 }, async () => {
    // "ﬁ" (one ligature character) and "fi" are one password after NFKC.
    const hash = await hashPassword('\uFB01le-secret');
    expect(await verifyPassword({ hash, password: 'file-secret' })).toBe(true);
  });

  it('at a lowered cost, names the cost, and any app verifies it, whatever cost it hashes with', async () => {
    const fast = passwordHasher(TEST_PASSWORD_COST);
    const hash = await fast.hash('secret-pass-1');
    expect(hash).toMatch(
      new RegExp(`^scrypt:${TEST_PASSWORD_COST.N}:${TEST_PASSWORD_COST.r}:${TEST_PASSWORD_COST.p}:[0-9a-f]{32}:[0-9a-f]{128}$`),
    );
    const full = passwordHasher(PASSWORD_COST);
    expect(await full.verify({ hash, password: 'secret-pass-1' })).toBe(true);
    expect(await full.verify({ hash, password: 'secret-pass-2' })).toBe(false);
    // And a full-cost hash verifies in an app built with the lowered cost.
    expect(await fast.verify({ hash: await full.hash('secret-pass-1'), password: 'secret-pass-1' })).toBe(true);
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

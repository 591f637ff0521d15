import { describe, expect, it } from 'vitest';
import { createSecretBox } from './secret-box';

describe('secret box', () => {
  const box = createSecretBox('a'.repeat(40));

  it('round-trips text, including Arabic, and never stores it in the clear', () => {
    const sealed = box.seal('رمز-سري 1//0gAbc');
    expect(sealed).not.toContain('1//0gAbc');
    expect(box.open(sealed)).toBe('رمز-سري 1//0gAbc');
  });

  it('uses a fresh IV each time', () => {
    expect(box.seal('x')).not.toBe(box.seal('x'));
  });

  it('refuses tampered ciphertext and another secret’s ciphertext', () => {
    const sealed = box.seal('token');
    const parts = sealed.split('.');
    const body = Buffer.from(parts[3] ?? '', 'base64url');
    body[0] = (body[0] ?? 0) ^ 1;
    parts[3] = body.toString('base64url');
    expect(() => box.open(parts.join('.'))).toThrow();
    expect(() => createSecretBox('b'.repeat(40)).open(sealed)).toThrow();
    expect(() => box.open('plain-text')).toThrow(/not a sealed value/);
  });
});

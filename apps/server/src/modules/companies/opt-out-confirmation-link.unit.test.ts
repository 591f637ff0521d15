import { describe, expect, it } from 'vitest';
import { createSecretBox } from '../../lib/secret-box';
import { createOptOutConfirmationLinks } from './opt-out-confirmation-link';

const secretBox = createSecretBox('a-test-secret-that-is-long-enough-for-hkdf-0123456789');
const links = createOptOutConfirmationLinks(secretBox, 'https://sira.example/');
const requestId = '0b6f3c1e-5d2a-4c8e-9f71-2a3b4c5d6e7f';
const tokenOf = (url: string) => url.split('/opt-out/confirm/')[1] as string;

describe('the confirmation link mailed to a company', () => {
  it('carries its request and nothing else', () => {
    const url = links.url(requestId);
    expect(url.startsWith('https://sira.example/opt-out/confirm/')).toBe(true);
    expect(links.verify(tokenOf(url))).toBe(requestId);
  });

  it('refuses any change, another key, and other spellings', () => {
    const token = tokenOf(links.url(requestId));
    const bytes = Buffer.from(token, 'base64url');
    const flipped = (at: number) => {
      const copy = Buffer.from(bytes);
      copy[at] = (copy[at] as number) ^ 1;
      return copy.toString('base64url');
    };
    for (const at of [0, 1, 16, 17, bytes.length - 1]) expect(links.verify(flipped(at))).toBeNull();
    const otherKey = createOptOutConfirmationLinks(
      createSecretBox('another-secret-that-is-long-enough-for-hkdf-987654321'),
      'https://sira.example',
    );
    expect(otherKey.verify(token)).toBeNull();
    expect(links.verify(`${token}A`)).toBeNull();
    expect(links.verify(token.slice(0, -1))).toBeNull();
    expect(links.verify(`${token}=`)).toBeNull();
    expect(links.verify('')).toBeNull();
  });
});

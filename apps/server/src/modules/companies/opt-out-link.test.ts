import { describe, expect, it } from 'vitest';
import { createSecretBox } from '../../lib/secret-box';
import { createOptOutLinks } from './opt-out-link';

const links = createOptOutLinks(createSecretBox('an-app-secret-for-the-opt-out-link-tests-0123456789'), 'https://sira.example.sa/');
const claim = { deliveryId: '0b6f3c1e-5d2a-4c8e-9f71-2a3b4c5d6e7f', email: 'hr@company.example.sa' };

/** The token with one character of its `part` (0: the claim, 1: the signature) changed. */
function tampered(token: string, part: 0 | 1, at: number): string {
  const parts = token.split('.') as [string, string];
  const text = parts[part];
  const i = at < 0 ? text.length + at : at;
  const swapped = text[i] === 'A' ? 'B' : 'A';
  parts[part] = text.slice(0, i) + swapped + text.slice(i + 1);
  return parts.join('.');
}

describe('opt-out link', () => {
  it('carries the delivery and its address under the public address, and verifies', () => {
    const url = links.url(claim);
    expect(url).toMatch(/^https:\/\/sira\.example\.sa\/opt-out\/[A-Za-z0-9_-]+\.[A-Za-z0-9_-]{22}$/);
    const token = url.split('/opt-out/')[1] as string;
    expect(links.verify(token)).toEqual(claim);
  });

  it('lower-cases the address it signs', () => {
    expect(links.verify(links.token({ ...claim, email: 'HR@Company.Example.SA' }))).toEqual(claim);
  });

  it('differs for every delivery, so one link never stands for another', () => {
    const other = links.token({ ...claim, deliveryId: '0b6f3c1e-5d2a-4c8e-9f71-2a3b4c5d6e70' });
    expect(other).not.toBe(links.token(claim));
    expect(other.split('.')[1]).not.toBe(links.token(claim).split('.')[1]);
  });

  it('refuses a token whose claim or signature was changed anywhere', () => {
    const token = links.token(claim);
    const [body, mac] = token.split('.') as [string, string];
    for (let i = 0; i < body.length; i++) expect(links.verify(tampered(token, 0, i)), `claim character ${i}`).toBeNull();
    for (let i = 0; i < mac.length; i++) expect(links.verify(tampered(token, 1, i)), `signature character ${i}`).toBeNull();
  });

  it('refuses a claim for another address signed with the right key for a different address', () => {
    const forged = `${Buffer.concat([Buffer.from([1]), Buffer.from(claim.deliveryId.replaceAll('-', ''), 'hex'), Buffer.from('ceo@company.example.sa')]).toString('base64url')}.${links.token(claim).split('.')[1]}`;
    expect(links.verify(forged)).toBeNull();
  });

  it('refuses a token signed under another APP_SECRET', () => {
    const elsewhere = createOptOutLinks(createSecretBox('another-installation-secret-0123456789-abcdefgh'), 'https://sira.example.sa');
    expect(links.verify(elsewhere.token(claim))).toBeNull();
  });

  it('refuses a signature made by the same secret for another purpose', () => {
    const box = createSecretBox('an-app-secret-for-the-opt-out-link-tests-0123456789');
    const body = links.token(claim).split('.')[0] as string;
    const otherPurpose = box.mac('another-purpose', Buffer.from(body, 'base64url')).subarray(0, 16).toString('base64url');
    expect(links.verify(`${body}.${otherPurpose}`)).toBeNull();
  });

  it('refuses what is not a token: empty, cut short, extra parts, other characters, too long', () => {
    const token = links.token(claim);
    for (const bad of [
      '',
      '.',
      token.split('.')[0] as string,
      `${token}.x`,
      token.slice(0, -1),
      `${token}=`,
      token.replace('.', '/'),
      'a'.repeat(801),
    ])
      expect(links.verify(bad), JSON.stringify(bad)).toBeNull();
  });
});

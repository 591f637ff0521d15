import { describe, expect, it } from 'vitest';
import { createSecretBox } from '../../lib/secret-box';
import { createOptOutLinks } from './opt-out-link';

const SECRET = 'an-app-secret-for-the-opt-out-link-tests-0123456789';
const links = createOptOutLinks(createSecretBox(SECRET), 'https://sira.example.sa/');
const claim = { deliveryId: '0b6f3c1e-5d2a-4c8e-9f71-2a3b4c5d6e7f', email: 'hr@company.example.sa' };

/** The token with its character at `i` changed. */
const tampered = (token: string, i: number) => token.slice(0, i) + (token[i] === 'A' ? 'B' : 'A') + token.slice(i + 1);

/** A token laid out as the link's, for a claim and signature of the test's choosing. */
const tokenOf = (email: string, signature: Buffer) =>
  Buffer.concat([Buffer.from([1]), Buffer.from(claim.deliveryId.replaceAll('-', ''), 'hex'), Buffer.from(email), signature]).toString(
    'base64url',
  );

describe('opt-out link', () => {
  it('carries the delivery and its address under the public address, and verifies', () => {
    const url = links.url(claim);
    expect(url).toMatch(/^https:\/\/sira\.example\.sa\/opt-out\/[A-Za-z0-9_-]+$/);
    expect(links.verify(url.split('/opt-out/')[1] as string)).toEqual(claim);
  });

  it('never ends in something a web server would take for a file extension', () => {
    for (let n = 0; n < 200; n++) {
      const token = links.token({ ...claim, deliveryId: `0b6f3c1e-5d2a-4c8e-9f71-${String(n).padStart(12, '0')}` });
      expect(token).not.toContain('.');
    }
  });

  it('lower-cases the address it signs', () => {
    expect(links.verify(links.token({ ...claim, email: 'HR@Company.Example.SA' }))).toEqual(claim);
  });

  it('differs for every delivery, so one link never stands for another', () => {
    const other = links.token({ ...claim, deliveryId: '0b6f3c1e-5d2a-4c8e-9f71-2a3b4c5d6e70' });
    expect(other.slice(-22)).not.toBe(links.token(claim).slice(-22));
  });

  it('refuses a token changed at any character, claim or signature', () => {
    const token = links.token(claim);
    for (let i = 0; i < token.length; i++) expect(links.verify(tampered(token, i)), `character ${i}`).toBeNull();
  });

  it('refuses another address carrying the signature made for this one', () => {
    const signature = Buffer.from(links.token(claim), 'base64url').subarray(-16);
    expect(links.verify(tokenOf('ceo@company.example.sa', signature))).toBeNull();
  });

  it('refuses a token signed under another APP_SECRET', () => {
    const elsewhere = createOptOutLinks(createSecretBox('another-installation-secret-0123456789-abcdefgh'), 'https://sira.example.sa');
    expect(links.verify(elsewhere.token(claim))).toBeNull();
  });

  it('refuses a signature made by the same secret for another purpose', () => {
    const payload = Buffer.from(links.token(claim), 'base64url').subarray(0, -16);
    const otherPurpose = createSecretBox(SECRET).mac('another-purpose', payload).subarray(0, 16);
    expect(links.verify(Buffer.concat([payload, otherPurpose]).toString('base64url'))).toBeNull();
  });

  it('refuses what is not a token: empty, cut short, other characters, too long', () => {
    const token = links.token(claim);
    for (const bad of ['', token.slice(0, -1), token.slice(0, 30), `${token}=`, `${token}.x`, token.replace(/^./, '/'), 'a'.repeat(801)])
      expect(links.verify(bad), JSON.stringify(bad)).toBeNull();
  });
});

import { describe, expect, it } from 'vitest';
import { createSecretBox } from '../../../lib/secret-box';
import { createEmailChangeUndoLinks } from './undo-link';

const SECRET = 'an-app-secret-for-the-undo-link-tests-0123456789abcdef';
const links = createEmailChangeUndoLinks(createSecretBox(SECRET), 'https://sira.example.sa/');
const changeId = '5e0c2a7b-1f3d-4a6e-8b9c-0d1e2f3a4b5c';

/** The token with its character at `i` changed. */
const tampered = (token: string, i: number) => token.slice(0, i) + (token[i] === 'A' ? 'B' : 'A') + token.slice(i + 1);

describe('e-mail change undo link', () => {
  it('carries the change under the public address, on the web page of the undo, and verifies', () => {
    const url = links.url(changeId);
    expect(url).toMatch(/^https:\/\/sira\.example\.sa\/email-change-undo\/[A-Za-z0-9_-]{44}$/);
    expect(links.verify(url.split('/email-change-undo/')[1] as string)).toBe(changeId);
  });

  it('differs for every change, so one link never undoes another', () => {
    const other = '5e0c2a7b-1f3d-4a6e-8b9c-0d1e2f3a4b5d';
    expect(links.verify(links.token(other))).toBe(other);
    expect(links.token(other).slice(-22)).not.toBe(links.token(changeId).slice(-22));
  });

  it('refuses a token changed at any character, and one cut short or lengthened', () => {
    const token = links.token(changeId);
    for (let i = 0; i < token.length; i++) expect(links.verify(tampered(token, i)), `character ${i}`).toBeNull();
    expect(links.verify(token.slice(0, -1))).toBeNull();
    expect(links.verify(`${token}A`)).toBeNull();
    expect(links.verify(`${token}.pdf`)).toBeNull();
    expect(links.verify('')).toBeNull();
  });

  it('refuses another change carrying the signature made for this one', () => {
    const signature = Buffer.from(links.token(changeId), 'base64url').subarray(-16);
    const forged = Buffer.concat([Buffer.from([1]), Buffer.from('5e0c2a7b1f3d4a6e8b9c0d1e2f3a4b5d', 'hex'), signature]);
    expect(links.verify(forged.toString('base64url'))).toBeNull();
  });

  it('refuses a token signed under another APP_SECRET', () => {
    const elsewhere = createEmailChangeUndoLinks(
      createSecretBox('another-installation-secret-0123456789-abcdefgh'),
      'https://sira.example.sa',
    );
    expect(links.verify(elsewhere.token(changeId))).toBeNull();
  });

  it('refuses a signature made by the same secret for another purpose (an opt-out link)', () => {
    const payload = Buffer.from(links.token(changeId), 'base64url').subarray(0, -16);
    const otherPurpose = createSecretBox(SECRET).mac('opt-out-link', payload).subarray(0, 16);
    expect(links.verify(Buffer.concat([payload, otherPurpose]).toString('base64url'))).toBeNull();
  });
});

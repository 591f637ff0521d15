import { timingSafeEqual } from 'node:crypto';
import { emailChangeUndoHref } from '@sira/shared';
import type { SecretBox } from '../../../lib/secret-box';

/**
 * The link in the notice mailed to the address an account had before an e-mail change (ADR 012). Its token
 * names one email_changes row, signed with a key derived from APP_SECRET for this purpose alone:
 *
 *   base64url(version ‖ email_changes id (16 bytes) ‖ first 16 bytes of HMAC-SHA256 of what precedes)
 *
 * One run of base64url characters (no dot: the web server takes a path ending in ".word" for a file). The
 * token holds no address and no date: the row says which account and addresses, and its created_at how long
 * the link may undo (checked by the server, so no clock on the holder's side matters). It cannot be guessed or
 * altered (128-bit MAC, compared in constant time); it is only as secret as the mailbox it was sent to, which
 * is exactly what it proves.
 */

const PURPOSE = 'email-change-undo-link';
const VERSION = 1;
const ID_BYTES = 16;
const MAC_BYTES = 16;
const TOKEN_BYTES = 1 + ID_BYTES + MAC_BYTES;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const BASE64URL = /^[A-Za-z0-9_-]+$/;

export interface EmailChangeUndoLinks {
  token(changeId: string): string;
  url(changeId: string): string;
  /** The email_changes id a token carries, or null when it is not one this installation signed. */
  verify(token: string): string | null;
}

function uuidBytes(id: string): Buffer {
  if (!UUID.test(id)) throw new Error(`email change undo link: not a row id: ${id}`);
  return Buffer.from(id.replaceAll('-', ''), 'hex');
}

function uuidText(bytes: Buffer): string {
  const hex = bytes.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

export function createEmailChangeUndoLinks(secretBox: Pick<SecretBox, 'mac'>, publicBaseUrl: string): EmailChangeUndoLinks {
  const base = publicBaseUrl.replace(/\/+$/, '');
  const sign = (payload: Buffer) => secretBox.mac(PURPOSE, payload).subarray(0, MAC_BYTES);
  const links: EmailChangeUndoLinks = {
    token(changeId) {
      const payload = Buffer.concat([Buffer.from([VERSION]), uuidBytes(changeId)]);
      return Buffer.concat([payload, sign(payload)]).toString('base64url');
    },
    url(changeId) {
      return `${base}${emailChangeUndoHref(links.token(changeId))}`;
    },
    verify(token) {
      if (token.length > 64 || !BASE64URL.test(token)) return null;
      const bytes = Buffer.from(token, 'base64url');
      // Re-encoding must give the same text: no second spelling of one token.
      if (bytes.length !== TOKEN_BYTES || bytes.toString('base64url') !== token) return null;
      const payload = bytes.subarray(0, 1 + ID_BYTES);
      if (!timingSafeEqual(bytes.subarray(1 + ID_BYTES), sign(payload))) return null;
      if (payload[0] !== VERSION) return null;
      return uuidText(payload.subarray(1));
    },
  };
  return links;
}

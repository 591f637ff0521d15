import { timingSafeEqual } from 'node:crypto';
import type { SecretBox } from '../../lib/secret-box';

/**
 * The link mailed to a company's address to confirm a request made through an opt-out link (ADR 018): only
 * whoever reads that mailbox holds it, which is what makes a request for every user the company's own.
 *
 *   base64url(version ‖ request id (16 bytes) ‖ first 16 bytes of HMAC-SHA256 of what precedes)
 *
 * under a key derived from APP_SECRET for this purpose alone. The request's age is checked against its row
 * (CONFIRMATION_DAYS), so nothing else is stored.
 */

const PURPOSE = 'opt-out-confirmation';
const VERSION = 1;
const MAC_BYTES = 16;
const TOKEN_BYTES = 1 + 16 + MAC_BYTES;

/** How long a confirmation link works after the request. */
export const CONFIRMATION_DAYS = 7;

export interface OptOutConfirmationLinks {
  url(requestId: string): string;
  /** The request id a token carries, or null when it is not one this installation signed. */
  verify(token: string): string | null;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

export function createOptOutConfirmationLinks(secretBox: Pick<SecretBox, 'mac'>, publicBaseUrl: string): OptOutConfirmationLinks {
  const base = publicBaseUrl.replace(/\/+$/, '');
  const sign = (payload: Buffer) => secretBox.mac(PURPOSE, payload).subarray(0, MAC_BYTES);
  return {
    url(requestId) {
      if (!UUID.test(requestId)) throw new Error(`opt-out confirmation: not a request id: ${requestId}`);
      const payload = Buffer.concat([Buffer.from([VERSION]), Buffer.from(requestId.replaceAll('-', ''), 'hex')]);
      return `${base}/opt-out/confirm/${Buffer.concat([payload, sign(payload)]).toString('base64url')}`;
    },
    verify(token) {
      if (token.length > 64 || !/^[A-Za-z0-9_-]+$/.test(token)) return null;
      const bytes = Buffer.from(token, 'base64url');
      if (bytes.length !== TOKEN_BYTES || bytes.toString('base64url') !== token) return null;
      const payload = bytes.subarray(0, 1 + 16);
      if (!timingSafeEqual(bytes.subarray(1 + 16), sign(payload)) || payload[0] !== VERSION) return null;
      const hex = payload.subarray(1).toString('hex');
      return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
    },
  };
}

import { timingSafeEqual } from 'node:crypto';
import { isMailAddress } from '@sira/shared';
import type { SecretBox } from '../../lib/secret-box';

/**
 * The personal link at the foot of every application e-mail (ADR 013). Its token names one delivery and the
 * address it went to, signed with a key derived from APP_SECRET for this purpose alone:
 *
 *   base64url(version ‖ delivery id (16 bytes) ‖ address, UTF-8 ‖ first 16 bytes of HMAC-SHA256 of what precedes)
 *
 * One run of base64url characters, no separator: the web server takes a path ending in ".word" for a missing
 * file, so a dot before the signature would break some links and not others.
 * Whoever holds it may stop CVs to that one address (or ask for another), nothing else: it opens no account
 * and shows only the company's name and the address the mail was sent to, which its holder read in the mail.
 * The address travels in the token so the link still works after the sending user's account, and with it
 * the delivery, is deleted. A token is only as secret as the mail that carried it; it cannot be guessed or
 * altered (128-bit MAC, compared in constant time).
 */

const PURPOSE = 'opt-out-link';
const VERSION = 1;
const MAC_BYTES = 16;
/** A token longer than this is refused before any work (an address is at most 254 characters). */
const MAX_TOKEN_LENGTH = 800;

export interface OptOutClaim {
  deliveryId: string;
  /** The address the delivery went to, lower-cased. */
  email: string;
}

export interface OptOutLinks {
  token(claim: OptOutClaim): string;
  url(claim: OptOutClaim): string;
  /** The claim a token carries, or null when it is not one this installation signed. */
  verify(token: string): OptOutClaim | null;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const BASE64URL = /^[A-Za-z0-9_-]+$/;

function uuidBytes(id: string): Buffer {
  if (!UUID.test(id)) throw new Error(`opt-out link: not a delivery id: ${id}`);
  return Buffer.from(id.replaceAll('-', ''), 'hex');
}

function uuidText(bytes: Buffer): string {
  const hex = bytes.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

export function createOptOutLinks(secretBox: Pick<SecretBox, 'mac'>, publicBaseUrl: string): OptOutLinks {
  const base = publicBaseUrl.replace(/\/+$/, '');
  const sign = (payload: Buffer) => secretBox.mac(PURPOSE, payload).subarray(0, MAC_BYTES);
  const links: OptOutLinks = {
    token(claim) {
      const payload = Buffer.concat([Buffer.from([VERSION]), uuidBytes(claim.deliveryId), Buffer.from(claim.email.toLowerCase(), 'utf8')]);
      return Buffer.concat([payload, sign(payload)]).toString('base64url');
    },
    url(claim) {
      return `${base}/opt-out/${links.token(claim)}`;
    },
    verify(token) {
      if (token.length > MAX_TOKEN_LENGTH || !BASE64URL.test(token)) return null;
      const bytes = Buffer.from(token, 'base64url');
      // Re-encoding must give the same text: no second spelling of one token (padding bits, trailing characters).
      if (bytes.toString('base64url') !== token || bytes.length < 1 + 16 + 3 + MAC_BYTES) return null;
      const payload = bytes.subarray(0, bytes.length - MAC_BYTES);
      if (!timingSafeEqual(bytes.subarray(bytes.length - MAC_BYTES), sign(payload))) return null;
      if (payload[0] !== VERSION) return null;
      const email = payload.subarray(17).toString('utf8');
      if (!isMailAddress(email) || email !== email.toLowerCase()) return null;
      return { deliveryId: uuidText(payload.subarray(1, 17)), email };
    },
  };
  return links;
}

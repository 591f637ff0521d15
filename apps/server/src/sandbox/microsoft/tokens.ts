import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * The sandbox's codes and tokens, stateless like the Google sandbox's (google/tokens.ts): a JSON payload
 * signed with HMAC-SHA256 under the sandbox's secret, so a restart keeps issued tokens valid. Only
 * revocations and single-use codes need storage. Prefixes only hint at Microsoft's (personal accounts' codes
 * and refresh tokens start `M.`, their access tokens `EwA`); clients must treat all three as opaque.
 */

export type TokenKind = 'code' | 'access' | 'refresh';
export type AccountType = 'consumer' | 'organization';

export interface TokenClaims {
  k: TokenKind;
  /** Client (application) id. */
  c: string;
  /** Mailbox (lower-case address). */
  e: string;
  /** Personal Microsoft account or work/school account. */
  t: AccountType;
  /** Granted scopes, space-separated, as the request named them. */
  s: string;
  /** Grant id shared by every token of one consent. */
  g: string;
  /** When consent was given (ms); a mailbox-wide revocation ends grants given before it. */
  gi: number;
  /** Expiry (ms) of codes and access tokens. */
  x?: number;
  /** Code only: redirect URI, PKCE challenge and a nonce that makes it single-use. */
  r?: string;
  pc?: string;
  n?: string;
}

const PREFIX: Record<TokenKind, string> = { code: 'M.C5sbx', access: 'EwAsbx', refresh: 'M.R3sbx' };

export function signToken(secret: string, claims: TokenClaims): string {
  const payload = Buffer.from(JSON.stringify(claims)).toString('base64url');
  const mac = createHmac('sha256', secret).update(`ms.${claims.k}.${payload}`).digest('base64url');
  return `${PREFIX[claims.k]}.${payload}.${mac}`;
}

export function verifyToken(secret: string, token: string, kind: TokenKind): TokenClaims | undefined {
  const prefix = `${PREFIX[kind]}.`;
  if (!token.startsWith(prefix)) return undefined;
  const [payload, mac] = token.slice(prefix.length).split('.');
  if (!payload || !mac) return undefined;
  const expected = createHmac('sha256', secret).update(`ms.${kind}.${payload}`).digest();
  const given = Buffer.from(mac, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return undefined;
  try {
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as TokenClaims;
    return claims.k === kind ? claims : undefined;
  } catch {
    return undefined;
  }
}

export const newGrantId = () => randomBytes(9).toString('base64url');
export const newNonce = () => randomBytes(6).toString('base64url');
export const newRequestId = () => guidFrom(randomBytes(16));

/** PKCE S256: BASE64URL(SHA256(verifier)) (RFC 7636 §4.2). */
export function pkceChallenge(verifier: string): string {
  return createHash('sha256').update(verifier).digest('base64url');
}

/** The tenant id every personal Microsoft account carries in its ID token (`tid`). */
export const CONSUMER_TENANT_ID = '9188040d-6c67-4c5b-b112-36a304b66dad';

function guidFrom(bytes: Buffer): string {
  const hex = bytes.subarray(0, 16).toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20, 32)}`;
}

const digest = (text: string) => createHash('sha256').update(text).digest();

/** A work or school account's directory: one per domain here, as an organisation usually has. */
export function tenantFor(email: string, type: AccountType): string {
  return type === 'consumer' ? CONSUMER_TENANT_ID : guidFrom(digest(`sira-sandbox-tenant:${email.split('@')[1] ?? ''}`));
}

/**
 * Graph's user id: a GUID for a work or school account, 16 hex digits for a personal account — the shape a
 * client may fall back on when no ID token says which kind of account it is.
 */
export function objectIdFor(email: string, type: AccountType): string {
  const bytes = digest(`sira-sandbox-oid:${email}`);
  return type === 'consumer' ? bytes.subarray(0, 8).toString('hex') : guidFrom(bytes);
}

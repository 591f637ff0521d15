import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * The sandbox's codes and tokens are stateless: a JSON payload signed with HMAC-SHA256 under the sandbox's
 * secret. In embedded mode that secret is derived from APP_SECRET, so a restart keeps every issued token
 * valid and users stay linked. Only revocations need storage (see store.ts). Prefixes imitate Google's
 * (`4/` codes, `ya29.` access tokens, `1//` refresh tokens); the sizes stay within Google's documented
 * limits (code 256, access 2048, refresh 512 bytes).
 */

export type TokenKind = 'code' | 'access' | 'refresh';

export interface TokenClaims {
  /** Which kind: a code can never be used as a token, nor the reverse. */
  k: TokenKind;
  /** Client id the grant belongs to. */
  c: string;
  /** Mailbox (lower-case address). */
  e: string;
  /** Granted scopes, space-separated. */
  s: string;
  /** Grant id: every token of one consent shares it, so revoking one revokes all. */
  g: string;
  /** When the grant was given (ms); a mailbox-wide revocation invalidates grants given before it. */
  gi: number;
  /** Expiry (ms) for codes and access tokens. */
  x?: number;
  /** Code only: redirect URI and PKCE challenge it was issued for. */
  r?: string;
  pc?: string;
  /** Code only: nonce so each code is single-use. */
  n?: string;
}

const PREFIX: Record<TokenKind, string> = { code: '4/0sbx', access: 'ya29.sbx', refresh: '1//0sbx' };

export function signToken(secret: string, claims: TokenClaims): string {
  const payload = Buffer.from(JSON.stringify(claims)).toString('base64url');
  const mac = createHmac('sha256', secret).update(`${claims.k}.${payload}`).digest('base64url');
  return `${PREFIX[claims.k]}.${payload}.${mac}`;
}

/** The claims of a token this sandbox signed with this secret, of the expected kind; otherwise undefined. */
export function verifyToken(secret: string, token: string, kind: TokenKind): TokenClaims | undefined {
  const prefix = `${PREFIX[kind]}.`;
  if (!token.startsWith(prefix)) return undefined;
  const [payload, mac] = token.slice(prefix.length).split('.');
  if (!payload || !mac) return undefined;
  const expected = createHmac('sha256', secret).update(`${kind}.${payload}`).digest();
  const given = Buffer.from(mac, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return undefined;
  try {
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as TokenClaims;
    return claims.k === kind ? claims : undefined;
  } catch {
    return undefined;
  }
}

/** Any of the three kinds (revoke accepts access and refresh tokens). */
export function verifyAnyToken(secret: string, token: string): TokenClaims | undefined {
  return verifyToken(secret, token, 'refresh') ?? verifyToken(secret, token, 'access');
}

export const newGrantId = () => randomBytes(9).toString('base64url');
export const newNonce = () => randomBytes(6).toString('base64url');

/** PKCE S256: BASE64URL(SHA256(verifier)) (RFC 7636 §4.2). */
export function pkceChallenge(verifier: string): string {
  return createHash('sha256').update(verifier).digest('base64url');
}

/** Google's `sub` is a stable 21-digit number per account; here it is derived from the address. */
export function subjectFor(email: string): string {
  const digest = createHash('sha256').update(`sira-sandbox-sub:${email}`).digest();
  let digits = '1';
  for (let i = 0; digits.length < 21; i++) digits += String((digest[i % digest.length] ?? 0) % 10);
  return digits;
}

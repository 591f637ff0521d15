import type { MicrosoftEndpoints } from '../../../../config/providers';
import { MailboxUnavailableError } from '../../mailbox-errors';

/**
 * The Microsoft identity platform's authorization-code flow with PKCE for the `common` authority (work,
 * school and personal accounts), and reading the linked account with Graph's /me (integrations.md §D1–D4).
 * The same code talks to Microsoft in production and to the sandbox elsewhere: only the endpoints differ.
 * Tokens pass through here and are never logged: errors carry Microsoft's error and AADSTS codes only.
 */

/**
 * Exactly what Sira asks for: send as the user, keep access (a refresh token), read the address. No read
 * access to the mailbox — which is also why a message over Graph's 4 MB request limit cannot be sent
 * (graph-send.ts).
 */
export const MICROSOFT_SCOPES = ['offline_access', 'Mail.Send', 'User.Read'] as const;

/** Every personal Microsoft account's ID token carries this tenant id (`tid`). */
export const CONSUMER_TENANT_ID = '9188040d-6c67-4c5b-b112-36a304b66dad';

/** A personal account (Outlook.com, Hotmail, Live) or a work or school account (Microsoft 365). */
export type MicrosoftAccountType = 'consumer' | 'organization';

/** Every call gives up after this long; a hung connection must not hold a worker or a request. */
export const MICROSOFT_TIMEOUT_MS = 10_000;

/** Microsoft answered with an OAuth error (`error`, AADSTS `error_codes`), e.g. 401 invalid_client. */
export class MicrosoftOAuthError extends Error {
  constructor(
    readonly status: number,
    readonly error: string,
    readonly codes: readonly number[],
  ) {
    super(`microsoft oauth ${status} ${error}${codes.length ? ` AADSTS${codes.join(',')}` : ''}`);
    this.name = 'MicrosoftOAuthError';
  }
}

/** No usable answer: network error, timeout or a 5xx. Worth retrying. */
export class MicrosoftUnavailableError extends Error {
  constructor(
    message: string,
    readonly status?: number,
  ) {
    super(message);
    this.name = 'MicrosoftUnavailableError';
  }
}

export interface MicrosoftTokens {
  accessToken: string;
  /** Microsoft sends a new one with every answer; store it, the old one keeps working until it expires. */
  refreshToken: string | undefined;
  expiresAt: Date;
  /** Granted scopes as Microsoft lists them (without the Graph resource prefix). */
  scope: string;
  /** Only when `openid` was asked for, which Sira does not do. */
  idToken: string | undefined;
}

export interface MicrosoftAccount {
  /** Graph's stable user id. */
  id: string;
  email: string;
  accountType: MicrosoftAccountType;
}

export interface ClientCredentials {
  clientId: string;
  clientSecret: string;
}

/** Errors that need the person to sign in again: the link is dead, whatever the AADSTS code says why. */
const RELINK_ERRORS = new Set(['invalid_grant', 'interaction_required']);

async function call(url: string, init: RequestInit): Promise<Response> {
  try {
    return await fetch(url, { ...init, signal: AbortSignal.timeout(MICROSOFT_TIMEOUT_MS) });
  } catch (error) {
    const reason = error instanceof Error && error.name === 'TimeoutError' ? 'timed out' : 'network error';
    throw new MicrosoftUnavailableError(`microsoft ${reason}`);
  }
}

async function readJson(response: Response): Promise<Record<string, unknown>> {
  try {
    const body: unknown = await response.json();
    return body && typeof body === 'object' ? (body as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

async function postToken(endpoints: MicrosoftEndpoints, form: Record<string, string>): Promise<MicrosoftTokens> {
  const response = await call(endpoints.tokenUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
    body: new URLSearchParams(form).toString(),
  });
  const body = await readJson(response);
  if (response.status >= 500) throw new MicrosoftUnavailableError(`microsoft token endpoint ${response.status}`, response.status);
  if (!response.ok) {
    const codes = Array.isArray(body.error_codes) ? body.error_codes.filter((c): c is number => typeof c === 'number') : [];
    throw new MicrosoftOAuthError(response.status, typeof body.error === 'string' ? body.error : 'unknown_error', codes);
  }
  if (typeof body.access_token !== 'string') throw new MicrosoftUnavailableError('microsoft token answer without access_token');
  const expiresIn = typeof body.expires_in === 'number' ? body.expires_in : Number(body.expires_in ?? 3600) || 3600;
  return {
    accessToken: body.access_token,
    refreshToken: typeof body.refresh_token === 'string' ? body.refresh_token : undefined,
    expiresAt: new Date(Date.now() + expiresIn * 1000),
    scope: typeof body.scope === 'string' ? body.scope : '',
    idToken: typeof body.id_token === 'string' ? body.id_token : undefined,
  };
}

/** Whether the granted scopes include `scope` (Microsoft may name it with the Graph resource in front). */
export function hasScope(granted: string, scope: string): boolean {
  return granted
    .split(/\s+/)
    .map((s) => s.replace(/^https:\/\/graph\.microsoft\.com\//i, '').toLowerCase())
    .includes(scope.toLowerCase());
}

/**
 * The sign-in page's address: the three scopes, state, PKCE S256. `prompt=select_account` lets a person with
 * several Microsoft accounts pick the mailbox to link instead of being signed in with the last one used.
 */
export function microsoftAuthorizationUrl(
  endpoints: MicrosoftEndpoints,
  params: { clientId: string; redirectUri: string; state: string; codeChallenge: string; loginHint?: string },
): string {
  const url = new URL(endpoints.authorizeUrl);
  url.search = new URLSearchParams({
    client_id: params.clientId,
    response_type: 'code',
    redirect_uri: params.redirectUri,
    response_mode: 'query',
    scope: MICROSOFT_SCOPES.join(' '),
    state: params.state,
    prompt: 'select_account',
    code_challenge: params.codeChallenge,
    code_challenge_method: 'S256',
    ...(params.loginHint ? { login_hint: params.loginHint } : {}),
  }).toString();
  return url.toString();
}

export function exchangeMicrosoftCode(
  endpoints: MicrosoftEndpoints,
  client: ClientCredentials,
  params: { code: string; redirectUri: string; codeVerifier: string },
): Promise<MicrosoftTokens> {
  return postToken(endpoints, {
    client_id: client.clientId,
    client_secret: client.clientSecret,
    grant_type: 'authorization_code',
    code: params.code,
    redirect_uri: params.redirectUri,
    code_verifier: params.codeVerifier,
    scope: MICROSOFT_SCOPES.join(' '),
  });
}

/**
 * A fresh access token (and refresh token). A refresh token Microsoft no longer honours — consent revoked,
 * password changed, 90 days unused, sign-in required again — ends in the provider-neutral
 * MailboxUnavailableError('invalid_grant'): the link is dead and only the person can relink. Other refusals
 * (invalid_client after a secret expired) are the platform's and come back as MicrosoftOAuthError.
 */
export async function refreshMicrosoftToken(
  endpoints: MicrosoftEndpoints,
  client: ClientCredentials,
  refreshToken: string,
): Promise<MicrosoftTokens> {
  try {
    return await postToken(endpoints, {
      client_id: client.clientId,
      client_secret: client.clientSecret,
      grant_type: 'refresh_token',
      refresh_token: refreshToken,
      scope: MICROSOFT_SCOPES.join(' '),
    });
  } catch (error) {
    if (error instanceof MicrosoftOAuthError && error.status === 400 && RELINK_ERRORS.has(error.error)) {
      throw new MailboxUnavailableError('invalid_grant');
    }
    throw error;
  }
}

/** The claims of a JWT, unverified: only read to tell the kind of account, never to trust anyone. */
function jwtClaims(token: string): Record<string, unknown> | null {
  const payload = token.split('.')[1];
  if (!payload) return null;
  try {
    const claims: unknown = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
    return claims && typeof claims === 'object' ? (claims as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

/** From an ID token's `tid`: the consumer tenant means a personal account. null when there is no `tid`. */
export function accountTypeFromIdToken(idToken: string): MicrosoftAccountType | null {
  const tid = jwtClaims(idToken)?.tid;
  if (typeof tid !== 'string') return null;
  return tid.toLowerCase() === CONSUMER_TENANT_ID ? 'consumer' : 'organization';
}

/**
 * From Graph's /me when there is no ID token: a work or school account's id is a directory object GUID, a
 * personal account's is 16 hex digits (inference from Graph's answers, integrations.md §D4).
 */
export function accountTypeFromMe(me: { id: string }): MicrosoftAccountType {
  return /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(me.id) ? 'organization' : 'consumer';
}

/**
 * The linked account: Graph's /me (User.Read) for the id and address — `mail`, or the userPrincipalName
 * personal accounts have instead — and its kind from the ID token when there is one, else from /me.
 */
export async function readMicrosoftAccount(
  endpoints: MicrosoftEndpoints,
  accessToken: string,
  idToken?: string,
): Promise<MicrosoftAccount> {
  const url = `${endpoints.graphApiBase.replace(/\/$/, '')}/v1.0/me?$select=id,mail,userPrincipalName`;
  const response = await call(url, { headers: { authorization: `Bearer ${accessToken}`, accept: 'application/json' } });
  const body = await readJson(response);
  if (response.status >= 500) throw new MicrosoftUnavailableError(`microsoft graph /me ${response.status}`, response.status);
  if (!response.ok) {
    const code = (body.error as { code?: unknown } | undefined)?.code;
    throw new MicrosoftOAuthError(response.status, typeof code === 'string' ? code : 'me_failed', []);
  }
  const address = typeof body.mail === 'string' && body.mail ? body.mail : body.userPrincipalName;
  if (typeof body.id !== 'string' || typeof address !== 'string' || !address.includes('@')) {
    throw new MicrosoftOAuthError(response.status, 'me_without_address', []);
  }
  const me = { id: body.id };
  return {
    id: body.id,
    email: address.toLowerCase(),
    accountType: (idToken ? accountTypeFromIdToken(idToken) : null) ?? accountTypeFromMe(me),
  };
}

import type { GoogleEndpoints } from '../../../../config/providers';

/**
 * The Google OAuth 2.0 web-server flow as plain HTTP calls (integrations.md §B1–B4). The same code talks to
 * Google in production and to the loopback sandbox elsewhere: only the endpoint URLs differ.
 * Tokens pass through here and are never logged: errors carry Google's error code, not the request.
 */

/** Every provider call gives up after this long; a hung connection must not hold a worker or a request. */
export const GOOGLE_TIMEOUT_MS = 10_000;

/** Google answered with an OAuth error body (`{ error, error_description }`), e.g. 400 invalid_grant. */
export class GoogleOAuthError extends Error {
  constructor(
    readonly status: number,
    readonly error: string,
    readonly description: string | undefined,
  ) {
    super(`google oauth ${status} ${error}${description ? `: ${description}` : ''}`);
    this.name = 'GoogleOAuthError';
  }
}

/** The call did not get a usable answer: network error, timeout, or a 5xx. Worth retrying. */
export class GoogleUnavailableError extends Error {
  constructor(
    message: string,
    readonly status?: number,
  ) {
    super(message);
    this.name = 'GoogleUnavailableError';
  }
}

export interface TokenResponse {
  accessToken: string;
  /** Absent on refresh (Google keeps the old one valid). */
  refreshToken: string | undefined;
  expiresAt: Date;
  /** Space-separated scopes the user actually granted (granular consent may drop some). */
  scope: string;
}

export interface GoogleUserinfo {
  sub: string;
  email: string;
  emailVerified: boolean;
}

export interface ClientCredentials {
  clientId: string;
  clientSecret: string;
}

async function call(url: string, init: RequestInit): Promise<Response> {
  try {
    return await fetch(url, { ...init, signal: AbortSignal.timeout(GOOGLE_TIMEOUT_MS) });
  } catch (error) {
    const reason = error instanceof Error && error.name === 'TimeoutError' ? 'timed out' : 'network error';
    throw new GoogleUnavailableError(`google ${reason}`);
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

async function postForm(url: string, form: Record<string, string>): Promise<Record<string, unknown>> {
  const response = await call(url, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
    body: new URLSearchParams(form).toString(),
  });
  const body = await readJson(response);
  if (response.status >= 500) throw new GoogleUnavailableError(`google token endpoint ${response.status}`, response.status);
  if (!response.ok) {
    throw new GoogleOAuthError(
      response.status,
      typeof body.error === 'string' ? body.error : 'unknown_error',
      typeof body.error_description === 'string' ? body.error_description : undefined,
    );
  }
  return body;
}

function toTokenResponse(body: Record<string, unknown>, now = Date.now()): TokenResponse {
  if (typeof body.access_token !== 'string') throw new GoogleUnavailableError('google token response without access_token');
  const expiresIn = typeof body.expires_in === 'number' ? body.expires_in : 3600;
  return {
    accessToken: body.access_token,
    refreshToken: typeof body.refresh_token === 'string' ? body.refresh_token : undefined,
    expiresAt: new Date(now + expiresIn * 1000),
    scope: typeof body.scope === 'string' ? body.scope : '',
  };
}

/** The consent page address (integrations.md §B2): offline access, forced consent, state and PKCE S256. */
export function authorizationUrl(
  endpoints: GoogleEndpoints,
  params: { clientId: string; redirectUri: string; scopes: string[]; state: string; codeChallenge: string },
): string {
  const url = new URL(endpoints.authorizeUrl);
  url.search = new URLSearchParams({
    client_id: params.clientId,
    redirect_uri: params.redirectUri,
    response_type: 'code',
    scope: params.scopes.join(' '),
    access_type: 'offline',
    prompt: 'consent',
    include_granted_scopes: 'true',
    state: params.state,
    code_challenge: params.codeChallenge,
    code_challenge_method: 'S256',
  }).toString();
  return url.toString();
}

export async function exchangeCode(
  endpoints: GoogleEndpoints,
  client: ClientCredentials,
  params: { code: string; redirectUri: string; codeVerifier: string },
): Promise<TokenResponse> {
  const body = await postForm(endpoints.tokenUrl, {
    grant_type: 'authorization_code',
    code: params.code,
    client_id: client.clientId,
    client_secret: client.clientSecret,
    redirect_uri: params.redirectUri,
    code_verifier: params.codeVerifier,
  });
  return toTokenResponse(body);
}

export async function refreshAccessToken(
  endpoints: GoogleEndpoints,
  client: ClientCredentials,
  refreshToken: string,
): Promise<TokenResponse> {
  const body = await postForm(endpoints.tokenUrl, {
    grant_type: 'refresh_token',
    refresh_token: refreshToken,
    client_id: client.clientId,
    client_secret: client.clientSecret,
  });
  return toTokenResponse(body);
}

/** The account's address and stable id. 401 means the access token is no longer accepted. */
export async function fetchUserinfo(endpoints: GoogleEndpoints, accessToken: string): Promise<GoogleUserinfo> {
  const response = await call(endpoints.userinfoUrl, { headers: { authorization: `Bearer ${accessToken}`, accept: 'application/json' } });
  const body = await readJson(response);
  if (response.status >= 500) throw new GoogleUnavailableError(`google userinfo ${response.status}`, response.status);
  if (!response.ok) throw new GoogleOAuthError(response.status, typeof body.error === 'string' ? body.error : 'userinfo_failed', undefined);
  if (typeof body.sub !== 'string' || typeof body.email !== 'string') {
    throw new GoogleOAuthError(response.status, 'userinfo_without_email', undefined);
  }
  return { sub: body.sub, email: body.email.toLowerCase(), emailVerified: body.email_verified === true };
}

/**
 * Revokes a grant (POST, `token=`). Revoking the refresh token also ends its access tokens. A 400 means the
 * token was already invalid, which is the outcome we wanted.
 */
export async function revokeToken(endpoints: GoogleEndpoints, token: string): Promise<void> {
  const response = await call(endpoints.revokeUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ token }).toString(),
  });
  await response.body?.cancel();
  if (response.status >= 500) throw new GoogleUnavailableError(`google revoke ${response.status}`, response.status);
}

/** What a connection test learnt of an OAuth client (the admin's gmail tab). */
export type GoogleClientCheckOutcome = 'accepted' | 'refused' | 'unreachable';

/** A code Google never issued: the test exchange can only be refused, and how it is refused is the answer. */
const TEST_CODE = 'sira-connection-test';

/**
 * Whether Google's token endpoint knows this client id and secret, with no user involved: a code exchange
 * with a code that cannot be valid. Google authenticates the client first, so an unknown id or a wrong secret
 * answers 401 `invalid_client`, while a known client with its secret gets as far as the code: 400
 * `invalid_grant` (a redirect URI Google does not list for the client may answer `redirect_uri_mismatch`
 * instead — the client was still recognised). No answer, a 5xx or anything else: not verified.
 */
export async function checkGoogleClient(
  endpoints: GoogleEndpoints,
  client: ClientCredentials & { redirectUri: string },
): Promise<{ outcome: GoogleClientCheckOutcome; error: string | null }> {
  let response: Response;
  try {
    response = await call(endpoints.tokenUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
      body: new URLSearchParams({
        grant_type: 'authorization_code',
        code: TEST_CODE,
        redirect_uri: client.redirectUri,
        client_id: client.clientId,
        client_secret: client.clientSecret,
      }).toString(),
    });
  } catch {
    return { outcome: 'unreachable', error: null };
  }
  const body = await readJson(response);
  const error = typeof body.error === 'string' ? body.error : null;
  if (error === 'invalid_client' || error === 'unauthorized_client') return { outcome: 'refused', error };
  if (response.status === 400 && (error === 'invalid_grant' || error === 'redirect_uri_mismatch')) return { outcome: 'accepted', error };
  return { outcome: 'unreachable', error: error ?? `HTTP ${response.status}` };
}

import { GMAIL_SEND_SCOPE } from '@sira/shared';
import { FaultSwitches } from './faults';
import { SandboxStore } from './store';
import { newGrantId, newNonce, pkceChallenge, signToken, subjectFor, type TokenClaims, verifyAnyToken, verifyToken } from './tokens';

/**
 * Google's OAuth server and Gmail API as the sandbox plays them: the decisions, without HTTP (routes.ts maps
 * them to Google's request and response shapes). Answers carry Google's status codes and bodies.
 */

export const SANDBOX_CLIENT_ID = 'sira-sandbox.apps.googleusercontent.com';
export const USERINFO_EMAIL_SCOPE = 'https://www.googleapis.com/auth/userinfo.email';
const USERINFO_PROFILE_SCOPE = 'https://www.googleapis.com/auth/userinfo.profile';
/** Scopes with which messages.send works (integrations.md §B3). */
const SEND_SCOPES = new Set([
  GMAIL_SEND_SCOPE,
  'https://www.googleapis.com/auth/gmail.compose',
  'https://www.googleapis.com/auth/gmail.modify',
  'https://mail.google.com/',
]);

const CODE_TTL_MS = 10 * 60_000;

/** A registered OAuth client: its secret and, when known, the redirect URIs registered for it. */
export interface SandboxClient {
  clientSecret: string;
  redirectUris?: string[];
}

export interface CoreOptions {
  /** Signs codes and tokens. Keep it across restarts and issued tokens stay valid. */
  secret: string;
  clients: (clientId: string) => Promise<SandboxClient | undefined>;
  /** Persist the outbox and revocations here; memory only when absent. */
  storeDir?: string | undefined;
  /** false: keep only each sent message's header block (benchmarks). */
  keepBodies?: boolean;
  accessTokenTtlSeconds?: number;
}

export interface Answer {
  status: number;
  body: unknown;
}

const oauthError = (status: number, error: string, description: string): Answer => ({
  status,
  body: { error, error_description: description },
});

/** Google expands the short scope names in what it grants. */
export function normaliseScope(scope: string): string {
  if (scope === 'email') return USERINFO_EMAIL_SCOPE;
  if (scope === 'profile') return USERINFO_PROFILE_SCOPE;
  return scope;
}

export const isSendScope = (scope: string) => SEND_SCOPES.has(scope);

export class GoogleSandboxCore {
  readonly store: SandboxStore;
  readonly faults = new FaultSwitches();
  accessTokenTtlSeconds: number;
  readonly keepBodies: boolean;
  /** Accounts whose address Google has not verified (userinfo and the ID token say email_verified: false). */
  readonly unverified = new Set<string>();

  constructor(private readonly options: CoreOptions) {
    this.store = new SandboxStore(options.storeDir);
    this.accessTokenTtlSeconds = options.accessTokenTtlSeconds ?? 3599;
    this.keepBodies = options.keepBodies ?? true;
  }

  client(clientId: string): Promise<SandboxClient | undefined> {
    return this.options.clients(clientId);
  }

  /** After the person approved on the consent page: a single-use code bound to client, redirect URI and PKCE. */
  issueCode(params: { clientId: string; redirectUri: string; email: string; scopes: string[]; codeChallenge: string | undefined }): string {
    const email = params.email.toLowerCase();
    this.store.rememberAccount(email);
    const claims: TokenClaims = {
      k: 'code',
      c: params.clientId,
      e: email,
      s: [...new Set(params.scopes.map(normaliseScope))].join(' '),
      g: newGrantId(),
      gi: this.store.grantTime(email),
      x: Date.now() + CODE_TTL_MS,
      r: params.redirectUri,
      n: newNonce(),
      ...(params.codeChallenge ? { pc: params.codeChallenge } : {}),
    };
    return signToken(this.options.secret, claims);
  }

  private async authenticateClient(form: Record<string, string>): Promise<Answer | undefined> {
    const client = form.client_id ? await this.client(form.client_id) : undefined;
    if (!client) return oauthError(401, 'invalid_client', 'The OAuth client was not found.');
    if (form.client_secret !== client.clientSecret) return oauthError(401, 'invalid_client', 'Unauthorized');
    return undefined;
  }

  private tokens(grant: TokenClaims, withRefresh: boolean): Answer {
    const now = Date.now();
    const base = { c: grant.c, e: grant.e, s: grant.s, g: grant.g, gi: grant.gi };
    const accessToken = signToken(this.options.secret, { k: 'access', ...base, x: now + this.accessTokenTtlSeconds * 1000 });
    const body: Record<string, unknown> = {
      access_token: accessToken,
      expires_in: this.accessTokenTtlSeconds,
      scope: grant.s,
      token_type: 'Bearer',
    };
    if (withRefresh) body.refresh_token = signToken(this.options.secret, { k: 'refresh', ...base });
    if (grant.s.split(' ').includes('openid')) body.id_token = this.idToken(grant);
    return { status: 200, body };
  }

  /** Shaped like Google's (header.payload.signature); clients here read userinfo instead of verifying it. */
  private idToken(grant: TokenClaims): string {
    const enc = (v: unknown) => Buffer.from(JSON.stringify(v)).toString('base64url');
    const now = Math.floor(Date.now() / 1000);
    const payload = {
      iss: 'https://accounts.google.com',
      aud: grant.c,
      sub: subjectFor(grant.e),
      email: grant.e,
      email_verified: !this.unverified.has(grant.e),
      iat: now,
      exp: now + 3600,
    };
    return `${enc({ alg: 'none', typ: 'JWT' })}.${enc(payload)}.`;
  }

  /** POST /token (integrations.md §B2): authorization_code with PKCE, or refresh_token. */
  async token(form: Record<string, string>): Promise<Answer> {
    const clientProblem = await this.authenticateClient(form);
    if (clientProblem) return clientProblem;
    if (form.grant_type === 'authorization_code') return this.exchangeCode(form);
    if (form.grant_type === 'refresh_token') return this.refresh(form);
    return oauthError(400, 'unsupported_grant_type', `Invalid grant_type: ${form.grant_type ?? ''}`);
  }

  private exchangeCode(form: Record<string, string>): Answer {
    const code = verifyToken(this.options.secret, form.code ?? '', 'code');
    if (!code || code.c !== form.client_id) return oauthError(400, 'invalid_grant', 'Malformed auth code.');
    if ((code.x ?? 0) < Date.now() || !this.store.useCode(code.n ?? '', code.x ?? 0))
      return oauthError(400, 'invalid_grant', 'Bad Request');
    if (code.r !== form.redirect_uri) return oauthError(400, 'redirect_uri_mismatch', 'Bad Request');
    if (code.pc) {
      if (!form.code_verifier) return oauthError(400, 'invalid_request', 'code_verifier or verifier is not needed.');
      if (pkceChallenge(form.code_verifier) !== code.pc) return oauthError(400, 'invalid_grant', 'Invalid code verifier.');
    }
    if (this.store.isRevoked(code.g, code.e, code.gi)) return oauthError(400, 'invalid_grant', 'Token has been expired or revoked.');
    return this.tokens(code, true);
  }

  private refresh(form: Record<string, string>): Answer {
    const grant = verifyToken(this.options.secret, form.refresh_token ?? '', 'refresh');
    if (!grant || grant.c !== form.client_id || this.store.isRevoked(grant.g, grant.e, grant.gi)) {
      return oauthError(400, 'invalid_grant', 'Token has been expired or revoked.');
    }
    return this.tokens(grant, false);
  }

  /** The mailbox a refresh token belongs to, for faults aimed at one mailbox's token calls. */
  mailboxOfRefreshToken(token: string | undefined): string | undefined {
    return token ? verifyToken(this.options.secret, token, 'refresh')?.e : undefined;
  }

  /** A valid, unexpired, unrevoked access token from an `Authorization: Bearer` header. */
  accessGrant(authorization: string | undefined): TokenClaims | undefined {
    const token = authorization?.match(/^Bearer\s+(.+)$/i)?.[1];
    const grant = token ? verifyToken(this.options.secret, token, 'access') : undefined;
    if (!grant || (grant.x ?? 0) < Date.now() || this.store.isRevoked(grant.g, grant.e, grant.gi)) return undefined;
    return grant;
  }

  /** GET /v1/userinfo: needs the email (or openid) scope. */
  userinfo(authorization: string | undefined): Answer {
    const grant = this.accessGrant(authorization);
    if (!grant) return oauthError(401, 'invalid_request', 'Invalid Credentials');
    const scopes = grant.s.split(' ');
    if (!scopes.includes(USERINFO_EMAIL_SCOPE) && !scopes.includes('openid')) {
      return oauthError(401, 'invalid_request', 'Request had insufficient authentication scopes.');
    }
    return { status: 200, body: { sub: subjectFor(grant.e), email: grant.e, email_verified: !this.unverified.has(grant.e) } };
  }

  /** POST /revoke: an access or refresh token ends the whole grant. */
  revoke(token: string | undefined): Answer {
    const grant = token ? verifyAnyToken(this.options.secret, token) : undefined;
    if (!grant || this.store.isRevoked(grant.g, grant.e, grant.gi)) return oauthError(400, 'invalid_token', 'Token expired or revoked');
    this.store.revokeGrant(grant.g);
    return { status: 200, body: {} };
  }
}

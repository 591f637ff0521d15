import { randomBytes } from 'node:crypto';
import MailComposer from 'nodemailer/lib/mail-composer';
import { headerEnd, readHeaders } from '../google/mime';
import { FaultSwitches, graphError } from './faults';
import { type DraftAttachment, MicrosoftStore } from './store';
import {
  type AccountType,
  newGrantId,
  newNonce,
  newRequestId,
  objectIdFor,
  pkceChallenge,
  signToken,
  type TokenClaims,
  tenantFor,
  verifyToken,
} from './tokens';

/**
 * The Microsoft identity platform (`common` authority) and the Microsoft Graph mail endpoints as the sandbox
 * plays them, without HTTP (routes.ts maps them to Microsoft's request and response shapes): statuses and
 * bodies are Microsoft's, AADSTS errors from the token endpoint and Graph's error envelope from Graph.
 */

// The sandbox's application id and staging secret are the server's to know too (providers/microsoft/microsoft-client.ts).
export { MICROSOFT_SANDBOX_CLIENT_ID, STAGING_MICROSOFT_CLIENT_SECRET } from '../../modules/mailbox/providers/microsoft/microsoft-client';

/** What Sira asks for (integrations.md §D3); the sign-in scopes are tolerated as Microsoft tolerates them. */
const SIRA_SCOPES = ['offline_access', 'Mail.Send', 'User.Read'];
const SIGN_IN_SCOPES = ['openid', 'email', 'profile'];
const GRAPH_RESOURCE = 'https://graph.microsoft.com/';

/** Graph answers 413 above this request size (integrations.md §D5). */
export const GRAPH_REQUEST_LIMIT = 4 * 1024 * 1024;
/** One upload-session PUT carries at most this many bytes; every range but the last a multiple of 320 KiB. */
export const UPLOAD_CHUNK_LIMIT = 4 * 1024 * 1024;
export const UPLOAD_CHUNK_MULTIPLE = 320 * 1024;
const UPLOAD_MAX_ATTACHMENT = 150 * 1024 * 1024;
const UPLOAD_SESSION_TTL_MS = 60 * 60_000;
const CODE_TTL_MS = 10 * 60_000;
const EMAIL_PATTERN = /^[^\s@<>]+@[^\s@<>]+\.[^\s@<>]+$/;

export interface SandboxClient {
  clientSecret: string;
  /** Registered redirect URIs; any is accepted when absent. */
  redirectUris?: string[];
}

export interface CoreOptions {
  secret: string;
  clients: (clientId: string) => Promise<SandboxClient | undefined>;
  storeDir?: string | undefined;
  /**
   * Scopes accepted beyond Sira's three, as an app registration that lists them would get them. None by
   * default: creating drafts and upload sessions needs Mail.ReadWrite, which Sira does not ask for.
   */
  extraScopes?: string[];
  accessTokenTtlSeconds?: number;
}

export interface Answer {
  status: number;
  body: unknown;
  headers?: Record<string, string>;
}

/** The token endpoint's errors: OAuth's `error` plus Microsoft's AADSTS code, trace and correlation ids. */
export function aadError(status: number, error: string, code: number, message: string): Answer {
  const traceId = newRequestId();
  const correlationId = newRequestId();
  const timestamp = `${new Date().toISOString().slice(0, 19).replace('T', ' ')}Z`;
  return {
    status,
    body: {
      error,
      error_description: `AADSTS${code}: ${message}\r\nTrace ID: ${traceId}\r\nCorrelation ID: ${correlationId}\r\nTimestamp: ${timestamp}`,
      error_codes: [code],
      timestamp,
      trace_id: traceId,
      correlation_id: correlationId,
      error_uri: `https://login.microsoftonline.com/error?code=${code}`,
    },
  };
}

const graph = (status: number, code: string, message: string): Answer => ({
  status,
  body: graphError(code, message, newRequestId()),
});

/** `https://graph.microsoft.com/Mail.Send` and `mail.send` both name Mail.Send. */
function canonicalScope(scope: string, known: string[]): string | undefined {
  const bare = scope.toLowerCase().startsWith(GRAPH_RESOURCE) ? scope.slice(GRAPH_RESOURCE.length) : scope;
  return known.find((k) => k.toLowerCase() === bare.toLowerCase());
}

interface GraphMessageJson {
  subject?: unknown;
  body?: { contentType?: unknown; content?: unknown };
  toRecipients?: unknown;
  ccRecipients?: unknown;
  bccRecipients?: unknown;
  attachments?: unknown;
  internetMessageHeaders?: unknown;
}

const addresses = (list: unknown): Array<{ address: string; name?: string }> =>
  Array.isArray(list)
    ? list.map((r) => {
        const email = (r as { emailAddress?: { address?: unknown; name?: unknown } } | null)?.emailAddress;
        return {
          address: typeof email?.address === 'string' ? email.address : '',
          ...(typeof email?.name === 'string' ? { name: email.name } : {}),
        };
      })
    : [];

/** The address in a header value such as `"Name" <a@b.c>` or `a@b.c`. */
function headerAddress(value: string | undefined): string | undefined {
  if (!value) return undefined;
  return (value.match(/<([^>]+)>/)?.[1] ?? value).trim();
}

function base64Lines(bytes: Buffer): string {
  return (bytes.toString('base64').match(/.{1,76}/g) ?? []).join('\r\n');
}

/**
 * The draft's MIME with the uploaded files added as parts of a multipart/mixed, its own headers (List-Unsubscribe
 * and the rest) kept — what Exchange sends once the upload session attached them.
 */
function withAttachments(mime: Buffer, attachments: DraftAttachment[]): Buffer {
  if (attachments.length === 0) return mime;
  const { end, bodyStart } = headerEnd(mime);
  const lines = mime
    .subarray(0, end)
    .toString('latin1')
    .split(/\r?\n(?![ \t])/);
  const isContent = (line: string) => /^(content-type|content-transfer-encoding)\s*:/i.test(line);
  const kept = lines.filter((line) => !isContent(line) && !/^mime-version\s*:/i.test(line));
  const contentHeaders = lines.filter(isContent);
  const boundary = `----=_Part_sbx_${randomBytes(12).toString('hex')}`;
  const parts: Buffer[] = [
    Buffer.from(
      `${kept.join('\r\n')}\r\nMIME-Version: 1.0\r\nContent-Type: multipart/mixed; boundary="${boundary}"\r\n\r\n--${boundary}\r\n` +
        `${contentHeaders.length ? contentHeaders.join('\r\n') : 'Content-Type: text/plain; charset=utf-8'}\r\n\r\n`,
      'latin1',
    ),
    mime.subarray(bodyStart),
  ];
  for (const a of attachments) {
    const ascii = a.name.replace(/[^\x20-\x7e]/g, '_').replace(/"/g, '');
    parts.push(
      Buffer.from(
        `\r\n--${boundary}\r\nContent-Type: ${a.contentType}; name="${ascii}"\r\n` +
          `Content-Disposition: attachment; filename*=utf-8''${encodeURIComponent(a.name)}\r\n` +
          `Content-Transfer-Encoding: base64\r\n\r\n${base64Lines(a.bytes)}`,
        'latin1',
      ),
    );
  }
  parts.push(Buffer.from(`\r\n--${boundary}--\r\n`, 'latin1'));
  return Buffer.concat(parts);
}

export class MicrosoftSandboxCore {
  readonly store: MicrosoftStore;
  readonly faults = new FaultSwitches();
  accessTokenTtlSeconds: number;
  private readonly allowedScopes: string[];

  constructor(private readonly options: CoreOptions) {
    this.store = new MicrosoftStore(options.storeDir);
    this.accessTokenTtlSeconds = options.accessTokenTtlSeconds ?? 3599;
    this.allowedScopes = [...SIRA_SCOPES, ...SIGN_IN_SCOPES, ...(options.extraScopes ?? [])];
  }

  client(clientId: string): Promise<SandboxClient | undefined> {
    return this.options.clients(clientId);
  }

  /** The requested scopes in their canonical names, or the first one this sandbox does not grant. */
  checkScopes(scope: string): { ok: true; scopes: string[] } | { ok: false; scope: string } {
    const scopes: string[] = [];
    for (const requested of scope.split(/\s+/).filter(Boolean)) {
      const known = canonicalScope(requested, this.allowedScopes);
      if (!known) return { ok: false, scope: requested };
      if (!scopes.includes(known)) scopes.push(known);
    }
    return { ok: true, scopes };
  }

  issueCode(params: {
    clientId: string;
    redirectUri: string;
    email: string;
    accountType: AccountType;
    scopes: string[];
    codeChallenge: string;
  }): string {
    const email = params.email.toLowerCase();
    // An address belongs to one kind of account: the first answer on the consent page decides it.
    const accountType = this.store.accountType(email) ?? params.accountType;
    this.store.rememberAccountType(email, accountType);
    return signToken(this.options.secret, {
      k: 'code',
      c: params.clientId,
      e: email,
      t: accountType,
      s: params.scopes.join(' '),
      g: newGrantId(),
      gi: this.store.grantTime(email),
      x: Date.now() + CODE_TTL_MS,
      r: params.redirectUri,
      pc: params.codeChallenge,
      n: newNonce(),
    });
  }

  // ---- Token endpoint ---------------------------------------------------------------------------------------

  /** POST /common/oauth2/v2.0/token (integrations.md §D2). */
  async token(form: Record<string, string>): Promise<Answer> {
    const client = form.client_id ? await this.client(form.client_id) : undefined;
    if (!client) {
      return aadError(
        400,
        'unauthorized_client',
        700016,
        `Application with identifier '${form.client_id ?? ''}' was not found in the directory 'Microsoft Accounts'.`,
      );
    }
    if (form.client_secret !== client.clientSecret) {
      return aadError(401, 'invalid_client', 7000215, 'Invalid client secret provided.');
    }
    if (form.grant_type === 'authorization_code') return this.exchangeCode(form);
    if (form.grant_type === 'refresh_token') return this.refresh(form);
    return aadError(400, 'unsupported_grant_type', 70003, `The app requested an unsupported grant type '${form.grant_type ?? ''}'.`);
  }

  private exchangeCode(form: Record<string, string>): Answer {
    const code = verifyToken(this.options.secret, form.code ?? '', 'code');
    if (!code || code.c !== form.client_id) {
      return aadError(400, 'invalid_grant', 70000, "The provided value for the 'code' parameter is not valid.");
    }
    if ((code.x ?? 0) < Date.now()) {
      return aadError(400, 'invalid_grant', 70008, 'The provided authorization code or refresh token has expired due to inactivity.');
    }
    if (code.r !== form.redirect_uri) {
      return aadError(400, 'invalid_grant', 70000, "The provided value for the 'redirect_uri' is not valid.");
    }
    if (!form.code_verifier) {
      return aadError(400, 'invalid_request', 900144, "The request body must contain the following parameter: 'code_verifier'.");
    }
    if (pkceChallenge(form.code_verifier) !== code.pc) {
      return aadError(
        400,
        'invalid_grant',
        501481,
        'The Code_Verifier does not match the code_challenge supplied in the authorization request.',
      );
    }
    if (!this.store.useCode(code.n ?? '', code.x ?? 0)) {
      return aadError(400, 'invalid_grant', 54005, 'OAuth2 Authorization code was already redeemed, please retry with a new valid code.');
    }
    if (this.store.isRevoked(code.g, code.e, code.gi)) return this.revokedGrant();
    return this.tokens(code);
  }

  private refresh(form: Record<string, string>): Answer {
    const grant = verifyToken(this.options.secret, form.refresh_token ?? '', 'refresh');
    if (!grant || grant.c !== form.client_id) {
      return aadError(400, 'invalid_grant', 9002313, 'Invalid request. Request is malformed or invalid.');
    }
    if (this.store.isRevoked(grant.g, grant.e, grant.gi)) return this.revokedGrant();
    return this.tokens(grant);
  }

  private revokedGrant(): Answer {
    return aadError(
      400,
      'invalid_grant',
      50173,
      'The provided grant has expired due to it being revoked, a fresh auth token is needed. The user might have changed or reset their password.',
    );
  }

  /** Microsoft hands out a new refresh token with every answer (offline_access); the old one keeps working. */
  private tokens(grant: TokenClaims): Answer {
    const now = Date.now();
    const base = { c: grant.c, e: grant.e, t: grant.t, s: grant.s, g: grant.g, gi: grant.gi };
    const scopes = grant.s.split(' ');
    const body: Record<string, unknown> = {
      token_type: 'Bearer',
      scope: scopes.filter((s) => s !== 'offline_access').join(' '),
      expires_in: this.accessTokenTtlSeconds,
      ext_expires_in: this.accessTokenTtlSeconds,
      access_token: signToken(this.options.secret, { k: 'access', ...base, x: now + this.accessTokenTtlSeconds * 1000 }),
    };
    if (scopes.includes('offline_access')) body.refresh_token = signToken(this.options.secret, { k: 'refresh', ...base });
    if (scopes.includes('openid')) body.id_token = this.idToken(grant);
    return { status: 200, body };
  }

  /** Shaped like Microsoft's (header.payload.signature), unsigned: clients here read claims, never trust them. */
  private idToken(grant: TokenClaims): string {
    const enc = (v: unknown) => Buffer.from(JSON.stringify(v)).toString('base64url');
    const now = Math.floor(Date.now() / 1000);
    const tid = tenantFor(grant.e, grant.t);
    return `${enc({ typ: 'JWT', alg: 'none' })}.${enc({
      aud: grant.c,
      iss: `https://login.microsoftonline.com/${tid}/v2.0`,
      iat: now,
      nbf: now,
      exp: now + 3600,
      tid,
      oid: objectIdFor(grant.e, grant.t),
      sub: objectIdFor(`${grant.c}:${grant.e}`, 'consumer'),
      preferred_username: grant.e,
      ...(grant.s.split(' ').includes('email') ? { email: grant.e } : {}),
      ver: '2.0',
    })}.`;
  }

  mailboxOfRefreshToken(token: string | undefined): string | undefined {
    return token ? verifyToken(this.options.secret, token, 'refresh')?.e : undefined;
  }

  /**
   * A valid, unexpired access token from `Authorization: Bearer`. Revoking consent does not end access tokens
   * already issued: Microsoft's live until they expire; the next refresh is what fails.
   */
  accessGrant(authorization: string | undefined): TokenClaims | undefined {
    const token = authorization?.match(/^Bearer\s+(.+)$/i)?.[1];
    const grant = token ? verifyToken(this.options.secret, token, 'access') : undefined;
    return grant && (grant.x ?? 0) >= Date.now() ? grant : undefined;
  }

  // ---- Graph ------------------------------------------------------------------------------------------------

  private has(grant: TokenClaims, scope: string): boolean {
    return grant.s.split(' ').includes(scope);
  }

  private denied(): Answer {
    return graph(403, 'ErrorAccessDenied', 'Access is denied. Check credentials and try again.');
  }

  /** GET /v1.0/me: personal accounts have no `mail`; their address is the userPrincipalName. */
  me(grant: TokenClaims): Answer {
    if (!this.has(grant, 'User.Read'))
      return graph(403, 'Authorization_RequestDenied', 'Insufficient privileges to complete the operation.');
    const local = grant.e.split('@')[0] ?? grant.e;
    return {
      status: 200,
      body: {
        '@odata.context': 'https://graph.microsoft.com/v1.0/$metadata#users/$entity',
        id: objectIdFor(grant.e, grant.t),
        displayName: local,
        mail: grant.t === 'consumer' ? null : grant.e,
        userPrincipalName: grant.e,
      },
    };
  }

  /** The MIME a text/plain request carries (base64), or the answer refusing it. */
  private decodeMime(text: Buffer): Buffer | Answer {
    const compact = text.toString('latin1').replace(/[\r\n]/g, '');
    if (compact.length === 0 || !/^[A-Za-z0-9+/]*={0,2}$/.test(compact)) {
      return graph(400, 'ErrorMimeContentInvalidBase64String', 'Invalid base64 string for MIME content.');
    }
    return Buffer.from(compact, 'base64');
  }

  private checkMimeRecipients(mime: Buffer): Answer | undefined {
    const headers = readHeaders(mime);
    const to = headerAddress(headers.get('to')?.[0]);
    if (!to || !EMAIL_PATTERN.test(to)) {
      return graph(
        400,
        'ErrorInvalidRecipients',
        "At least one recipient isn't valid., A message can't be sent because it contains no recipients.",
      );
    }
    return undefined;
  }

  /** A JSON message composed to MIME (as Exchange stores it), or the answer refusing it. */
  private async composeJson(mailbox: string, message: GraphMessageJson | undefined): Promise<Buffer | Answer> {
    if (!message || typeof message !== 'object')
      return graph(400, 'ErrorInvalidParameter', "The value of the parameter 'Message' is empty.");
    const to = addresses(message.toRecipients);
    const cc = addresses(message.ccRecipients);
    const bcc = addresses(message.bccRecipients);
    const all = [...to, ...cc, ...bcc];
    if (all.length === 0 || all.some((r) => !EMAIL_PATTERN.test(r.address))) {
      return graph(
        400,
        'ErrorInvalidRecipients',
        "At least one recipient isn't valid., A message can't be sent because it contains no recipients.",
      );
    }
    const headers: Record<string, string> = {};
    for (const h of Array.isArray(message.internetMessageHeaders) ? message.internetMessageHeaders : []) {
      const { name, value } = (h ?? {}) as { name?: unknown; value?: unknown };
      if (typeof name !== 'string' || !/^x-/i.test(name)) {
        return graph(
          400,
          'InvalidInternetMessageHeader',
          `The internet message header name '${String(name)}' should start with 'x-' or 'X-'.`,
        );
      }
      headers[name] = String(value ?? '');
    }
    const attachments: Array<{ filename: string; contentType: string; content: Buffer }> = [];
    for (const a of Array.isArray(message.attachments) ? message.attachments : []) {
      const { name, contentType, contentBytes } = (a ?? {}) as { name?: unknown; contentType?: unknown; contentBytes?: unknown };
      if (typeof contentBytes !== 'string') return graph(400, 'ErrorInvalidParameter', 'An attachment has no contentBytes.');
      attachments.push({
        filename: typeof name === 'string' ? name : 'attachment',
        contentType: typeof contentType === 'string' ? contentType : 'application/octet-stream',
        content: Buffer.from(contentBytes, 'base64'),
      });
    }
    const isHtml = String(message.body?.contentType ?? '').toLowerCase() === 'html';
    const content = typeof message.body?.content === 'string' ? message.body.content : '';
    const fmt = (r: { address: string; name?: string }) => (r.name ? { address: r.address, name: r.name } : r.address);
    return new MailComposer({
      from: mailbox,
      to: to.map(fmt),
      cc: cc.map(fmt),
      bcc: bcc.map(fmt),
      subject: typeof message.subject === 'string' ? message.subject : '',
      ...(isHtml ? { html: content } : { text: content }),
      headers,
      attachments,
    })
      .compile()
      .build();
  }

  /** POST /v1.0/me/sendMail: JSON `{ message }` or MIME as base64 text/plain; 202 with no body. */
  async sendMail(grant: TokenClaims, body: { json: unknown } | { text: Buffer }): Promise<Answer> {
    if (!this.has(grant, 'Mail.Send')) return this.denied();
    const mime =
      'text' in body
        ? this.decodeMime(body.text)
        : await this.composeJson(grant.e, (body.json as { message?: GraphMessageJson } | undefined)?.message);
    if (!Buffer.isBuffer(mime)) return mime;
    const refused = this.checkMimeRecipients(mime);
    if (refused) return refused;
    this.store.addMessage(grant.e, mime, mime.length);
    return { status: 202, body: undefined };
  }

  /** POST /v1.0/me/messages: a draft from JSON or MIME; needs Mail.ReadWrite (Graph's permission table). */
  async createDraft(grant: TokenClaims, body: { json: unknown } | { text: Buffer }): Promise<Answer> {
    if (!this.has(grant, 'Mail.ReadWrite')) return this.denied();
    const mime = 'text' in body ? this.decodeMime(body.text) : await this.composeJson(grant.e, body.json as GraphMessageJson);
    if (!Buffer.isBuffer(mime)) return mime;
    const draft = this.store.addDraft(grant.e, mime);
    const headers = readHeaders(mime);
    return {
      status: 201,
      body: {
        '@odata.context': "https://graph.microsoft.com/v1.0/$metadata#users('me')/messages/$entity",
        id: draft.id,
        isDraft: true,
        hasAttachments: false,
        subject: headers.get('subject')?.[0] ?? '',
        toRecipients: [{ emailAddress: { address: headerAddress(headers.get('to')?.[0]) ?? '' } }],
      },
    };
  }

  deleteDraft(grant: TokenClaims, id: string): Answer {
    if (!this.has(grant, 'Mail.ReadWrite')) return this.denied();
    if (!this.store.findDraft(grant.e, id)) return graph(404, 'ErrorItemNotFound', 'The specified object was not found in the store.');
    this.store.removeDraft(id);
    return { status: 204, body: undefined };
  }

  /** POST /v1.0/me/messages/{id}/attachments/createUploadSession (integrations.md §D6). */
  createUploadSession(grant: TokenClaims, id: string, body: unknown, uploadRoot: string): Answer {
    if (!this.has(grant, 'Mail.ReadWrite')) return this.denied();
    const draft = this.store.findDraft(grant.e, id);
    if (!draft) return graph(404, 'ErrorItemNotFound', 'The specified object was not found in the store.');
    const item = (
      body as { AttachmentItem?: { attachmentType?: unknown; name?: unknown; size?: unknown; contentType?: unknown } } | undefined
    )?.AttachmentItem;
    const size = Number(item?.size);
    if (item?.attachmentType !== 'file' || typeof item.name !== 'string' || !item.name || !Number.isInteger(size) || size < 1) {
      return graph(400, 'ErrorInvalidRequest', 'AttachmentItem needs attachmentType "file", a name and a size.');
    }
    if (size > UPLOAD_MAX_ATTACHMENT) return graph(400, 'ErrorAttachmentSizeLimitExceeded', 'The attachment is larger than 150 MB.');
    const session = this.store.openSession(
      draft,
      { name: item.name, size, contentType: typeof item.contentType === 'string' ? item.contentType : 'application/octet-stream' },
      UPLOAD_SESSION_TTL_MS,
    );
    return {
      status: 201,
      body: {
        '@odata.context': 'https://graph.microsoft.com/v1.0/$metadata#microsoft.graph.uploadSession',
        uploadUrl: `${uploadRoot}/upload/sessions/${session.token}`,
        expirationDateTime: new Date(session.expiresAt).toISOString(),
        nextExpectedRanges: ['0-'],
      },
    };
  }

  /** The mailbox an upload URL belongs to, for faults aimed at one mailbox. */
  mailboxOfSession(token: string): string | undefined {
    return this.store.session(token)?.mailbox;
  }

  /** PUT <uploadUrl>: one byte range; 200 with the next expected range, 201 once the file is whole. */
  upload(token: string, contentRange: string | undefined, bytes: Buffer, withAuthorization: boolean): Answer {
    const session = this.store.session(token);
    if (!session) return graph(404, 'ErrorItemNotFound', 'The upload session was not found or has expired.');
    // The URL carries its own credential; Microsoft refuses a bearer token sent along with it.
    if (withAuthorization) {
      return graph(401, 'InvalidAuthenticationToken', 'Do not send an Authorization header to a pre-authenticated upload URL.');
    }
    const range = /^bytes (\d+)-(\d+)\/(\d+)$/.exec(contentRange ?? '');
    if (!range) return graph(400, 'ErrorInvalidRequest', 'The Content-Range header is missing or malformed.');
    const [start, end, total] = [Number(range[1]), Number(range[2]), Number(range[3])];
    if (total !== session.size)
      return graph(400, 'ErrorInvalidRequest', `The total size ${total} differs from the session's ${session.size}.`);
    if (start !== session.received) {
      return graph(416, 'ErrorInvalidRange', `The next expected range starts at ${session.received}.`);
    }
    const length = end - start + 1;
    if (length < 1 || end >= total || length !== bytes.length) {
      return graph(400, 'ErrorInvalidRequest', 'The Content-Range does not match the bytes sent.');
    }
    if (length > UPLOAD_CHUNK_LIMIT) return graph(400, 'ErrorInvalidRequest', 'A range may be at most 4 MB.');
    const last = end === total - 1;
    if (!last && length % UPLOAD_CHUNK_MULTIPLE !== 0) {
      return graph(400, 'ErrorInvalidRequest', 'Every range but the last must be a multiple of 320 KiB (327,680 bytes).');
    }
    bytes.copy(session.bytes, start);
    session.received = end + 1;
    if (!last) {
      return {
        status: 200,
        body: { expirationDateTime: new Date(session.expiresAt).toISOString(), nextExpectedRanges: [`${session.received}-`] },
      };
    }
    this.store.closeSession(token);
    const draft = this.store.findDraft(session.mailbox, session.draftId);
    if (!draft) return graph(404, 'ErrorItemNotFound', 'The message of this upload session no longer exists.');
    draft.attachments.push({ name: session.name, contentType: session.contentType, bytes: session.bytes });
    const attachmentId = `AAMkADsbxAtt${randomBytes(12).toString('base64url')}=`;
    return {
      status: 201,
      body: undefined,
      headers: {
        location: `https://graph.microsoft.com/v1.0/Users('${objectIdFor(session.mailbox, 'organization')}')/Messages('${draft.id}')/Attachments('${attachmentId}')`,
      },
    };
  }

  /** POST /v1.0/me/messages/{id}/send: the draft, with its attachments, goes to Sent Items; 202. */
  sendDraft(grant: TokenClaims, id: string): Answer {
    if (!this.has(grant, 'Mail.Send')) return this.denied();
    const draft = this.store.findDraft(grant.e, id);
    if (!draft) return graph(404, 'ErrorItemNotFound', 'The specified object was not found in the store.');
    const mime = withAttachments(draft.mime, draft.attachments);
    const refused = this.checkMimeRecipients(mime);
    if (refused) return refused;
    this.store.removeDraft(id);
    this.store.addMessage(grant.e, mime, mime.length);
    return { status: 202, body: undefined };
  }
}

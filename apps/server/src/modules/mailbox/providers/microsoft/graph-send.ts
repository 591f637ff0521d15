import http from 'node:http';
import https from 'node:https';
import MailComposer from 'nodemailer/lib/mail-composer';
import { type OutgoingMessage, ProviderSendError, type ProviderSent } from '../provider';

/**
 * Sending one message from a linked Microsoft mailbox through Graph (integrations.md §D5–D8).
 *
 * - Fits Graph's 4 MB request limit: one `POST /me/sendMail` with the whole MIME as base64 text/plain, so the
 *   message goes exactly as the engine built it, List-Unsubscribe headers included (Graph's JSON form only
 *   takes custom `x-` headers).
 * - Larger (a résumé of about 2.1 MB or more, its base64 encoded again): a draft from the MIME without the
 *   PDF, an upload session for the PDF in ranges, then `POST /me/messages/{id}/send`. Graph lets only
 *   Mail.ReadWrite create drafts and upload sessions; with Sira's three scopes Microsoft refuses the draft
 *   (403 ErrorAccessDenied) and the message fails as permanent, the mailbox untouched.
 *
 * Connections are kept alive; every call has a deadline. Failures are ProviderSendError in the engine's classes.
 */

export interface GraphSendClient {
  send(accessToken: string, message: OutgoingMessage): Promise<ProviderSent>;
  /** One sendMail call with the whole MIME; the caller makes sure it fits (GRAPH_SEND_LIMIT_BYTES of base64). */
  sendMime(accessToken: string, mime: readonly Buffer[]): Promise<ProviderSent>;
  close(): void;
}

export interface GraphSendOptions {
  /** Microsoft Graph's base (MicrosoftEndpoints.graphApiBase). */
  graphApiBase: string;
  /** Each call, connection to last byte of the answer. */
  timeoutMs?: number;
  maxSockets?: number;
}

/**
 * Graph refuses a request over "4 MB" with 413; which megabyte it means is not documented, so the one-call
 * path stops a little under the smaller reading.
 */
export const GRAPH_SEND_LIMIT_BYTES = 4_000_000;
/** Upload ranges: at most 4 MB each and, but for the last, a multiple of 320 KiB — 12 × 320 KiB. */
export const UPLOAD_CHUNK_BYTES = 12 * 320 * 1024;

const PROVIDER = 'microsoft';

interface GraphErrorBody {
  error?: { code?: string; message?: string };
}

function retryAfterDate(value: string | undefined, now: number): Date | null {
  if (!value) return null;
  const seconds = Number(value);
  if (Number.isFinite(seconds) && seconds >= 0) return new Date(now + seconds * 1000);
  const at = Date.parse(value);
  return Number.isNaN(at) ? null : new Date(at);
}

/** 403 codes that mean the mailbox cannot send for now (limit reached, blocked for review, storage full). */
const MAILBOX_LIMIT_CODES = new Set(['ErrorMessageSubmissionBlocked', 'ErrorQuotaExceeded', 'ErrorSubmissionQuotaExceeded']);

/**
 * A Graph error answer in the engine's classes:
 * - 401 → unauthorized: refresh the token once and try again;
 * - 429 → mail-limit until Retry-After (ApplicationThrottled, MailboxConcurrency): only this mailbox rests;
 * - 403 ErrorAccessDenied, 404 MailboxNotEnabledForRESTAPI → credentials-refused: this link cannot send
 *   (consent or a tenant policy withdrew it, or the account has no Exchange Online mailbox);
 * - 403 ErrorMessageSubmissionBlocked / quota codes → mail-limit without a time (the engine's default rest);
 * - 5xx, 408, 416 (an upload range out of step) → transient;
 * - anything else (400 ErrorInvalidRecipients, 413, ErrorSendAsDenied) → permanent.
 */
export function classifyGraphError(status: number, body: string, retryAfter?: string, now = Date.now()): ProviderSendError {
  let parsed: GraphErrorBody = {};
  try {
    parsed = JSON.parse(body) as GraphErrorBody;
  } catch {
    // Not Graph's JSON (a proxy's page): the status alone decides.
  }
  const reason = parsed.error?.code ?? '';
  const detail = `${status} ${reason ? `${reason}: ` : ''}${parsed.error?.message ?? body.slice(0, 300)}`.trim();
  const error = (kind: ConstructorParameters<typeof ProviderSendError>[1], retryAt: Date | null = null) =>
    new ProviderSendError(PROVIDER, kind, status, reason, detail, retryAt);
  if (status === 401) return error('unauthorized');
  if (status === 429) return error('mail-limit', retryAfterDate(retryAfter, now));
  if (status >= 500 || status === 408 || status === 416) return error('transient');
  if (status === 403 && MAILBOX_LIMIT_CODES.has(reason)) return error('mail-limit');
  if ((status === 403 && reason === 'ErrorAccessDenied') || (status === 404 && reason === 'MailboxNotEnabledForRESTAPI')) {
    return error('credentials-refused');
  }
  return error('permanent');
}

interface HttpAnswer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
}

const firstHeader = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value);

/** The MIME of the message without its PDF, for the draft the upload session completes. */
function mimeWithoutAttachment(message: OutgoingMessage): Promise<Buffer> {
  return new MailComposer({
    from: message.from.name ? { name: message.from.name, address: message.from.address } : message.from.address,
    to: message.to,
    subject: message.subject,
    html: message.html,
    text: message.text,
    headers: { ...message.headers },
  })
    .compile()
    .build();
}

export function createGraphSendClient(options: GraphSendOptions): GraphSendClient {
  const root = options.graphApiBase.replace(/\/$/, '');
  const timeoutMs = options.timeoutMs ?? 30_000;
  const agentOptions = { keepAlive: true, keepAliveMsecs: 10_000, maxSockets: options.maxSockets ?? 32, scheduling: 'lifo' as const };
  // The upload URL may be on another host (outlook.office.com): one agent per scheme serves both.
  const agents = { http: new http.Agent(agentOptions), https: new https.Agent(agentOptions) };

  /** One HTTP call with its deadline; no answer (timeout, network) is a transient failure. */
  function call(method: string, target: string, headers: Record<string, string>, body?: Buffer | string): Promise<HttpAnswer> {
    const url = new URL(target);
    const secure = url.protocol === 'https:';
    const payload = body === undefined ? undefined : Buffer.isBuffer(body) ? body : Buffer.from(body, 'utf8');
    return new Promise<HttpAnswer>((resolve, reject) => {
      let settled = false;
      const fail = (error: ProviderSendError) => {
        if (settled) return;
        settled = true;
        clearTimeout(deadline);
        req.destroy();
        reject(error);
      };
      const req = (secure ? https.request : http.request)(
        {
          protocol: url.protocol,
          hostname: url.hostname.replace(/^\[|\]$/g, ''),
          port: url.port || (secure ? 443 : 80),
          path: `${url.pathname}${url.search}`,
          method,
          agent: secure ? agents.https : agents.http,
          headers: { accept: 'application/json', 'content-length': String(payload?.length ?? 0), ...headers },
        },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (chunk: Buffer) => chunks.push(chunk));
          res.on('error', (error) =>
            fail(new ProviderSendError(PROVIDER, 'transient', 0, 'network', `answer interrupted: ${error.message}`)),
          );
          res.on('end', () => {
            if (settled) return;
            settled = true;
            clearTimeout(deadline);
            resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks).toString('utf8') });
          });
        },
      );
      const deadline = setTimeout(
        () => fail(new ProviderSendError(PROVIDER, 'transient', 0, 'timeout', `no answer from Microsoft within ${timeoutMs} ms`)),
        timeoutMs,
      );
      req.on('error', (error) =>
        fail(new ProviderSendError(PROVIDER, 'transient', 0, 'network', `Microsoft unreachable: ${error.message}`)),
      );
      req.end(payload);
    });
  }

  /** The answer when its status is one of `ok`, otherwise the failure it means. */
  async function expect(answer: Promise<HttpAnswer>, ok: number[]): Promise<HttpAnswer> {
    const result = await answer;
    if (ok.includes(result.status)) return result;
    throw classifyGraphError(result.status, result.body, firstHeader(result.headers['retry-after']));
  }

  const bearer = (accessToken: string) => ({ authorization: `Bearer ${accessToken}` });

  async function sendWhole(accessToken: string, base64: string): Promise<ProviderSent> {
    const answer = await expect(
      call('POST', `${root}/v1.0/me/sendMail`, { ...bearer(accessToken), 'content-type': 'text/plain' }, base64),
      [202],
    );
    // sendMail answers 202 with no body: Graph's request id is the only trace of the message.
    return { id: firstHeader(answer.headers['request-id']) ?? '' };
  }

  async function sendWithUploadSession(accessToken: string, message: OutgoingMessage): Promise<ProviderSent> {
    const draftMime = (await mimeWithoutAttachment(message)).toString('base64');
    let draftAnswer: HttpAnswer;
    try {
      draftAnswer = await expect(
        call('POST', `${root}/v1.0/me/messages`, { ...bearer(accessToken), 'content-type': 'text/plain' }, draftMime),
        [201],
      );
    } catch (error) {
      // The mailbox can send, only not this large a message: Graph keeps drafts to Mail.ReadWrite.
      if (error instanceof ProviderSendError && error.kind === 'credentials-refused' && error.status === 403) {
        throw new ProviderSendError(
          PROVIDER,
          'permanent',
          403,
          error.reason,
          `${error.message} — a message over Graph's 4 MB request needs a draft and an upload session, which need Mail.ReadWrite`,
        );
      }
      throw error;
    }
    const draftId = (JSON.parse(draftAnswer.body) as { id?: unknown }).id;
    if (typeof draftId !== 'string' || !draftId) throw new ProviderSendError(PROVIDER, 'transient', 201, '', 'draft created without an id');
    const draftUrl = `${root}/v1.0/me/messages/${encodeURIComponent(draftId)}`;
    try {
      const { bytes, filename, contentType } = message.attachment;
      const session = await expect(
        call(
          'POST',
          `${draftUrl}/attachments/createUploadSession`,
          { ...bearer(accessToken), 'content-type': 'application/json' },
          JSON.stringify({ AttachmentItem: { attachmentType: 'file', name: filename, size: bytes.length, contentType } }),
        ),
        [200, 201],
      );
      const uploadUrl = (JSON.parse(session.body) as { uploadUrl?: unknown }).uploadUrl;
      if (typeof uploadUrl !== 'string')
        throw new ProviderSendError(PROVIDER, 'transient', session.status, '', 'upload session without an uploadUrl');
      for (let start = 0; start < bytes.length; start += UPLOAD_CHUNK_BYTES) {
        const end = Math.min(start + UPLOAD_CHUNK_BYTES, bytes.length) - 1;
        // The upload URL carries its own credential: Microsoft refuses a bearer token sent along with it.
        await expect(
          call(
            'PUT',
            uploadUrl,
            { 'content-type': 'application/octet-stream', 'content-range': `bytes ${start}-${end}/${bytes.length}` },
            bytes.subarray(start, end + 1),
          ),
          end === bytes.length - 1 ? [200, 201] : [200],
        );
      }
      await expect(call('POST', `${draftUrl}/send`, bearer(accessToken)), [202]);
      return { id: draftId };
    } catch (error) {
      // A draft left behind would sit in the person's Drafts folder: removed, best effort.
      await call('DELETE', draftUrl, bearer(accessToken)).catch(() => undefined);
      throw error;
    }
  }

  return {
    async send(accessToken, message) {
      const size = message.mime.reduce((n, part) => n + part.length, 0);
      if (4 * Math.ceil(size / 3) <= GRAPH_SEND_LIMIT_BYTES) {
        return sendWhole(accessToken, Buffer.concat(message.mime).toString('base64'));
      }
      return sendWithUploadSession(accessToken, message);
    },
    sendMime(accessToken, mime) {
      return sendWhole(accessToken, Buffer.concat(mime).toString('base64'));
    },
    close() {
      agents.http.destroy();
      agents.https.destroy();
    },
  };
}

import http from 'node:http';
import https from 'node:https';
import { type ProviderSendClient, ProviderSendError } from '../provider';

/**
 * Gmail `users.messages.send` through the upload endpoint (integrations.md §B6): the raw MIME bytes are the
 * body (`uploadType=media`, message/rfc822), so a 270 KB message is not base64url-wrapped a second time in
 * JSON. Connections are kept alive and reused; every call has a deadline. Failures come back as a
 * GmailSendError whose `kind` is the engine's error class (ADR 008 "Error classes", integrations.md §B9):
 * - unauthorized: 401, the access token is stale — refresh once and try again;
 * - mail-limit:   429 "(Mail sending)", the mailbox reached its daily limit — pause it until `retryAt`;
 * - transient:    5xx, 429 otherwise, 403 rate limits and quota, timeouts, network errors — retry later;
 * - permanent:    anything else (400 invalid recipient, 403 domain policy …) — the message cannot go.
 */

export type GmailFailureKind = 'unauthorized' | 'mail-limit' | 'transient' | 'permanent';

/** A Gmail refusal: the neutral ProviderSendError, with the classes Gmail's answers can have. */
export class GmailSendError extends ProviderSendError {
  declare readonly kind: GmailFailureKind;

  constructor(
    kind: GmailFailureKind,
    /** HTTP status, or 0 when no answer came (timeout, network). */
    status: number,
    reason: string,
    message: string,
    /** For mail-limit: when Google said sending may resume, if it said. */
    retryAt: Date | null = null,
  ) {
    super('gmail', kind, status, reason, message, retryAt);
    this.name = 'GmailSendError';
  }
}

export interface GmailSent {
  id: string;
  threadId: string | null;
}

export interface GmailSendClient {
  send(accessToken: string, message: Buffer | readonly Buffer[]): Promise<GmailSent>;
  close(): void;
}

export interface GmailSendOptions {
  /** The Gmail API base (providers.google.gmailApiBase). */
  apiBase: string;
  /** The whole call, connection to last byte of the answer. */
  timeoutMs?: number;
  /** Sockets kept per host; the worker sends for several mailboxes at once. */
  maxSockets?: number;
}

const TRANSIENT_403_REASONS = new Set(['userRateLimitExceeded', 'rateLimitExceeded', 'dailyLimitExceeded', 'quotaExceeded']);

interface GoogleErrorBody {
  error?: { code?: number; message?: string; status?: string; errors?: Array<{ reason?: string; message?: string }> };
}

/** Google's retry time inside the 429 text: "User-rate limit exceeded.  Retry after <ISO-8601> (Mail sending)". */
export function retryTimeFrom(message: string): Date | null {
  const match = /Retry after (\S+)/i.exec(message);
  if (!match?.[1]) return null;
  const at = Date.parse(match[1]);
  return Number.isNaN(at) ? null : new Date(at);
}

/** Maps a Gmail error answer to the engine's error class. */
export function classifyGmailError(status: number, body: string, retryAfterHeader?: string): GmailSendError {
  let parsed: GoogleErrorBody = {};
  try {
    parsed = JSON.parse(body) as GoogleErrorBody;
  } catch {
    // Not Google's JSON (a proxy's HTML page): the status alone decides.
  }
  const message = parsed.error?.message ?? body.slice(0, 300);
  const reason = parsed.error?.errors?.[0]?.reason ?? parsed.error?.status ?? '';
  const detail = `${status} ${reason ? `${reason}: ` : ''}${message}`.trim();
  if (status === 401) return new GmailSendError('unauthorized', status, reason, detail);
  if (status === 429) {
    if (/\(Mail sending\)/i.test(message)) {
      const fromHeader = retryAfterHeader ? retryAfterDate(retryAfterHeader) : null;
      return new GmailSendError('mail-limit', status, reason, detail, retryTimeFrom(message) ?? fromHeader);
    }
    return new GmailSendError('transient', status, reason, detail);
  }
  if (status === 403 && TRANSIENT_403_REASONS.has(reason)) return new GmailSendError('transient', status, reason, detail);
  if (status >= 500 || status === 408) return new GmailSendError('transient', status, reason, detail);
  return new GmailSendError('permanent', status, reason, detail);
}

function retryAfterDate(value: string): Date | null {
  const seconds = Number(value);
  if (Number.isFinite(seconds)) return new Date(Date.now() + seconds * 1000);
  const at = Date.parse(value);
  return Number.isNaN(at) ? null : new Date(at);
}

export function createGmailSendClient(options: GmailSendOptions): GmailSendClient {
  const url = new URL(`${options.apiBase.replace(/\/$/, '')}/upload/gmail/v1/users/me/messages/send?uploadType=media`);
  const secure = url.protocol === 'https:';
  const agentOptions = { keepAlive: true, keepAliveMsecs: 10_000, maxSockets: options.maxSockets ?? 32, scheduling: 'lifo' as const };
  const agent = secure ? new https.Agent(agentOptions) : new http.Agent(agentOptions);
  const request = secure ? https.request : http.request;
  const timeoutMs = options.timeoutMs ?? 30_000;
  // The URL taken apart once, not on every call (http.request would parse it again for each message).
  const target = {
    protocol: url.protocol,
    hostname: url.hostname.replace(/^\[|\]$/g, ''),
    port: url.port || (secure ? 443 : 80),
    path: `${url.pathname}${url.search}`,
    method: 'POST',
    agent,
  };

  return {
    send(accessToken, message) {
      const parts = Buffer.isBuffer(message) ? [message] : message;
      const length = parts.reduce((n, p) => n + p.length, 0);
      return new Promise<GmailSent>((resolve, reject) => {
        let settled = false;
        const fail = (error: GmailSendError) => {
          if (settled) return;
          settled = true;
          clearTimeout(deadline);
          req.destroy();
          reject(error);
        };
        const req = request(
          {
            ...target,
            headers: {
              authorization: `Bearer ${accessToken}`,
              'content-type': 'message/rfc822',
              'content-length': String(length),
              accept: 'application/json',
            },
          },
          (res) => {
            const chunks: Buffer[] = [];
            res.on('data', (chunk: Buffer) => chunks.push(chunk));
            res.on('error', (error) => fail(new GmailSendError('transient', 0, 'network', `answer interrupted: ${error.message}`)));
            res.on('end', () => {
              if (settled) return;
              const body = Buffer.concat(chunks).toString('utf8');
              const status = res.statusCode ?? 0;
              if (status >= 200 && status < 300) {
                settled = true;
                clearTimeout(deadline);
                try {
                  const sent = JSON.parse(body) as { id?: string; threadId?: string };
                  resolve({ id: String(sent.id ?? ''), threadId: sent.threadId ?? null });
                } catch {
                  // Google accepted the message; an unreadable answer must not make us send it again.
                  resolve({ id: '', threadId: null });
                }
                return;
              }
              const retryAfter = res.headers['retry-after'];
              fail(classifyGmailError(status, body, Array.isArray(retryAfter) ? retryAfter[0] : retryAfter));
            });
          },
        );
        const deadline = setTimeout(
          () => fail(new GmailSendError('transient', 0, 'timeout', `no answer from Gmail within ${timeoutMs} ms`)),
          timeoutMs,
        );
        req.on('error', (error) => fail(new GmailSendError('transient', 0, 'network', `Gmail unreachable: ${error.message}`)));
        for (let i = 0; i < parts.length - 1; i++) req.write(parts[i]);
        req.end(parts[parts.length - 1]);
      });
    },
    close() {
      agent.destroy();
    },
  };
}

/** The engine's view of Gmail: the message's MIME goes as built, with the mailbox's access token. */
export function gmailSender(client: GmailSendClient): ProviderSendClient {
  return {
    provider: 'gmail',
    async send(access, message) {
      if (access.kind !== 'token') throw new Error('Gmail sends with an access token');
      const sent = await client.send(access.accessToken, message.mime);
      return { id: sent.id };
    },
    close: () => client.close(),
  };
}

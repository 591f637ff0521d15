import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { type Answer, type GoogleSandboxCore, isSendScope } from './core';
import { type FaultEndpoint, type GoogleFault, gmailError, gmailFaultBody } from './faults';
import { headerEnd, parseMessage, readHeaders } from './mime';
import { consentPage, errorPage, mailboxIndexPage, messagePage, pageCsp, sentFolderPage } from './pages';

/**
 * Google's endpoints over HTTP, with their request and response shapes, mounted under any prefix: the
 * app's /sandbox/google in embedded mode, or the root of a loopback server in tests and benchmarks.
 * Nothing here is under /api, so the app's access rules do not apply: the sandbox is public, like Google.
 */

/** The Gmail upload endpoint takes up to 35 MB of MIME (integrations.md §B6); base64 JSON is a third bigger. */
const SEND_BODY_LIMIT = 50 * 1024 * 1024;
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const strings = (body: unknown): Record<string, string> => {
  const out: Record<string, string> = {};
  if (body && typeof body === 'object') for (const [k, v] of Object.entries(body)) if (typeof v === 'string') out[k] = v;
  return out;
};

const RAW_PREFIX = Buffer.from('{"raw":"');

function parseJson(body: Buffer): unknown {
  const end = body.length - 2;
  if (body.length > 1024 && body.subarray(0, RAW_PREFIX.length).equals(RAW_PREFIX) && body[end] === 0x22 && body[end + 1] === 0x7d) {
    // Kept as bytes: decoded only when the message is read. base64url never contains a quote or a
    // backslash; anything else takes the general path.
    const value = body.subarray(RAW_PREFIX.length, end);
    if (!value.includes(0x22) && !value.includes(0x5c)) return { raw: value };
  }
  return body.length === 0 ? undefined : JSON.parse(body.toString('utf8'));
}

const decodeBase64 = (text: Buffer) => Buffer.from(text.toString('latin1'), 'base64');

function payloadSize(payload: { bytes: Buffer } | { base64: Buffer }): number {
  if ('bytes' in payload) return payload.bytes.length;
  const text = payload.base64;
  let length = text.length;
  while (length > 0 && (text[length - 1] === 0x3d || text[length - 1] === 0x0a || text[length - 1] === 0x0d)) length--;
  return Math.floor((length * 3) / 4);
}

/** The decoded header block (with its blank line); for base64 only the start is decoded when it suffices. */
function headerBlock(payload: { bytes: Buffer } | { base64: Buffer }): Buffer {
  if ('bytes' in payload) return payload.bytes.subarray(0, headerEnd(payload.bytes).bodyStart);
  for (const chars of [16_384, Number.POSITIVE_INFINITY]) {
    const part = payload.base64.subarray(0, chars === Number.POSITIVE_INFINITY ? undefined : chars);
    const decoded = decodeBase64(part);
    const { end, bodyStart } = headerEnd(decoded);
    if (end < decoded.length || part.length === payload.base64.length) return decoded.subarray(0, bodyStart);
  }
  return Buffer.alloc(0);
}

export async function googleSandboxRoutes(app: FastifyInstance, options: { core: GoogleSandboxCore }): Promise<void> {
  const { core } = options;
  const base = app.prefix;

  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(body as string)));
  });
  app.addContentTypeParser(/^message\//, { parseAs: 'buffer', bodyLimit: SEND_BODY_LIMIT }, (_req, body, done) => done(null, body));
  // messages.send bodies are large (a base64url résumé): the common `{"raw":"..."}` shape is read without a
  // full JSON parse and prototype scan, which keeps the sandbox above 1,000 sends a second.
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'buffer', bodyLimit: SEND_BODY_LIMIT }, (_req, body, done) => {
    try {
      done(null, parseJson(body as Buffer));
    } catch {
      done(Object.assign(new Error('Invalid JSON payload.'), { statusCode: 400 }), undefined);
    }
  });

  const html = (reply: FastifyReply, status: number, page: string, formTargets: string[] = []) =>
    reply
      .status(status)
      .header('content-security-policy', pageCsp(formTargets))
      // Forms here post to this origin: with the app's no-referrer policy browsers would send `Origin: null`,
      // which the app's origin check rightly refuses.
      .header('referrer-policy', 'same-origin')
      .header('cache-control', 'no-store')
      .type('text/html; charset=utf-8')
      .send(page);
  const answer = (reply: FastifyReply, result: Answer) => reply.status(result.status).header('cache-control', 'no-store').send(result.body);

  /** A matching fault: wait, then answer it (OAuth endpoints use OAuth's error shape). true when answered. */
  async function applyFault(reply: FastifyReply, endpoint: FaultEndpoint, mailbox: string | undefined): Promise<boolean> {
    const fault = core.faults.take(endpoint, mailbox);
    if (!fault) return false;
    if (fault.delayMs) await sleep(fault.delayMs);
    if (fault.hold) {
      fault.hold.onHeld();
      await fault.hold.release;
    }
    if (fault.status === 200) return false;
    const body =
      endpoint === 'send'
        ? gmailFaultBody(fault)
        : {
            error: fault.status >= 500 ? 'internal_failure' : fault.status === 401 ? 'invalid_client' : 'rate_limit_exceeded',
            error_description: 'Injected fault',
          };
    await reply.status(fault.status).send(body);
    return true;
  }

  // ---- OAuth: consent page -------------------------------------------------------------------------------

  type Checked = { ok: true; redirectUri: string; formTargets: string[] } | { ok: false; status: number; page: string };

  /** What Google checks before showing consent: a known client and a registered redirect URI. */
  async function checkRequest(q: Record<string, string>): Promise<Checked> {
    const client = q.client_id ? await core.client(q.client_id) : undefined;
    if (!client) return { ok: false, status: 401, page: errorPage(401, 'invalid_client', 'The OAuth client was not found.') };
    const redirectUri = q.redirect_uri ?? '';
    if (!URL.canParse(redirectUri) || (client.redirectUris && !client.redirectUris.includes(redirectUri))) {
      return {
        ok: false,
        status: 400,
        page: errorPage(
          400,
          'redirect_uri_mismatch',
          `The redirect URI in the request, ${redirectUri}, does not match the ones authorized for the OAuth client.`,
        ),
      };
    }
    return { ok: true, redirectUri, formTargets: [new URL(redirectUri).origin] };
  }

  const backTo = (redirectUri: string, params: Record<string, string>) => {
    const url = new URL(redirectUri);
    for (const [k, v] of Object.entries(params)) url.searchParams.set(k, v);
    return url.toString();
  };

  /** Request problems after the client and redirect URI are trusted go back to the app, as Google does. */
  function requestError(q: Record<string, string>): string | undefined {
    if (q.response_type !== 'code') return 'unsupported_response_type';
    if (!q.scope?.trim()) return 'invalid_request';
    if (q.code_challenge && q.code_challenge_method !== 'S256') return 'invalid_request';
    return undefined;
  }

  const carried = (q: Record<string, string>) => {
    const keep = [
      'client_id',
      'redirect_uri',
      'response_type',
      'scope',
      'state',
      'access_type',
      'prompt',
      'code_challenge',
      'code_challenge_method',
    ];
    return Object.fromEntries(keep.filter((k) => q[k] !== undefined).map((k) => [k, q[k] as string]));
  };

  app.get('/o/oauth2/v2/auth', async (request, reply) => {
    const q = strings(request.query);
    const checked = await checkRequest(q);
    if (!checked.ok) return html(reply, checked.status, checked.page);
    const problem = requestError(q);
    if (problem) return reply.redirect(backTo(checked.redirectUri, { error: problem, ...(q.state ? { state: q.state } : {}) }), 302);
    const view = {
      action: `${base}/o/oauth2/v2/auth/decision`,
      clientId: q.client_id as string,
      hidden: carried(q),
      scopes: (q.scope as string).split(/\s+/).filter(Boolean),
      accounts: core.store.knownAccounts(),
    };
    return html(reply, 200, consentPage(view), checked.formTargets);
  });

  app.post('/o/oauth2/v2/auth/decision', async (request, reply) => {
    const form = strings(request.body);
    const checked = await checkRequest(form);
    if (!checked.ok) return html(reply, checked.status, checked.page);
    const state: Record<string, string> = form.state ? { state: form.state } : {};
    const problem = requestError(form);
    if (problem) return reply.redirect(backTo(checked.redirectUri, { error: problem, ...state }), 303);
    if (form.decision !== 'approve') return reply.redirect(backTo(checked.redirectUri, { error: 'access_denied', ...state }), 303);

    const email = (form.email?.trim() || form.account || '').toLowerCase();
    const requested = (form.scope as string).split(/\s+/).filter(Boolean);
    if (!EMAIL_PATTERN.test(email)) {
      const view = {
        action: `${base}/o/oauth2/v2/auth/decision`,
        clientId: form.client_id as string,
        hidden: carried(form),
        scopes: requested,
        accounts: core.store.knownAccounts(),
        typedEmail: form.email ?? '',
        error: 'اختر حسابًا أو اكتب عنوان بريد إلكتروني صحيحًا.',
      };
      return html(reply, 400, consentPage(view), checked.formTargets);
    }
    // Granular consent: the person may untick the send permission; the rest of the request is granted.
    const granted = requested.filter((s) => !isSendScope(s) || form.grant_send === '1');
    const code = core.issueCode({
      clientId: form.client_id as string,
      redirectUri: checked.redirectUri,
      email,
      scopes: granted,
      codeChallenge: form.code_challenge,
    });
    return reply.redirect(backTo(checked.redirectUri, { ...state, code, scope: granted.join(' '), prompt: 'consent' }), 303);
  });

  // ---- OAuth: token, userinfo, revoke ---------------------------------------------------------------------

  app.post('/token', async (request, reply) => {
    const form = strings(request.body);
    if (await applyFault(reply, 'token', core.mailboxOfRefreshToken(form.refresh_token))) return reply;
    return answer(reply, await core.token(form));
  });

  app.get('/v1/userinfo', async (request, reply) => {
    if (await applyFault(reply, 'userinfo', core.accessGrant(request.headers.authorization)?.e)) return reply;
    return answer(reply, core.userinfo(request.headers.authorization));
  });

  app.post('/revoke', async (request, reply) => {
    const token = strings(request.body).token ?? strings(request.query).token;
    if (await applyFault(reply, 'revoke', undefined)) return reply;
    return answer(reply, core.revoke(token));
  });

  // ---- Gmail API: users.messages.send (JSON and media upload) --------------------------------------------

  /** The message as received: bytes (upload) or base64url text still to decode (JSON `raw`). */
  type Payload = { bytes: Buffer } | { base64: Buffer };

  async function send(request: FastifyRequest, reply: FastifyReply, payload: Payload | undefined) {
    const grant = core.accessGrant(request.headers.authorization);
    if (await applyFault(reply, 'send', grant?.e)) return reply;
    if (!grant) return reply.status(401).send(gmailFaultBody({ status: 401 }));
    if (!grant.s.split(' ').some(isSendScope)) {
      return reply
        .status(403)
        .send(gmailError(403, 'Request had insufficient authentication scopes.', 'insufficientPermissions', 'PERMISSION_DENIED'));
    }
    const userId = (request.params as { userId: string }).userId;
    if (userId !== 'me' && userId.toLowerCase() !== grant.e) {
      return reply.status(403).send(gmailError(403, `Delegation denied for ${grant.e}`, 'forbidden', 'PERMISSION_DENIED'));
    }
    const size = payload ? payloadSize(payload) : 0;
    if (!payload || size === 0) {
      return reply
        .status(400)
        .send(
          gmailError(
            400,
            "'raw' RFC822 payload message string or uploading message via /upload/* URL required",
            'invalidArgument',
            'INVALID_ARGUMENT',
          ),
        );
    }
    const head = headerBlock(payload);
    if (!readHeaders(head).get('to')?.[0]?.trim()) {
      return reply.status(400).send(gmailError(400, 'Invalid To header', 'invalidArgument', 'INVALID_ARGUMENT'));
    }
    const kept = !core.keepBodies ? Buffer.from(head) : 'bytes' in payload ? payload.bytes : () => decodeBase64(payload.base64);
    const message = core.store.addMessage(grant.e, kept, size);
    return reply.send({ id: message.id, threadId: message.threadId, labelIds: ['SENT'] });
  }

  app.post('/gmail/v1/users/:userId/messages/send', { bodyLimit: SEND_BODY_LIMIT }, async (request, reply) => {
    const raw = (request.body as { raw?: unknown } | undefined)?.raw;
    const base64 = Buffer.isBuffer(raw) ? raw : typeof raw === 'string' ? Buffer.from(raw, 'latin1') : undefined;
    return send(request, reply, base64 ? { base64 } : undefined);
  });

  app.post('/upload/gmail/v1/users/:userId/messages/send', { bodyLimit: SEND_BODY_LIMIT }, async (request, reply) => {
    const uploadType = strings(request.query).uploadType;
    if (uploadType !== 'media') {
      return reply.status(400).send(gmailError(400, `Unsupported uploadType: ${uploadType ?? ''}`, 'badRequest', 'INVALID_ARGUMENT'));
    }
    return send(request, reply, Buffer.isBuffer(request.body) ? { bytes: request.body } : undefined);
  });

  // ---- Sent folders for a person ---------------------------------------------------------------------------

  app.get('/mail', async (_request, reply) => html(reply, 200, mailboxIndexPage(base, core.store.mailboxes())));

  app.get('/mail/:mailbox', async (request, reply) => {
    const { mailbox } = request.params as { mailbox: string };
    return html(reply, 200, sentFolderPage(base, mailbox.toLowerCase(), core.store.listMessages(mailbox.toLowerCase())));
  });

  app.get('/mail/:mailbox/:id', async (request, reply) => {
    const { mailbox, id } = request.params as { mailbox: string; id: string };
    const message = core.store.findMessage(mailbox.toLowerCase(), id);
    if (!message) return html(reply, 404, errorPage(404, 'not_found', 'لا توجد رسالة بهذا المعرّف في هذا الحساب.'));
    return html(reply, 200, messagePage(base, message, parseMessage(message.raw)));
  });

  app.get('/mail/:mailbox/:id/attachments/:index', async (request, reply) => {
    const { mailbox, id, index } = request.params as { mailbox: string; id: string; index: string };
    const message = core.store.findMessage(mailbox.toLowerCase(), id);
    const attachment = message ? parseMessage(message.raw).attachments[Number(index)] : undefined;
    if (!attachment) return html(reply, 404, errorPage(404, 'not_found', 'لا يوجد مرفق بهذا الرقم.'));
    const ascii = attachment.filename.replace(/[^\x20-\x7e]/g, '_').replace(/"/g, '');
    return reply
      .header('content-type', attachment.contentType || 'application/octet-stream')
      .header('content-disposition', `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(attachment.filename)}`)
      .header('cache-control', 'no-store')
      .send(attachment.content);
  });

  // ---- Switches for tests, e2e and benchmarks ---------------------------------------------------------------

  app.post('/_control/faults', async (request, reply) => {
    // A hold needs a promise of this process: none comes over HTTP.
    const { hold: _hold, ...body } = (request.body ?? {}) as GoogleFault & { retryAfter?: string | Date };
    if (![200, 401, 403, 429, 500, 503].includes(Number(body.status))) return reply.status(400).send({ error: 'status' });
    core.faults.inject({ ...body, ...(body.retryAfter ? { retryAfter: new Date(body.retryAfter) } : {}) });
    return reply.status(204).send();
  });
  app.delete('/_control/faults', async (_request, reply) => {
    core.faults.clear();
    return reply.status(204).send();
  });
  app.get('/_control/sent', async (request) => {
    const mailbox = strings(request.query).mailbox?.toLowerCase();
    return {
      messages: core.store.listMessages(mailbox).map((m) => ({
        id: m.id,
        mailbox: m.mailbox,
        to: m.to,
        subject: m.subject,
        receivedAt: m.receivedAt.toISOString(),
        size: m.size,
      })),
    };
  });
  app.delete('/_control/sent', async (_request, reply) => {
    core.store.clearMessages();
    return reply.status(204).send();
  });
  app.post('/_control/revoke-all', async (request, reply) => {
    const mailbox = strings(request.body).mailbox?.toLowerCase();
    if (!mailbox) return reply.status(400).send({ error: 'mailbox' });
    core.store.revokeAll(mailbox);
    return reply.status(204).send();
  });
  app.post('/_control/settings', async (request, reply) => {
    const ttl = Number((request.body as { accessTokenTtlSeconds?: unknown } | undefined)?.accessTokenTtlSeconds);
    if (!Number.isInteger(ttl) || ttl < 1) return reply.status(400).send({ error: 'accessTokenTtlSeconds' });
    core.accessTokenTtlSeconds = ttl;
    return reply.status(204).send();
  });
}

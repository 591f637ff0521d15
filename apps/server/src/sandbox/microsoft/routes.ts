import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { parseMessage } from '../google/mime';
import { pageCsp } from '../google/pages';
import { type Answer, aadError, GRAPH_REQUEST_LIMIT, type MicrosoftSandboxCore } from './core';
import { type FaultEndpoint, graphError, graphFault, type MicrosoftFault } from './faults';
import { attachmentsOf, consentPage, errorPage, mailboxIndexPage, messagePage, sentFolderPage } from './pages';
import { newRequestId, type TokenClaims } from './tokens';

/**
 * Microsoft's endpoints over HTTP, mounted under any prefix: the app's /sandbox/microsoft in embedded mode,
 * /microsoft in the sandboxes process, or the root of a loopback server in tests. Nothing here is under /api,
 * so the app's access rules do not apply: the sandbox is public, like Microsoft.
 */

/** Read well past Graph's 4 MB so that a larger request gets Graph's own 413, not a parser's. */
const READ_LIMIT = 16 * 1024 * 1024;
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const strings = (body: unknown): Record<string, string> => {
  const out: Record<string, string> = {};
  if (body && typeof body === 'object') for (const [k, v] of Object.entries(body)) if (typeof v === 'string') out[k] = v;
  return out;
};
/** A control request's body, sent as JSON (read as bytes here) or as a form. */
function controlBody(body: unknown): Record<string, unknown> {
  if (!Buffer.isBuffer(body)) return body && typeof body === 'object' ? (body as Record<string, unknown>) : {};
  try {
    const parsed: unknown = JSON.parse(body.toString('utf8') || '{}');
    return parsed && typeof parsed === 'object' ? (parsed as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

export async function microsoftSandboxRoutes(app: FastifyInstance, options: { core: MicrosoftSandboxCore }): Promise<void> {
  const { core } = options;
  const base = app.prefix;

  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(body as string)));
  });
  // Graph's bodies are read as bytes: their size is checked against Graph's limit before anything is parsed.
  app.removeContentTypeParser(['application/json', 'text/plain']);
  for (const type of ['application/json', 'text/plain', 'application/octet-stream']) {
    app.addContentTypeParser(type, { parseAs: 'buffer', bodyLimit: READ_LIMIT }, (_req, body, done) => done(null, body));
  }

  const html = (reply: FastifyReply, status: number, page: string, formTargets: string[] = []) =>
    reply
      .status(status)
      .header('content-security-policy', pageCsp(formTargets))
      .header('referrer-policy', 'same-origin')
      .header('cache-control', 'no-store')
      .type('text/html; charset=utf-8')
      .send(page);
  const answer = (reply: FastifyReply, result: Answer) => {
    reply.status(result.status).header('cache-control', 'no-store').header('request-id', newRequestId());
    for (const [k, v] of Object.entries(result.headers ?? {})) reply.header(k, v);
    return result.body === undefined ? reply.send() : reply.send(result.body);
  };

  async function applyFault(reply: FastifyReply, endpoint: FaultEndpoint, mailbox: string | undefined): Promise<boolean> {
    const fault = core.faults.take(endpoint, mailbox);
    if (!fault) return false;
    if (fault.delayMs) await sleep(fault.delayMs);
    if (fault.status === 200) return false;
    if (endpoint === 'token') {
      const result =
        fault.status >= 500
          ? aadError(fault.status, 'temporarily_unavailable', 90006, 'The server is temporarily too busy to handle the request.')
          : aadError(
              fault.status === 401 ? 401 : 400,
              fault.status === 401 ? 'invalid_client' : 'invalid_request',
              90000,
              'Injected fault.',
            );
      await answer(reply, result);
      return true;
    }
    const { status, body, headers } = graphFault(fault, newRequestId());
    await answer(reply, { status, body, headers });
    return true;
  }

  // ---- Sign-in and consent ------------------------------------------------------------------------------------

  type Checked = { ok: true; redirectUri: string; formTargets: string[] } | { ok: false; status: number; page: string };

  /** Before anything else Microsoft checks the application and the redirect URI, and says so on its own page. */
  async function checkRequest(q: Record<string, string>): Promise<Checked> {
    const client = q.client_id ? await core.client(q.client_id) : undefined;
    if (!client) {
      return {
        ok: false,
        status: 400,
        page: errorPage(400, 'AADSTS700016', `Application with identifier '${q.client_id ?? ''}' was not found in the directory.`),
      };
    }
    const redirectUri = q.redirect_uri ?? '';
    if (!URL.canParse(redirectUri) || (client.redirectUris && !client.redirectUris.includes(redirectUri))) {
      return {
        ok: false,
        status: 400,
        page: errorPage(
          400,
          'AADSTS50011',
          `The redirect URI '${redirectUri}' specified in the request does not match the redirect URIs configured for the application '${q.client_id}'.`,
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

  /** Problems found once the redirect URI is trusted go back to the app as `error` and `error_description`. */
  function requestError(q: Record<string, string>): { error: string; error_description: string } | undefined {
    if (q.response_type !== 'code') {
      return { error: 'unsupported_response_type', error_description: 'AADSTS700054: response_type must be code.' };
    }
    if (!q.scope?.trim()) {
      return {
        error: 'invalid_request',
        error_description: "AADSTS900144: The request body must contain the following parameter: 'scope'.",
      };
    }
    const scopes = core.checkScopes(q.scope);
    if (!scopes.ok) {
      return {
        error: 'invalid_scope',
        error_description: `AADSTS70011: The provided value for the input parameter 'scope' isn't valid. The scope ${scopes.scope} isn't granted to this application.`,
      };
    }
    if (!q.code_challenge) {
      return {
        error: 'invalid_request',
        error_description: "AADSTS900144: The request body must contain the following parameter: 'code_challenge'.",
      };
    }
    if (q.code_challenge_method !== 'S256') {
      return { error: 'invalid_request', error_description: 'AADSTS501491: code_challenge_method must be S256.' };
    }
    return undefined;
  }

  const KEEP = [
    'client_id',
    'redirect_uri',
    'response_type',
    'response_mode',
    'scope',
    'state',
    'prompt',
    'code_challenge',
    'code_challenge_method',
  ];
  const carried = (q: Record<string, string>) => Object.fromEntries(KEEP.filter((k) => q[k] !== undefined).map((k) => [k, q[k] as string]));
  const withState = (q: Record<string, string>): Record<string, string> => (q.state ? { state: q.state } : {});
  const consentView = (q: Record<string, string>) => ({
    action: `${base}/common/oauth2/v2.0/authorize/decision`,
    clientId: q.client_id as string,
    hidden: carried(q),
    scopes: (q.scope as string).split(/\s+/).filter(Boolean),
    accounts: core.store.knownAccounts(),
  });

  app.get('/common/oauth2/v2.0/authorize', async (request, reply) => {
    const q = strings(request.query);
    const checked = await checkRequest(q);
    if (!checked.ok) return html(reply, checked.status, checked.page);
    const problem = requestError(q);
    if (problem) return reply.redirect(backTo(checked.redirectUri, { ...problem, ...withState(q) }), 302);
    return html(reply, 200, consentPage(consentView(q)), checked.formTargets);
  });

  app.post('/common/oauth2/v2.0/authorize/decision', async (request, reply) => {
    const form = strings(request.body);
    const checked = await checkRequest(form);
    if (!checked.ok) return html(reply, checked.status, checked.page);
    const problem = requestError(form);
    if (problem) return reply.redirect(backTo(checked.redirectUri, { ...problem, ...withState(form) }), 303);
    if (form.decision !== 'approve') {
      return reply.redirect(
        backTo(checked.redirectUri, {
          error: 'access_denied',
          error_description: 'AADSTS65004: User declined to consent to access the app.',
          ...withState(form),
        }),
        303,
      );
    }
    const email = (form.email?.trim() || form.account || '').toLowerCase();
    const accountType = form.account_type === 'organization' ? 'organization' : 'consumer';
    if (!EMAIL_PATTERN.test(email)) {
      const view = {
        ...consentView(form),
        typedEmail: form.email ?? '',
        accountType,
        error: 'اختر حسابًا أو اكتب عنوان بريد إلكتروني صحيحًا.',
      } as const;
      return html(reply, 400, consentPage(view), checked.formTargets);
    }
    const scopes = core.checkScopes(form.scope as string);
    const code = core.issueCode({
      clientId: form.client_id as string,
      redirectUri: checked.redirectUri,
      email,
      accountType,
      scopes: scopes.ok ? scopes.scopes : [],
      codeChallenge: form.code_challenge as string,
    });
    return reply.redirect(backTo(checked.redirectUri, { code, ...withState(form) }), 303);
  });

  app.post('/common/oauth2/v2.0/token', async (request, reply) => {
    const form = strings(request.body);
    if (await applyFault(reply, 'token', core.mailboxOfRefreshToken(form.refresh_token))) return reply;
    return answer(reply, await core.token(form));
  });

  // ---- Graph --------------------------------------------------------------------------------------------------

  const unauthenticated: Answer = {
    status: 401,
    body: graphError('InvalidAuthenticationToken', 'Access token has expired or is not yet valid.', newRequestId()),
    headers: { 'www-authenticate': 'Bearer realm="", authorization_uri="https://login.microsoftonline.com/common/oauth2/authorize"' },
  };

  /** The caller's grant, after any fault aimed at its mailbox; undefined once an answer was sent. */
  async function authorised(request: FastifyRequest, reply: FastifyReply, endpoint: FaultEndpoint): Promise<TokenClaims | undefined> {
    const grant = core.accessGrant(request.headers.authorization);
    if (await applyFault(reply, endpoint, grant?.e)) return undefined;
    if (!grant) {
      await answer(reply, unauthenticated);
      return undefined;
    }
    return grant;
  }

  /** A Graph mail body: MIME as base64 text/plain, or JSON; Graph's 413 above its request limit. */
  function mailBody(request: FastifyRequest): { json: unknown } | { text: Buffer } | Answer {
    const bytes = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
    if (bytes.length > GRAPH_REQUEST_LIMIT) {
      return {
        status: 413,
        body: graphError('RequestEntityTooLarge', 'The maximum request length supported is 4MB.', newRequestId()),
      };
    }
    if ((request.headers['content-type'] ?? '').startsWith('text/plain')) return { text: bytes };
    try {
      return { json: bytes.length ? JSON.parse(bytes.toString('utf8')) : undefined };
    } catch {
      return { status: 400, body: graphError('BadRequest', 'Unable to read JSON request payload.', newRequestId()) };
    }
  }
  const isAnswer = (value: object): value is Answer => 'status' in value;

  app.get('/v1.0/me', async (request, reply) => {
    const grant = await authorised(request, reply, 'me');
    if (!grant) return reply;
    return answer(reply, core.me(grant));
  });

  app.post('/v1.0/me/sendMail', async (request, reply) => {
    const grant = await authorised(request, reply, 'graph');
    if (!grant) return reply;
    const body = mailBody(request);
    return answer(reply, isAnswer(body) ? body : await core.sendMail(grant, body));
  });

  app.post('/v1.0/me/messages', async (request, reply) => {
    const grant = await authorised(request, reply, 'graph');
    if (!grant) return reply;
    const body = mailBody(request);
    return answer(reply, isAnswer(body) ? body : await core.createDraft(grant, body));
  });

  app.delete('/v1.0/me/messages/:id', async (request, reply) => {
    const grant = await authorised(request, reply, 'graph');
    if (!grant) return reply;
    return answer(reply, core.deleteDraft(grant, (request.params as { id: string }).id));
  });

  app.post('/v1.0/me/messages/:id/attachments/createUploadSession', async (request, reply) => {
    const grant = await authorised(request, reply, 'graph');
    if (!grant) return reply;
    const body = mailBody(request);
    if (isAnswer(body)) return answer(reply, body);
    const uploadRoot = `${request.protocol}://${request.host}${base}`;
    return answer(
      reply,
      core.createUploadSession(grant, (request.params as { id: string }).id, 'json' in body ? body.json : undefined, uploadRoot),
    );
  });

  app.post('/v1.0/me/messages/:id/send', async (request, reply) => {
    const grant = await authorised(request, reply, 'graph');
    if (!grant) return reply;
    return answer(reply, core.sendDraft(grant, (request.params as { id: string }).id));
  });

  app.put('/upload/sessions/:token', async (request, reply) => {
    const { token } = request.params as { token: string };
    if (await applyFault(reply, 'upload', core.mailboxOfSession(token))) return reply;
    const bytes = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
    return answer(reply, core.upload(token, request.headers['content-range'], bytes, request.headers.authorization !== undefined));
  });

  // ---- Sent Items for a person --------------------------------------------------------------------------------

  app.get('/mail', async (_request, reply) => html(reply, 200, mailboxIndexPage(base, core.store.mailboxes())));

  app.get('/mail/:mailbox', async (request, reply) => {
    const mailbox = (request.params as { mailbox: string }).mailbox.toLowerCase();
    return html(reply, 200, sentFolderPage(base, mailbox, core.store.listMessages(mailbox)));
  });

  app.get('/mail/:mailbox/:id', async (request, reply) => {
    const { mailbox, id } = request.params as { mailbox: string; id: string };
    const message = core.store.findMessage(mailbox.toLowerCase(), id);
    if (!message) return html(reply, 404, errorPage(404, 'ErrorItemNotFound', 'لا توجد رسالة بهذا المعرّف في هذا الحساب.'));
    return html(reply, 200, messagePage(base, message, parseMessage(message.raw)));
  });

  app.get('/mail/:mailbox/:id/attachments/:index', async (request, reply) => {
    const { mailbox, id, index } = request.params as { mailbox: string; id: string; index: string };
    const message = core.store.findMessage(mailbox.toLowerCase(), id);
    const attachment = message ? parseMessage(message.raw).attachments[Number(index)] : undefined;
    if (!attachment) return html(reply, 404, errorPage(404, 'ErrorItemNotFound', 'لا يوجد مرفق بهذا الرقم.'));
    const ascii = attachment.filename.replace(/[^\x20-\x7e]/g, '_').replace(/"/g, '');
    return reply
      .header('content-type', attachment.contentType || 'application/octet-stream')
      .header('content-disposition', `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(attachment.filename)}`)
      .header('cache-control', 'no-store')
      .send(attachment.content);
  });

  // ---- Switches for tests and rehearsals ------------------------------------------------------------------------

  app.post('/_control/faults', async (request, reply) => {
    const body = controlBody(request.body) as unknown as MicrosoftFault;
    if (![200, 401, 403, 429, 500, 503].includes(Number(body.status))) return reply.status(400).send({ error: 'status' });
    core.faults.inject(body);
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
        attachments: attachmentsOf(m),
      })),
    };
  });
  app.delete('/_control/sent', async (_request, reply) => {
    core.store.clearMessages();
    return reply.status(204).send();
  });
  /** Consent withdrawn (or the password changed): every refresh token of the mailbox answers invalid_grant. */
  app.post('/_control/revoke-all', async (request, reply) => {
    const mailbox = strings(controlBody(request.body)).mailbox?.toLowerCase();
    if (!mailbox) return reply.status(400).send({ error: 'mailbox' });
    core.store.revokeAll(mailbox);
    return reply.status(204).send();
  });
}

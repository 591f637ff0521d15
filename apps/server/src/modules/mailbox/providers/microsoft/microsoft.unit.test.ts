import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Fastify from 'fastify';
import MailComposer from 'nodemailer/lib/mail-composer';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  MICROSOFT_PRODUCTION,
  MICROSOFT_SANDBOX_PREFIX,
  type MicrosoftEndpoints,
  microsoftSandboxEndpoints,
} from '../../../../config/providers';
import { parseMessage } from '../../../../sandbox/google/mime';
import {
  embeddedMicrosoftClientSecret,
  embeddedMicrosoftSandbox,
  MICROSOFT_SANDBOX_CLIENT_ID,
  type MicrosoftSandbox,
  startMicrosoftSandbox,
} from '../../../../sandbox/microsoft';
import { pkceChallenge } from '../../../../sandbox/microsoft/tokens';
import { MailboxUnavailableError } from '../../mailbox-credentials';
import type { OutgoingMessage } from '../provider';
import { ProviderSendError } from '../provider';
import { createGraphSendClient, type GraphSendClient } from './graph-send';
import {
  exchangeMicrosoftCode,
  hasScope,
  MicrosoftOAuthError,
  type MicrosoftTokens,
  microsoftAuthorizationUrl,
  readMicrosoftAccount,
  refreshMicrosoftToken,
} from './microsoft-oauth';

/**
 * The Microsoft client code against the Microsoft sandbox over real HTTP on loopback ports: linking (consent,
 * PKCE, refresh, revoked consent), sending by both of Graph's paths, and every failure in the engine's classes.
 */

const REDIRECT = 'https://sira.example/api/mailbox/microsoft/callback';
const VERIFIER = randomBytes(48).toString('base64url');
const SLOW = { timeout: 30_000 };

let sandbox: MicrosoftSandbox;
/** The same Microsoft, but for an application that may also ask for Mail.ReadWrite. */
let readWriteSandbox: MicrosoftSandbox;
let graph: GraphSendClient;
let readWriteGraph: GraphSendClient;

beforeAll(async () => {
  sandbox = await startMicrosoftSandbox({ redirectUris: [REDIRECT] });
  readWriteSandbox = await startMicrosoftSandbox({ redirectUris: [REDIRECT], extraScopes: ['Mail.ReadWrite'] });
  graph = createGraphSendClient({ graphApiBase: sandbox.endpoints.graphApiBase });
  readWriteGraph = createGraphSendClient({ graphApiBase: readWriteSandbox.endpoints.graphApiBase });
});
afterAll(async () => {
  graph?.close();
  readWriteGraph?.close();
  await Promise.all([sandbox?.close(), readWriteSandbox?.close()]);
});
afterEach(() => {
  sandbox.clearFaults();
  readWriteSandbox.clearFaults();
});

const client = (s: MicrosoftSandbox) => ({ clientId: s.clientId, clientSecret: s.clientSecret });

const consentUrl = (s: MicrosoftSandbox, state = 'st4te') =>
  microsoftAuthorizationUrl(s.endpoints, { clientId: s.clientId, redirectUri: REDIRECT, state, codeChallenge: pkceChallenge(VERIFIER) });

/** Opens the consent page as a browser would, answers it, and returns where Microsoft sends the browser. */
async function answerConsent(url: string, answer: { email: string; accountType?: 'consumer' | 'organization'; deny?: boolean }) {
  const page = await fetch(url, { redirect: 'manual' });
  if (page.status !== 200) return new URL(page.headers.get('location') ?? `about:${page.status}`);
  await page.text();
  const target = new URL(url);
  const form = new URLSearchParams(target.search);
  form.set('decision', answer.deny ? 'deny' : 'approve');
  form.set('email', answer.email);
  form.set('account_type', answer.accountType ?? 'consumer');
  const decision = await fetch(`${target.origin}${target.pathname}/decision`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: form.toString(),
    redirect: 'manual',
  });
  expect(decision.status).toBe(303);
  return new URL(decision.headers.get('location') as string);
}

async function link(s: MicrosoftSandbox, email: string, accountType: 'consumer' | 'organization' = 'consumer', url = consentUrl(s)) {
  const back = await answerConsent(url, { email, accountType });
  return exchangeMicrosoftCode(s.endpoints, client(s), {
    code: back.searchParams.get('code') as string,
    redirectUri: REDIRECT,
    codeVerifier: VERIFIER,
  });
}

async function until(condition: () => boolean) {
  while (!condition()) await new Promise((resolve) => setImmediate(resolve));
}

const pdf = (bytes: number) => Buffer.concat([Buffer.from('%PDF-1.4\n'), randomBytes(bytes - 9)]);

async function outgoing(from: string, to: string, attachmentBytes: Buffer): Promise<OutgoingMessage> {
  const headers = {
    'List-Unsubscribe': '<https://sira.example/u/abc>',
    'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
  };
  const attachment = { filename: 'السيرة الذاتية.pdf', contentType: 'application/pdf' as const, bytes: attachmentBytes };
  const mime = await new MailComposer({
    from: { name: 'مرشح', address: from },
    to,
    subject: 'طلب وظيفة',
    html: '<p dir="rtl">السلام عليكم</p>',
    text: 'السلام عليكم',
    headers,
    attachments: [{ filename: attachment.filename, content: attachmentBytes, contentType: 'application/pdf' }],
  })
    .compile()
    .build();
  return {
    mime: [mime],
    from: { address: from, name: 'مرشح' },
    to,
    subject: 'طلب وظيفة',
    html: '<p dir="rtl">السلام عليكم</p>',
    text: 'السلام عليكم',
    headers,
    attachment,
  };
}

async function failure(promise: Promise<unknown>): Promise<ProviderSendError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ProviderSendError);
  return error as ProviderSendError;
}

describe('linking a Microsoft mailbox', () => {
  it('asks the common authority for exactly the three scopes, with state and PKCE', () => {
    const url = new URL(
      microsoftAuthorizationUrl(MICROSOFT_PRODUCTION, { clientId: 'app', redirectUri: REDIRECT, state: 's', codeChallenge: 'c' }),
    );
    expect(`${url.origin}${url.pathname}`).toBe('https://login.microsoftonline.com/common/oauth2/v2.0/authorize');
    expect(url.searchParams.get('scope')).toBe('offline_access Mail.Send User.Read');
    expect(url.searchParams.get('code_challenge_method')).toBe('S256');
    expect(url.searchParams.get('state')).toBe('s');
  });

  it('consent approved: a code for the state, tokens for the code, the address and kind of account from /me', async () => {
    const back = await answerConsent(consentUrl(sandbox), { email: 'Layla@Outlook.com' });
    expect(back.searchParams.get('state')).toBe('st4te');
    const tokens = await exchangeMicrosoftCode(sandbox.endpoints, client(sandbox), {
      code: back.searchParams.get('code') as string,
      redirectUri: REDIRECT,
      codeVerifier: VERIFIER,
    });
    expect(tokens.refreshToken).toBeTruthy();
    expect(hasScope(tokens.scope, 'Mail.Send')).toBe(true);
    expect(tokens.idToken).toBeUndefined();
    const account = await readMicrosoftAccount(sandbox.endpoints, tokens.accessToken);
    expect(account).toMatchObject({ email: 'layla@outlook.com', accountType: 'consumer' });

    const work = await link(sandbox, 'omar@contoso.sa', 'organization');
    expect(await readMicrosoftAccount(sandbox.endpoints, work.accessToken)).toMatchObject({
      email: 'omar@contoso.sa',
      accountType: 'organization',
    });
  });

  it('reads the kind of account from the ID token when openid was asked for', async () => {
    const url = new URL(consentUrl(sandbox));
    url.searchParams.set('scope', 'openid offline_access Mail.Send User.Read');
    const tokens = await link(sandbox, 'nora@hotmail.com', 'consumer', url.toString());
    expect(tokens.idToken).toBeTruthy();
    const account = await readMicrosoftAccount(sandbox.endpoints, tokens.accessToken, tokens.idToken);
    expect(account.accountType).toBe('consumer');
  });

  it('consent denied: back to the app with access_denied and the state', async () => {
    const back = await answerConsent(consentUrl(sandbox, 'denied-state'), { email: 'x@outlook.com', deny: true });
    expect(back.searchParams.get('error')).toBe('access_denied');
    expect(back.searchParams.get('state')).toBe('denied-state');
    expect(back.searchParams.get('code')).toBeNull();
  });

  it('refuses a code redeemed with the wrong PKCE verifier, in Microsoft’s AADSTS shape', async () => {
    const back = await answerConsent(consentUrl(sandbox), { email: 'pkce@outlook.com' });
    const error = await exchangeMicrosoftCode(sandbox.endpoints, client(sandbox), {
      code: back.searchParams.get('code') as string,
      redirectUri: REDIRECT,
      codeVerifier: 'w'.repeat(50),
    }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(MicrosoftOAuthError);
    expect(error).toMatchObject({ status: 400, error: 'invalid_grant', codes: [501481] });
  });

  it('refuses scopes beyond the three (Mail.ReadWrite) before showing consent', async () => {
    const url = new URL(consentUrl(sandbox));
    url.searchParams.set('scope', 'offline_access Mail.Send User.Read Mail.ReadWrite');
    const back = await answerConsent(url.toString(), { email: 'more@outlook.com' });
    expect(back.searchParams.get('error')).toBe('invalid_scope');
    expect(back.searchParams.get('error_description')).toMatch(/^AADSTS70011:/);
    expect(back.searchParams.get('state')).toBe('st4te');
  });

  it('refreshes: a new access token and a new refresh token', async () => {
    const first = await link(sandbox, 'refresh@outlook.com');
    const next = await refreshMicrosoftToken(sandbox.endpoints, client(sandbox), first.refreshToken as string);
    expect(next.accessToken).not.toBe(first.accessToken);
    expect(next.refreshToken).toBeTruthy();
    expect((await readMicrosoftAccount(sandbox.endpoints, next.accessToken)).email).toBe('refresh@outlook.com');
  });

  it('revoked consent or an unknown refresh token: the neutral "mailbox unavailable"', async () => {
    const tokens = await link(sandbox, 'revoked@outlook.com');
    sandbox.revokeAll('revoked@outlook.com');
    const revoked = await refreshMicrosoftToken(sandbox.endpoints, client(sandbox), tokens.refreshToken as string).catch((e: unknown) => e);
    expect(revoked).toBeInstanceOf(MailboxUnavailableError);
    expect(revoked).toMatchObject({ reason: 'invalid_grant' });
    const unknown = await refreshMicrosoftToken(sandbox.endpoints, client(sandbox), 'M.R3sbx.not-a-token').catch((e: unknown) => e);
    expect(unknown).toBeInstanceOf(MailboxUnavailableError);
  });

  it('a wrong client secret is the platform’s problem, not the mailbox’s', async () => {
    const tokens = await link(sandbox, 'secret@outlook.com');
    const error = await refreshMicrosoftToken(
      sandbox.endpoints,
      { clientId: sandbox.clientId, clientSecret: 'wrong' },
      tokens.refreshToken as string,
    ).catch((e: unknown) => e);
    expect(error).toMatchObject({ status: 401, error: 'invalid_client', codes: [7000215] });
  });
});

describe('sending through Graph', () => {
  let consumer: MicrosoftTokens;
  beforeAll(async () => {
    consumer = await link(sandbox, 'sender@outlook.com');
  });

  it('a 1 MB résumé goes in one sendMail call, as MIME, headers kept', SLOW, async () => {
    const cv = pdf(1024 * 1024);
    await graph.send(consumer.accessToken, await outgoing('sender@outlook.com', 'hr@company.sa', cv));
    const [sent] = sandbox.sentMessages('sender@outlook.com');
    const parsed = parseMessage((sent as { raw: Buffer }).raw);
    expect(parsed.headers.get('list-unsubscribe')?.[0]).toBe('<https://sira.example/u/abc>');
    expect(parsed.headers.get('list-unsubscribe-post')?.[0]).toBe('List-Unsubscribe=One-Click');
    expect(parsed.attachments[0]?.content.equals(cv)).toBe(true);
  });

  it('a 4.5 MB résumé with Sira’s scopes: Graph keeps drafts to Mail.ReadWrite, so the message is permanent', SLOW, async () => {
    const error = await failure(
      graph.send(consumer.accessToken, await outgoing('sender@outlook.com', 'big@company.sa', pdf(4.5 * 1024 * 1024))),
    );
    expect(error).toMatchObject({ kind: 'permanent', status: 403, reason: 'ErrorAccessDenied' });
    expect(sandbox.sentMessages('sender@outlook.com').some((m) => m.to === 'big@company.sa')).toBe(false);
  });

  it('a 4.5 MB résumé with Mail.ReadWrite: draft, upload session in ranges, send; Sent Items shows it whole', SLOW, async () => {
    const url = new URL(consentUrl(readWriteSandbox));
    url.searchParams.set('scope', 'offline_access Mail.Send User.Read Mail.ReadWrite');
    const tokens = await link(readWriteSandbox, 'big@contoso.sa', 'organization', url.toString());
    const cv = pdf(4.5 * 1024 * 1024);
    const sent = await readWriteGraph.send(tokens.accessToken, await outgoing('big@contoso.sa', 'hr@company.sa', cv));
    expect(sent.id).toMatch(/^AAMk/);

    const [message] = readWriteSandbox.sentMessages('big@contoso.sa');
    const parsed = parseMessage((message as { raw: Buffer }).raw);
    expect(parsed.attachments).toHaveLength(1);
    expect(parsed.attachments[0]?.filename).toBe('السيرة الذاتية.pdf');
    expect(parsed.attachments[0]?.content.equals(cv)).toBe(true);
    expect(parsed.headers.get('list-unsubscribe')?.[0]).toBe('<https://sira.example/u/abc>');
    expect(parsed.html).toContain('السلام عليكم');

    const page = await (await fetch(`${readWriteSandbox.baseUrl}/mail/big%40contoso.sa`)).text();
    expect(page).toContain('السيرة الذاتية.pdf');
    expect(page).toContain(`data-bytes="${cv.length}"`);
    const json = (await (await fetch(`${readWriteSandbox.baseUrl}/_control/sent?mailbox=big@contoso.sa`)).json()) as {
      messages: Array<{ attachments: Array<{ filename: string; size: number }> }>;
    };
    expect(json.messages[0]?.attachments).toEqual([{ filename: 'السيرة الذاتية.pdf', contentType: 'application/pdf', size: cv.length }]);
  });

  it('an upload that fails half-way is transient and leaves no draft behind', SLOW, async () => {
    const url = new URL(consentUrl(readWriteSandbox));
    url.searchParams.set('scope', 'offline_access Mail.Send User.Read Mail.ReadWrite');
    const tokens = await link(readWriteSandbox, 'flaky@contoso.sa', 'organization', url.toString());
    readWriteSandbox.injectFault({ endpoint: 'upload', status: 503, times: 1 });
    const error = await failure(
      readWriteGraph.send(tokens.accessToken, await outgoing('flaky@contoso.sa', 'hr@company.sa', pdf(4.5 * 1024 * 1024))),
    );
    expect(error.kind).toBe('transient');
    expect(readWriteSandbox.sentMessages('flaky@contoso.sa')).toHaveLength(0);
  });

  it('401 → unauthorized, 403 ErrorAccessDenied → credentials-refused', async () => {
    const message = await outgoing('sender@outlook.com', 'hr@company.sa', pdf(10_000));
    sandbox.injectFault({ status: 401, times: 1 });
    expect((await failure(graph.send(consumer.accessToken, message))).kind).toBe('unauthorized');
    sandbox.injectFault({ status: 403, times: 1 });
    expect(await failure(graph.send(consumer.accessToken, message))).toMatchObject({
      kind: 'credentials-refused',
      reason: 'ErrorAccessDenied',
    });
    expect((await failure(graph.send('EwAsbx.forged.token', message))).kind).toBe('unauthorized');
  });

  it('429 → mail-limit until Retry-After, for that mailbox only', async () => {
    const message = await outgoing('sender@outlook.com', 'hr@company.sa', pdf(10_000));
    sandbox.injectFault({ status: 429, retryAfterSeconds: 120, mailbox: 'sender@outlook.com', times: 1 });
    const before = Date.now();
    const error = await failure(graph.send(consumer.accessToken, message));
    const after = Date.now();
    expect(error).toMatchObject({ kind: 'mail-limit', status: 429, reason: 'ApplicationThrottled' });
    expect(error.retryAt?.getTime()).toBeGreaterThanOrEqual(before + 120_000);
    expect(error.retryAt?.getTime()).toBeLessThanOrEqual(after + 120_000);
    const other = await link(sandbox, 'other@outlook.com');
    sandbox.injectFault({ status: 429, retryAfterSeconds: 120, mailbox: 'sender@outlook.com', times: 1 });
    await graph.send(other.accessToken, await outgoing('other@outlook.com', 'hr@company.sa', pdf(10_000)));
  });

  it('5xx → transient; an invalid recipient → permanent', async () => {
    const message = await outgoing('sender@outlook.com', 'hr@company.sa', pdf(10_000));
    sandbox.injectFault({ status: 503, times: 1 });
    expect((await failure(graph.send(consumer.accessToken, message))).kind).toBe('transient');
    sandbox.injectFault({ status: 500, times: 1 });
    expect((await failure(graph.send(consumer.accessToken, message))).kind).toBe('transient');
    const badRecipient = await outgoing('sender@outlook.com', 'not-an-address', pdf(10_000));
    expect(await failure(graph.send(consumer.accessToken, badRecipient))).toMatchObject({
      kind: 'permanent',
      reason: 'ErrorInvalidRecipients',
    });
  });
});

describe('the sandbox’s Graph contract', () => {
  it('answers a sendMail over 4 MB with 413, as Graph does', SLOW, async () => {
    const tokens = await link(sandbox, 'limit@outlook.com');
    const res = await fetch(`${sandbox.baseUrl}/v1.0/me/sendMail`, {
      method: 'POST',
      headers: { authorization: `Bearer ${tokens.accessToken}`, 'content-type': 'text/plain' },
      body: (await outgoing('limit@outlook.com', 'hr@company.sa', pdf(3.5 * 1024 * 1024))).mime[0]?.toString('base64'),
    });
    expect(res.status).toBe(413);
    expect(((await res.json()) as { error: { message: string } }).error.message).toContain('4MB');
  });

  it('takes upload ranges only in multiples of 320 KiB but the last, and refuses a bearer token on the upload URL', async () => {
    const url = new URL(consentUrl(readWriteSandbox));
    url.searchParams.set('scope', 'offline_access Mail.Send User.Read Mail.ReadWrite');
    const tokens = await link(readWriteSandbox, 'ranges@contoso.sa', 'organization', url.toString());
    const auth = { authorization: `Bearer ${tokens.accessToken}` };
    const draft = await fetch(`${readWriteSandbox.baseUrl}/v1.0/me/messages`, {
      method: 'POST',
      headers: { ...auth, 'content-type': 'application/json' },
      body: JSON.stringify({ subject: 's', toRecipients: [{ emailAddress: { address: 'hr@company.sa' } }] }),
    });
    expect(draft.status).toBe(201);
    const { id } = (await draft.json()) as { id: string };
    const session = await fetch(`${readWriteSandbox.baseUrl}/v1.0/me/messages/${id}/attachments/createUploadSession`, {
      method: 'POST',
      headers: { ...auth, 'content-type': 'application/json' },
      body: JSON.stringify({ AttachmentItem: { attachmentType: 'file', name: 'cv.pdf', size: 400_000 } }),
    });
    const { uploadUrl } = (await session.json()) as { uploadUrl: string };
    const put = (start: number, end: number, headers: Record<string, string> = {}) =>
      fetch(uploadUrl, {
        method: 'PUT',
        headers: { 'content-type': 'application/octet-stream', 'content-range': `bytes ${start}-${end}/400000`, ...headers },
        body: Buffer.alloc(end - start + 1),
      });
    expect((await put(0, 99_999)).status).toBe(400);
    expect((await put(0, 327_679, auth)).status).toBe(401);
    const first = await put(0, 327_679);
    expect(first.status).toBe(200);
    expect(((await first.json()) as { nextExpectedRanges: string[] }).nextExpectedRanges).toEqual(['327680-']);
    const last = await put(327_680, 399_999);
    expect(last.status).toBe(201);
    expect(last.headers.get('location')).toContain('/Attachments(');
    expect((await fetch(`${readWriteSandbox.baseUrl}/v1.0/me/messages/${id}/send`, { method: 'POST', headers: auth })).status).toBe(202);
  });
});

describe('the sandbox mounted as embedded mode mounts it', () => {
  it(
    'accepts the sandbox application with the secret derived from APP_SECRET, and keeps links and Sent Items across a restart',
    SLOW,
    async () => {
      const dataDir = mkdtempSync(join(tmpdir(), 'sira-ms-sandbox-'));
      const appSecret = randomBytes(32).toString('base64url');
      const start = async () => {
        const app = Fastify({ logger: false });
        await app.register(embeddedMicrosoftSandbox, { prefix: MICROSOFT_SANDBOX_PREFIX, appSecret, dataDir });
        const address = await app.listen({ port: 0, host: '127.0.0.1' });
        return { app, endpoints: microsoftSandboxEndpoints(`${address}${MICROSOFT_SANDBOX_PREFIX}`) };
      };
      const credentials = { clientId: MICROSOFT_SANDBOX_CLIENT_ID, clientSecret: embeddedMicrosoftClientSecret(appSecret) };
      const linkAt = async (endpoints: MicrosoftEndpoints) => {
        const url = microsoftAuthorizationUrl(endpoints, {
          clientId: MICROSOFT_SANDBOX_CLIENT_ID,
          redirectUri: REDIRECT,
          state: 'e',
          codeChallenge: pkceChallenge(VERIFIER),
        });
        const back = await answerConsent(url, { email: 'embedded@outlook.com' });
        return exchangeMicrosoftCode(endpoints, credentials, {
          code: back.searchParams.get('code') as string,
          redirectUri: REDIRECT,
          codeVerifier: VERIFIER,
        });
      };
      try {
        const first = await start();
        const tokens = await linkAt(first.endpoints);
        const sender = createGraphSendClient({ graphApiBase: first.endpoints.graphApiBase });
        await sender.send(tokens.accessToken, await outgoing('embedded@outlook.com', 'hr@company.sa', pdf(20_000)));
        sender.close();
        // The Sent folder is written behind the answer: the restart waits for the file, not for a clock.
        await until(() => existsSync(join(dataDir, 'sandbox', 'microsoft', 'messages.jsonl')));
        await first.app.close();

        const second = await start();
        const refreshed = await refreshMicrosoftToken(second.endpoints, credentials, tokens.refreshToken as string);
        expect((await readMicrosoftAccount(second.endpoints, refreshed.accessToken)).email).toBe('embedded@outlook.com');
        const page = await (await fetch(`${second.endpoints.graphApiBase}/mail/embedded%40outlook.com`)).text();
        expect(page).toContain('طلب وظيفة');
        await second.app.close();
      } finally {
        rmSync(dataDir, { recursive: true, force: true });
      }
    },
  );
});

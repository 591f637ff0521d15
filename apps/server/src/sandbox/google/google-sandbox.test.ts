import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { GMAIL_SEND_SCOPE } from '@sira/shared';
import MailComposer from 'nodemailer/lib/mail-composer';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { answerConsent } from '../../../test-support/mailbox';
import { GoogleSandboxCore } from './core';
import { type GoogleSandbox, startGoogleSandbox } from './index';
import { parseMessage } from './mime';
import { pkceChallenge } from './tokens';

let sandbox: GoogleSandbox;
const REDIRECT = 'http://app.example/api/mailbox/callback';
beforeAll(async () => {
  sandbox = await startGoogleSandbox({ redirectUris: [REDIRECT] });
});
afterAll(async () => {
  await sandbox?.close();
});
afterEach(() => sandbox.clearFaults());

const VERIFIER = 'v'.repeat(50);
const SCOPES = `openid email ${GMAIL_SEND_SCOPE}`;

function consentUrl(params: Record<string, string> = {}) {
  const url = new URL(sandbox.endpoints.authorizeUrl);
  url.search = new URLSearchParams({
    client_id: sandbox.clientId,
    redirect_uri: REDIRECT,
    response_type: 'code',
    scope: SCOPES,
    state: 'st4te',
    access_type: 'offline',
    prompt: 'consent',
    code_challenge: pkceChallenge(VERIFIER),
    code_challenge_method: 'S256',
    ...params,
  }).toString();
  return url.toString();
}

/** The token endpoint's JSON: tokens on success, `error` on refusal. */
type OAuthJson = { error?: string; error_description?: string; access_token?: string; refresh_token?: string };
const oauthJson = async (res: Response) => (await res.json()) as OAuthJson;
/** Gmail's JSON: a Message on success, the error envelope otherwise. */
type GmailJson = {
  id: string;
  threadId: string;
  labelIds: string[];
  error: { code: number; message: string; status: string; errors: Array<{ reason: string; domain: string; message: string }> };
};
const gmailJson = async (res: Response) => (await res.json()) as GmailJson;

const token = (form: Record<string, string>) =>
  fetch(sandbox.endpoints.tokenUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ client_id: sandbox.clientId, client_secret: sandbox.clientSecret, ...form }).toString(),
  });

async function codeFor(email: string, options: { grantSend?: boolean } = {}) {
  const back = new URL(await answerConsent(consentUrl(), { email, ...options }));
  expect(back.searchParams.get('state')).toBe('st4te');
  return back.searchParams.get('code') as string;
}

async function tokensFor(email: string) {
  const res = await token({
    grant_type: 'authorization_code',
    code: await codeFor(email),
    redirect_uri: REDIRECT,
    code_verifier: VERIFIER,
  });
  expect(res.status).toBe(200);
  return (await res.json()) as {
    access_token: string;
    refresh_token: string;
    scope: string;
    expires_in: number;
    token_type: string;
    id_token: string;
  };
}

async function composeMessage(to: string, subject: string, html: string, pdf = Buffer.from('%PDF-1.4\n% سيرة\n%%EOF')) {
  return new MailComposer({
    from: 'sender@gmail.com',
    to,
    subject,
    html,
    attachments: [{ filename: 'السيرة الذاتية.pdf', content: pdf, contentType: 'application/pdf' }],
  })
    .compile()
    .build();
}

const sendJson = (accessToken: string | undefined, raw: Buffer) =>
  fetch(`${sandbox.endpoints.gmailApiBase}/gmail/v1/users/me/messages/send`, {
    method: 'POST',
    headers: { ...(accessToken ? { authorization: `Bearer ${accessToken}` } : {}), 'content-type': 'application/json' },
    body: JSON.stringify({ raw: raw.toString('base64url') }),
  });

describe('consent page', () => {
  it('is Arabic, right-to-left, script-free, and offers the send permission as a checkbox', async () => {
    const res = await fetch(consentUrl());
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain('<html lang="ar" dir="rtl">');
    expect(html).toContain('name="grant_send"');
    expect(html).not.toContain('<script');
    // The decision may redirect to the app's callback: its origin is allowed as a form target.
    expect(res.headers.get('content-security-policy')).toContain("form-action 'self' http://app.example");
  });

  it('refuses an unknown client and an unregistered redirect URI on its own page', async () => {
    expect((await fetch(consentUrl({ client_id: 'other.apps.googleusercontent.com' }))).status).toBe(401);
    const mismatch = await fetch(consentUrl({ redirect_uri: 'http://evil.example/cb' }));
    expect(mismatch.status).toBe(400);
    expect(await mismatch.text()).toContain('redirect_uri_mismatch');
  });

  it('asks again for an invalid address instead of granting', async () => {
    const url = new URL(consentUrl());
    const form = new URLSearchParams(url.search);
    form.set('decision', 'approve');
    form.set('email', 'not-an-address');
    const res = await fetch(`${url.origin}${url.pathname}/decision`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: form.toString(),
      redirect: 'manual',
    });
    expect(res.status).toBe(400);
    expect(await res.text()).toContain('role="alert"');
  });
});

describe('token endpoint', () => {
  it('exchanges a code with the right PKCE verifier for offline tokens with the granted scopes', async () => {
    const t = await tokensFor('person@gmail.com');
    expect(t.token_type).toBe('Bearer');
    expect(t.expires_in).toBe(3599);
    expect(t.access_token.startsWith('ya29.')).toBe(true);
    expect(t.refresh_token.startsWith('1//')).toBe(true);
    expect(t.scope.split(' ').sort()).toEqual([GMAIL_SEND_SCOPE, 'https://www.googleapis.com/auth/userinfo.email', 'openid'].sort());
    expect(t.refresh_token.length).toBeLessThanOrEqual(512);
    expect(t.access_token.length).toBeLessThanOrEqual(2048);
  });

  it('refuses a wrong verifier, a reused code, another redirect URI and a wrong client secret', async () => {
    const code = await codeFor('pkce@gmail.com');
    const wrong = await token({ grant_type: 'authorization_code', code, redirect_uri: REDIRECT, code_verifier: 'w'.repeat(50) });
    expect(wrong.status).toBe(400);
    expect(await wrong.json()).toEqual({ error: 'invalid_grant', error_description: 'Invalid code verifier.' });

    const code2 = await codeFor('pkce@gmail.com');
    const ok = await token({ grant_type: 'authorization_code', code: code2, redirect_uri: REDIRECT, code_verifier: VERIFIER });
    expect(ok.status).toBe(200);
    const reused = await token({ grant_type: 'authorization_code', code: code2, redirect_uri: REDIRECT, code_verifier: VERIFIER });
    expect((await oauthJson(reused)).error).toBe('invalid_grant');

    const code3 = await codeFor('pkce@gmail.com');
    const otherRedirect = await token({
      grant_type: 'authorization_code',
      code: code3,
      redirect_uri: 'http://app.example/x',
      code_verifier: VERIFIER,
    });
    expect((await oauthJson(otherRedirect)).error).toBe('redirect_uri_mismatch');

    const badSecret = await token({
      grant_type: 'authorization_code',
      code: code3,
      redirect_uri: REDIRECT,
      code_verifier: VERIFIER,
      client_secret: 'nope',
    });
    expect(badSecret.status).toBe(401);
    expect((await oauthJson(badSecret)).error).toBe('invalid_client');
  });

  it('refreshes, and answers invalid_grant once the grant is revoked (revoke) or all grants are (revokeAll)', async () => {
    const t = await tokensFor('refresh@gmail.com');
    const refreshed = await token({ grant_type: 'refresh_token', refresh_token: t.refresh_token });
    expect(refreshed.status).toBe(200);
    const body = await oauthJson(refreshed);
    expect(body.refresh_token).toBeUndefined();
    expect(body.access_token).not.toBe(t.access_token);

    // Revoking the access token ends the whole grant, refresh token included.
    const revoked = await fetch(sandbox.endpoints.revokeUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ token: t.access_token }).toString(),
    });
    expect(revoked.status).toBe(200);
    const after = await token({ grant_type: 'refresh_token', refresh_token: t.refresh_token });
    expect(after.status).toBe(400);
    expect(await after.json()).toEqual({ error: 'invalid_grant', error_description: 'Token has been expired or revoked.' });

    const t2 = await tokensFor('refresh@gmail.com');
    sandbox.revokeAll('refresh@gmail.com');
    expect((await token({ grant_type: 'refresh_token', refresh_token: t2.refresh_token })).status).toBe(400);
    expect((await sendJson(t2.access_token, await composeMessage('a@b.example', 's', '<p>x</p>'))).status).toBe(401);
    // A consent given after the mailbox-wide revocation works.
    const t3 = await tokensFor('refresh@gmail.com');
    expect((await token({ grant_type: 'refresh_token', refresh_token: t3.refresh_token })).status).toBe(200);
  });

  it('serves userinfo for the email scope', async () => {
    const t = await tokensFor('Who.Am.I@gmail.com');
    const res = await fetch(sandbox.endpoints.userinfoUrl, { headers: { authorization: `Bearer ${t.access_token}` } });
    const info = (await res.json()) as { sub: string; email: string; email_verified: boolean };
    expect(info).toMatchObject({ email: 'who.am.i@gmail.com', email_verified: true });
    expect(info.sub).toMatch(/^\d{21}$/);
    expect((await fetch(sandbox.endpoints.userinfoUrl, { headers: { authorization: 'Bearer ya29.forged' } })).status).toBe(401);
  });
});

describe('gmail messages.send', () => {
  it('accepts JSON raw and the media upload, answers like Gmail, and files the message in the Sent folder', async () => {
    const t = await tokensFor('sender@gmail.com');
    const raw = await composeMessage(
      'hr@company.example',
      'طلب وظيفة: مطور برمجيات',
      '<p dir="rtl">السلام عليكم، أرفقت سيرتي الذاتية.</p><script>alert(1)</script>',
    );
    const res = await sendJson(t.access_token, raw);
    expect(res.status).toBe(200);
    const sent = await gmailJson(res);
    expect(sent).toEqual({ id: expect.stringMatching(/^[0-9a-f]{16}$/), threadId: sent.id, labelIds: ['SENT'] });

    const upload = await fetch(`${sandbox.endpoints.gmailApiBase}/upload/gmail/v1/users/me/messages/send?uploadType=media`, {
      method: 'POST',
      headers: { authorization: `Bearer ${t.access_token}`, 'content-type': 'message/rfc822' },
      body: raw,
    });
    expect(upload.status).toBe(200);
    expect((await gmailJson(upload)).labelIds).toEqual(['SENT']);

    const folder = sandbox.sentMessages('sender@gmail.com');
    expect(folder).toHaveLength(2);
    expect(folder[0]).toMatchObject({
      id: sent.id,
      mailbox: 'sender@gmail.com',
      to: 'hr@company.example',
      subject: 'طلب وظيفة: مطور برمجيات',
    });
    expect(folder[0]?.raw.equals(raw)).toBe(true);

    // A person browses the Sent folder: list, message (body sanitised), attachment download.
    const base = sandbox.baseUrl;
    const list = await (await fetch(`${base}/mail/${encodeURIComponent('sender@gmail.com')}`)).text();
    expect(list).toContain('طلب وظيفة: مطور برمجيات');
    expect(list).toContain('hr@company.example');
    const view = await (await fetch(`${base}/mail/sender%40gmail.com/${sent.id}`)).text();
    expect(view).toContain('السلام عليكم، أرفقت سيرتي الذاتية.');
    expect(view).not.toContain('<script>alert');
    expect(view).toContain('السيرة الذاتية.pdf');
    const pdf = await fetch(`${base}/mail/sender%40gmail.com/${sent.id}/attachments/0`);
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
    expect(pdf.headers.get('content-disposition')).toContain("filename*=UTF-8''");
    expect(Buffer.from(await pdf.arrayBuffer()).toString()).toBe('%PDF-1.4\n% سيرة\n%%EOF');
  });

  it('also takes standard base64 and other Message fields, and can keep only headers (benchmarks)', async () => {
    const t = await tokensFor('shapes@gmail.com');
    const raw = await composeMessage('hr@company.example', 'أشكال', '<p>x</p>');
    const res = await fetch(`${sandbox.endpoints.gmailApiBase}/gmail/v1/users/me/messages/send`, {
      method: 'POST',
      headers: { authorization: `Bearer ${t.access_token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ threadId: 'abc', raw: raw.toString('base64') }),
    });
    expect(res.status).toBe(200);
    expect(sandbox.sentMessages('shapes@gmail.com')[0]?.raw.equals(raw)).toBe(true);

    const lean = await startGoogleSandbox({ keepBodies: false });
    try {
      const consent = new URL(consentUrl());
      consent.searchParams.set('client_id', lean.clientId);
      const form = new URLSearchParams(consent.search);
      form.set('decision', 'approve');
      form.set('email', 'lean@gmail.com');
      form.set('grant_send', '1');
      const back = await fetch(`${lean.endpoints.authorizeUrl}/decision`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: form.toString(),
        redirect: 'manual',
      });
      const code = new URL(back.headers.get('location') as string).searchParams.get('code') as string;
      const tokens = await oauthJson(
        await fetch(lean.endpoints.tokenUrl, {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          body: new URLSearchParams({
            grant_type: 'authorization_code',
            code,
            client_id: lean.clientId,
            client_secret: lean.clientSecret,
            redirect_uri: REDIRECT,
            code_verifier: VERIFIER,
          }).toString(),
        }),
      );
      const sent = await fetch(`${lean.endpoints.gmailApiBase}/gmail/v1/users/me/messages/send`, {
        method: 'POST',
        headers: { authorization: `Bearer ${tokens.access_token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ raw: raw.toString('base64url') }),
      });
      expect(sent.status).toBe(200);
      const [kept] = lean.sentMessages('lean@gmail.com');
      expect(kept).toMatchObject({ subject: 'أشكال', to: 'hr@company.example', size: raw.length });
      expect(kept?.raw.length).toBeLessThan(raw.length / 2);
    } finally {
      await lean.close();
    }
  });

  it('answers 401 without a valid token, 403 without the send scope, 400 without a message', async () => {
    const raw = await composeMessage('hr@company.example', 's', '<p>x</p>');
    const none = await sendJson(undefined, raw);
    expect(none.status).toBe(401);
    expect((await gmailJson(none)).error.errors[0]?.reason).toBe('authError');

    const res = await token({
      grant_type: 'authorization_code',
      code: await codeFor('noscope@gmail.com', { grantSend: false }),
      redirect_uri: REDIRECT,
      code_verifier: VERIFIER,
    });
    const t = (await oauthJson(res)) as Required<OAuthJson> & { scope: string };
    expect(t.scope).not.toContain(GMAIL_SEND_SCOPE);
    const forbidden = await sendJson(t.access_token, raw);
    expect(forbidden.status).toBe(403);
    expect((await gmailJson(forbidden)).error.errors[0]?.reason).toBe('insufficientPermissions');

    const ok = await tokensFor('empty@gmail.com');
    expect((await sendJson(ok.access_token, Buffer.alloc(0))).status).toBe(400);
  });

  it('injects faults with Google error bodies: 401, 403 rate limit, 429 mail sending with its retry time, 5xx, for one mailbox, n times', async () => {
    const a = await tokensFor('faulty@gmail.com');
    const b = await tokensFor('fine@gmail.com');
    const raw = await composeMessage('hr@company.example', 's', '<p>x</p>');
    const retryAfter = new Date('2030-01-02T03:04:05.000Z');
    sandbox.injectFault({ mailbox: 'faulty@gmail.com', status: 429, retryAfter, times: 1 });
    const limited = await sendJson(a.access_token, raw);
    expect(limited.status).toBe(429);
    expect(await limited.json()).toEqual({
      error: {
        code: 429,
        message: 'User-rate limit exceeded.  Retry after 2030-01-02T03:04:05.000Z (Mail sending)',
        errors: [
          {
            message: 'User-rate limit exceeded.  Retry after 2030-01-02T03:04:05.000Z (Mail sending)',
            domain: 'usageLimits',
            reason: 'rateLimitExceeded',
          },
        ],
        status: 'RESOURCE_EXHAUSTED',
      },
    });
    expect((await sendJson(a.access_token, raw)).status).toBe(200);

    sandbox.injectFault({ mailbox: 'faulty@gmail.com', status: 403, reason: 'userRateLimitExceeded' });
    expect((await sendJson(b.access_token, raw)).status).toBe(200);
    const rate = await sendJson(a.access_token, raw);
    expect(rate.status).toBe(403);
    expect((await gmailJson(rate)).error.errors[0]).toMatchObject({ reason: 'userRateLimitExceeded', domain: 'usageLimits' });
    sandbox.clearFaults();

    for (const status of [401, 500, 503] as const) {
      sandbox.injectFault({ status, times: 1 });
      const res = await sendJson(b.access_token, raw);
      expect(res.status).toBe(status);
      expect((await gmailJson(res)).error.code).toBe(status);
    }

    sandbox.injectFault({ status: 503, delayMs: 400, times: 1 });
    const started = Date.now();
    const slow = await sendJson(b.access_token, raw);
    expect(slow.status).toBe(503);
    expect(Date.now() - started).toBeGreaterThanOrEqual(390);
  });

  it('offers the same switches over HTTP (/_control)', async () => {
    const t = await tokensFor('control@gmail.com');
    const raw = await composeMessage('hr@company.example', 'عبر التحكم', '<p>x</p>');
    const inject = await fetch(`${sandbox.baseUrl}/_control/faults`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ mailbox: 'control@gmail.com', status: 429, retryAfter: '2031-05-06T07:08:09.000Z', times: 1 }),
    });
    expect(inject.status).toBe(204);
    const limited = await sendJson(t.access_token, raw);
    expect((await gmailJson(limited)).error.message).toContain('Retry after 2031-05-06T07:08:09.000Z (Mail sending)');
    expect((await sendJson(t.access_token, raw)).status).toBe(200);
    const sent = (await (await fetch(`${sandbox.baseUrl}/_control/sent?mailbox=control@gmail.com`)).json()) as { messages: unknown[] };
    expect(sent.messages).toEqual([
      expect.objectContaining({ mailbox: 'control@gmail.com', subject: 'عبر التحكم', to: 'hr@company.example' }),
    ]);
    await fetch(`${sandbox.baseUrl}/_control/revoke-all`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ mailbox: 'control@gmail.com' }),
    });
    expect((await token({ grant_type: 'refresh_token', refresh_token: t.refresh_token })).status).toBe(400);
  });
});

describe('persistence (embedded mode)', () => {
  it('keeps Sent folders, revocations and issued tokens across a restart with the same secret and folder', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'sira-google-sandbox-'));
    try {
      const options = { secret: 'same-secret', clients: async () => ({ clientSecret: 's' }), storeDir: dir };
      const first = new GoogleSandboxCore(options);
      const code = first.issueCode({
        clientId: 'c',
        redirectUri: REDIRECT,
        email: 'keep@gmail.com',
        scopes: SCOPES.split(' '),
        codeChallenge: undefined,
      });
      const issued = (
        await first.token({ grant_type: 'authorization_code', code, client_id: 'c', client_secret: 's', redirect_uri: REDIRECT })
      ).body as { refresh_token: string; access_token: string };
      const other = first.issueCode({
        clientId: 'c',
        redirectUri: REDIRECT,
        email: 'gone@gmail.com',
        scopes: SCOPES.split(' '),
        codeChallenge: undefined,
      });
      const otherTokens = (
        await first.token({ grant_type: 'authorization_code', code: other, client_id: 'c', client_secret: 's', redirect_uri: REDIRECT })
      ).body as { refresh_token: string };
      first.revoke(otherTokens.refresh_token);
      const raw = await composeMessage('hr@company.example', 'محفوظة', '<p>x</p>');
      const kept = first.store.addMessage('keep@gmail.com', raw, raw.length);
      // The message is written in the background, its index line last: the restart waits for that line (with a
      // limit far above any machine's), not for a fixed pause.
      await vi.waitFor(() => expect(readFileSync(join(dir, 'messages.jsonl'), 'utf8')).toContain(kept.id), {
        timeout: 10_000,
        interval: 20,
      });

      const second = new GoogleSandboxCore(options);
      expect(second.store.listMessages('keep@gmail.com').map((m) => [m.subject, m.raw.equals(raw)])).toEqual([['محفوظة', true]]);
      expect(second.accessGrant(`Bearer ${issued.access_token}`)?.e).toBe('keep@gmail.com');
      expect(
        (await second.token({ grant_type: 'refresh_token', refresh_token: issued.refresh_token, client_id: 'c', client_secret: 's' }))
          .status,
      ).toBe(200);
      expect(
        (await second.token({ grant_type: 'refresh_token', refresh_token: otherTokens.refresh_token, client_id: 'c', client_secret: 's' }))
          .status,
      ).toBe(400);
      expect(second.store.knownAccounts()).toEqual(['gone@gmail.com', 'keep@gmail.com']);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('MIME reading', () => {
  it('reads what nodemailer composes: Arabic subject, HTML body, PDF attachment with an Arabic file name', async () => {
    const pdf = Buffer.from([0x25, 0x50, 0x44, 0x46, 0, 1, 2, 255]);
    const parsed = parseMessage(await composeMessage('x@y.example', 'سيرة ذاتية — محاسب', '<p>مرحبًا</p>', pdf));
    expect(parsed.html).toBe('<p>مرحبًا</p>');
    expect(parsed.attachments).toHaveLength(1);
    expect(parsed.attachments[0]?.filename).toBe('السيرة الذاتية.pdf');
    expect(parsed.attachments[0]?.content.equals(pdf)).toBe(true);
  });

  it('joins a long Arabic file name that the composer split into RFC 2231 continuations', async () => {
    const filename = `${'سيرة ذاتية لمهندس برمجيات خبرة عشر سنوات '.repeat(3).trim()}.pdf`;
    const raw = await new MailComposer({
      from: 'a@b.example',
      to: 'c@d.example',
      subject: 'x',
      text: 'نص',
      attachments: [{ filename, content: Buffer.from('%PDF'), contentType: 'application/pdf' }],
    })
      .compile()
      .build();
    expect(raw.toString()).toMatch(/filename\*0\*=/);
    const parsed = parseMessage(raw);
    expect(parsed.text?.trim()).toBe('نص');
    expect(parsed.attachments[0]?.filename).toBe(filename);
  });
});

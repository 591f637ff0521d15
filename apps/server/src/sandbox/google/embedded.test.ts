import { createServer } from 'node:net';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test-support/app';
import { signedInUser } from '../../../test-support/auth';
import { answerConsent, followCallback, startConnect } from '../../../test-support/mailbox';
import { buildApp } from '../../app';
import { parseEnv } from '../../config/env';
import { readGmailSetting } from '../../modules/mailbox/providers/gmail/gmail-settings';
import { SANDBOX_CLIENT_ID } from './index';

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.listen(0, '127.0.0.1', () => {
      const address = srv.address();
      srv.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

// Embedded mode as `npm start` runs it: the sandbox is mounted on the app itself, and the app's own OAuth
// client code reaches it over HTTP at ${publicBaseUrl}/sandbox/google.
let port = 0;
beforeAll(async () => {
  port = await freePort();
});
const ctx = useTestApp(() => ({ publicBaseUrl: `http://127.0.0.1:${port}` }));
beforeAll(async () => {
  await ctx.app.listen({ port, host: '127.0.0.1' });
});

describe('the Google sandbox mounted in embedded mode', () => {
  it('is the configured Google: the seeded sandbox client gets a stored (sealed) secret on first start', async () => {
    const setting = await readGmailSetting(ctx.db);
    expect(setting.client_id).toBe(SANDBOX_CLIENT_ID);
    expect(setting.client_secret).toMatch(/^v1\./);
    expect(ctx.app.secretBox.open(setting.client_secret as string)).toMatch(/^GOCSPX-/);
    expect(ctx.app.providers.google.tokenUrl).toBe(`http://127.0.0.1:${port}/sandbox/google/token`);
  });

  it('links a mailbox end to end over HTTP with the seeded settings', async () => {
    const { cookie } = await signedInUser(ctx);
    const consentUrl = await startConnect(ctx, cookie);
    expect(consentUrl.startsWith(`http://127.0.0.1:${port}/sandbox/google/o/oauth2/v2/auth?`)).toBe(true);
    const callback = await answerConsent(consentUrl, { email: 'embedded@gmail.com' });
    expect(await followCallback(ctx, cookie, callback)).toBe('linked');
    const status = await ctx.app.inject({ url: '/api/mailbox', headers: { cookie } });
    expect(status.json()).toMatchObject({ linked: true, email: 'embedded@gmail.com' });
  });

  it('serves its pages publicly under the app security headers, with a CSP that lets the consent form return to the app', async () => {
    const { cookie } = await signedInUser(ctx);
    const consent = await fetch(await startConnect(ctx, cookie));
    expect(consent.status).toBe(200);
    const csp = consent.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("default-src 'none'");
    expect(csp).toContain("form-action 'self' http://localhost:3000");
    expect(consent.headers.get('x-content-type-options')).toBe('nosniff');
    // A browser posts the consent form with its real Origin (not `null`), which the app's origin check accepts.
    expect(consent.headers.get('referrer-policy')).toBe('same-origin');
    const folder = await fetch(`http://127.0.0.1:${port}/sandbox/google/mail`);
    expect(folder.status).toBe(200);
    expect(await folder.text()).toContain('embedded@gmail.com');
  });

  it('is never mounted in production', async () => {
    const app = await buildApp({
      env: parseEnv({
        NODE_ENV: 'production',
        LOG_LEVEL: 'silent',
        DATABASE_URL: 'postgres://unused@127.0.0.1:1/unused',
        APP_SECRET: 'p'.repeat(40),
        PUBLIC_BASE_URL: 'https://sira.example',
        SMTP_URL: 'smtp://127.0.0.1:1',
        SMTP_FROM: 'no-reply@sira.example',
      }),
      db: ctx.db,
      dbKind: ctx.handle.kind,
      publicBaseUrl: 'https://sira.example',
      appSecret: 'p'.repeat(40),
      logger: false,
    });
    try {
      expect(app.providers.google.tokenUrl).toBe('https://oauth2.googleapis.com/token');
      for (const [method, url] of [
        ['GET', '/sandbox/google/o/oauth2/v2/auth?client_id=x'],
        ['POST', '/sandbox/google/token'],
        ['GET', '/sandbox/google/mail'],
        ['POST', '/sandbox/google/_control/faults'],
      ] as const) {
        expect((await app.inject({ method, url })).statusCode).toBe(404);
      }
    } finally {
      await app.close();
    }
  });
});

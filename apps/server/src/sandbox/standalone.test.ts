import { createServer } from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { productionTestApp, TEST_APP_SECRET, useTestApp } from '../../test-support/app';
import { signedInUser, uniqueEmail } from '../../test-support/auth';
import { answerConsent, followCallback, startConnect } from '../../test-support/mailbox';
import { parseEnv, STAGING_SMTP_FROM } from '../config/env';
import { invoices, packages, profiles } from '../db/schema';
import { allowedBaseUrls } from '../modules/billing/paylink-config';
import { readGmailSetting } from '../modules/mailbox/providers/gmail/gmail-settings';
import { SANDBOX_CLIENT_ID } from './google/core';
import { STAGING_GOOGLE_CLIENT_SECRET } from './staging-client';
import { type Sandboxes, startSandboxes } from './standalone';

/**
 * Staging (ADR 009): a production-mode app with SANDBOX_URL, against the sandboxes process's parts started
 * here on their own ports (its HTTP port and the next for SMTP), talking to each other over real sockets.
 */

async function freePortPair(): Promise<number> {
  const listen = (port: number) =>
    new Promise<number | null>((resolve) => {
      const srv = createServer();
      srv.once('error', () => resolve(null));
      srv.listen(port, '127.0.0.1', () => {
        const address = srv.address();
        srv.close(() => resolve(typeof address === 'object' && address ? address.port : null));
      });
    });
  for (;;) {
    const port = await listen(0);
    if (port && (await listen(port + 1)) === port + 1) return port;
  }
}

let sandboxPort = 0;
let appPort = 0;
let sandboxes: Sandboxes;
const sandboxUrl = () => `http://127.0.0.1:${sandboxPort}`;
const appUrl = () => `http://127.0.0.1:${appPort}`;

beforeAll(async () => {
  sandboxPort = await freePortPair();
  appPort = await freePortPair();
  sandboxes = await startSandboxes({
    sandboxUrl: sandboxUrl(),
    publicBaseUrl: appUrl(),
    host: '127.0.0.1',
    port: sandboxPort,
    smtpPort: sandboxPort + 1,
    logLevel: 'silent',
  });
});
afterAll(async () => {
  await sandboxes?.close();
});
const stagingEnv = () =>
  parseEnv({
    NODE_ENV: 'production',
    DATABASE_URL: 'postgres://unused/sira',
    APP_SECRET: TEST_APP_SECRET,
    PUBLIC_BASE_URL: appUrl(),
    SANDBOX_URL: sandboxUrl(),
    LOG_LEVEL: 'silent',
  });
// The real mailer of the environment (SMTP to the sandboxes), not the test's recording one.
const ctx = useTestApp(() => ({ env: stagingEnv(), publicBaseUrl: appUrl(), mailer: undefined }));
beforeAll(async () => {
  await ctx.app.listen({ port: appPort, host: '127.0.0.1' });
});

async function waitFor<T>(check: () => Promise<T | undefined> | T | undefined, what: string): Promise<T> {
  for (let i = 0; i < 200; i++) {
    const value = await check();
    if (value !== undefined) return value;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`timed out waiting for ${what}`);
}

describe('staging', () => {
  it('never passes for production: every answer says staging, and so does /readyz; production says production', async () => {
    const ready = await ctx.app.inject('/readyz');
    expect(ready.json()).toEqual({ status: 'ready', environment: 'staging' });
    expect(ready.headers['x-sira-environment']).toBe('staging');
    expect((await ctx.app.inject('/api/packages')).headers['x-sira-environment']).toBe('staging');
    const production = await productionTestApp(ctx);
    try {
      const answer = await production.inject('/readyz');
      expect(answer.json()).toEqual({ status: 'ready', environment: 'production' });
      expect(answer.headers['x-sira-environment']).toBeUndefined();
    } finally {
      await production.close();
    }
  });

  it('sends system mail over SMTP to the sandboxes, where its outbox page shows it with its link', async () => {
    expect(stagingEnv()).toMatchObject({ smtpUrl: `smtp://127.0.0.1:${sandboxPort + 1}`, smtpFrom: STAGING_SMTP_FROM });
    const email = uniqueEmail('staging');
    const reg = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: {
        email,
        phone: '0512345678',
        password: 'secret-pass-1',
        confirmPassword: 'secret-pass-1',
        fullName: 'سارة أحمد',
        acceptTerms: true,
      },
    });
    expect(reg.statusCode, reg.body).toBe(201);
    const mail = await waitFor(() => sandboxes.mail.list().find((m) => m.to.includes(email)), 'the confirmation e-mail');
    const list = await fetch(`${sandboxUrl()}/mail`);
    expect(list.headers.get('x-sira-environment')).toBe('staging');
    expect(await list.text()).toContain(email);
    const page = await (await fetch(`${sandboxUrl()}/mail/${mail.id}`)).text();
    expect(page).toContain(`${appUrl()}/api/auth/verify-email?token=`);
  });

  it('links Gmail through the sandboxes’ Google with the client secret staging stores for the seeded client', async () => {
    const setting = await readGmailSetting(ctx.db);
    expect(setting.client_id).toBe(SANDBOX_CLIENT_ID);
    expect(ctx.app.secretBox.open(setting.client_secret as string)).toBe(STAGING_GOOGLE_CLIENT_SECRET);
    expect(ctx.app.providers.google.tokenUrl).toBe(`${sandboxUrl()}/google/token`);
    const user = await signedInUser(ctx);
    const consentUrl = await startConnect(ctx, user.cookie);
    expect(consentUrl.startsWith(`${sandboxUrl()}/google/o/oauth2/v2/auth?`)).toBe(true);
    const callback = await answerConsent(consentUrl, { email: 'rehearsal@gmail.com' });
    expect(await followCallback(ctx, user.cookie, callback)).toBe('linked');
  });

  it('offers the sandboxes’ Paylink to the admin and pays there by default; its webhook reaches PUBLIC_BASE_URL', async () => {
    expect(allowedBaseUrls(ctx.app.providers).map((o) => o.url)).toContain(`${sandboxUrl()}/paylink`);
    const user = await signedInUser(ctx);
    const [profile] = await ctx.db.select({ id: profiles.id }).from(profiles).where(eq(profiles.email, user.email));
    const [pkg] = await ctx.db.select({ id: packages.id }).from(packages).where(eq(packages.name, 'باقة نمو'));
    const created = await ctx.app.inject({
      method: 'POST',
      url: '/api/billing/invoices',
      headers: { cookie: user.cookie },
      payload: { packageId: pkg?.id },
    });
    expect(created.statusCode, created.body).toBe(201);
    const payUrl = created.json().url as string;
    expect(payUrl.startsWith(`${sandboxUrl()}/paylink/pay/`)).toBe(true);
    const paid = await fetch(`${payUrl}/pay`, { method: 'POST', redirect: 'manual' });
    expect(paid.headers.get('location')?.startsWith(`${appUrl()}/payment-callback?`)).toBe(true);
    // Credited by the webhook alone: nobody opened the callback page.
    await waitFor(async () => {
      const [invoice] = await ctx.db
        .select({ status: invoices.status })
        .from(invoices)
        .where(eq(invoices.profileId, profile?.id ?? ''));
      return invoice?.status === 'completed' ? true : undefined;
    }, 'the invoice paid by the webhook');
    await waitFor(() => (sandboxes.paylink.deliveries.some((d) => d.status === 200) ? true : undefined), 'the webhook answered');
  });
});

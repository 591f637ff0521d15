import { eq } from 'drizzle-orm';
import { afterAll, beforeAll } from 'vitest';
import type { AppOptions } from '../src/app';
import { providerEndpoints } from '../src/config/providers';
import { settings } from '../src/db/schema';
import { readGmailSetting } from '../src/modules/mailbox/providers/gmail/gmail-settings';
import { type GoogleSandbox, startGoogleSandbox } from '../src/sandbox/google';
import { type TestContext, useTestApp } from './app';
import { TEST_BASE_URL } from './global-setup';

/**
 * Test helpers for the Gmail link. They drive the real flow: the app's connect endpoint, the sandbox's consent
 * page over HTTP (as a person would answer it), and the app's callback.
 */

/**
 * A Google sandbox on its own port for this test file and the test app pointed at it (the sandbox starts
 * first, so the app gets its address). `sandbox` stands for the running sandbox once the file's set-up ran.
 */
export function useAppWithGoogleSandbox(overrides?: () => Partial<AppOptions>): { ctx: TestContext; sandbox: GoogleSandbox } {
  let started: GoogleSandbox | undefined;
  beforeAll(async () => {
    started = await startGoogleSandbox();
  });
  afterAll(async () => {
    await started?.close();
  });
  const running = (): GoogleSandbox => {
    if (!started) throw new Error('the Google sandbox starts in beforeAll');
    return started;
  };
  const sandbox = new Proxy({} as GoogleSandbox, {
    get(_, key) {
      const value = running()[key as keyof GoogleSandbox];
      return typeof value === 'function' ? value.bind(running()) : value;
    },
  });
  const ctx = useTestApp(() => ({
    ...overrides?.(),
    providers: { ...providerEndpoints('embedded', TEST_BASE_URL), google: running().endpoints },
  }));
  return { ctx, sandbox };
}

/** Stores the sandbox's client id and secret as the admin's gmail settings (sealed, like the admin tab does). */
export async function useSandboxClient(ctx: TestContext, sandbox: GoogleSandbox): Promise<void> {
  const current = await readGmailSetting(ctx.db);
  const value = { ...current, client_id: sandbox.clientId, client_secret: ctx.app.secretBox.seal(sandbox.clientSecret) };
  await ctx.db.update(settings).set({ value }).where(eq(settings.key, 'gmail'));
}

export interface ConsentAnswer {
  email: string;
  /** false unticks the send permission on the consent page. */
  grantSend?: boolean;
  /** true presses "deny". */
  deny?: boolean;
}

/** Opens the consent page at `consentUrl`, answers it, and returns the app address Google redirects to. */
export async function answerConsent(consentUrl: string, answer: ConsentAnswer): Promise<string> {
  const page = await fetch(consentUrl);
  if (page.status !== 200) throw new Error(`consent page answered ${page.status}: ${await page.text()}`);
  await page.text();
  const url = new URL(consentUrl);
  const form = new URLSearchParams(url.search);
  form.set('decision', answer.deny ? 'deny' : 'approve');
  form.set('email', answer.email);
  if (answer.grantSend !== false) form.set('grant_send', '1');
  const decision = await fetch(`${url.origin}${url.pathname}/decision`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: form.toString(),
    redirect: 'manual',
  });
  const location = decision.headers.get('location');
  if (decision.status !== 303 || !location) throw new Error(`consent decision answered ${decision.status}: ${await decision.text()}`);
  return location;
}

/** Starts a connect as the signed-in user (cookie) and returns Google's consent URL. */
export async function startConnect(ctx: TestContext, cookie: string): Promise<string> {
  const res = await ctx.app.inject({ method: 'POST', url: '/api/mailbox/connect', headers: { cookie } });
  if (res.statusCode !== 200) throw new Error(`connect answered ${res.statusCode}: ${res.body}`);
  return (res.json() as { url: string }).url;
}

/** Delivers Google's redirect to the app's callback as the browser would, returning the `?mailbox=` result. */
export async function followCallback(ctx: TestContext, cookie: string, callbackUrl: string): Promise<string | null> {
  const target = new URL(callbackUrl);
  const res = await ctx.app.inject({ method: 'GET', url: `${target.pathname}${target.search}`, headers: { cookie } });
  if (res.statusCode !== 303) throw new Error(`callback answered ${res.statusCode}: ${res.body}`);
  return new URL(String(res.headers.location), 'http://app.invalid').searchParams.get('mailbox');
}

/**
 * contracts.md: runs connect → sandbox consent (approve over HTTP) → callback and leaves the user linked to
 * `email`. Points the app's gmail settings at the sandbox's client first.
 */
export async function linkMailboxForTest(ctx: TestContext, cookie: string, sandbox: GoogleSandbox, email: string): Promise<void> {
  await useSandboxClient(ctx, sandbox);
  const consentUrl = await startConnect(ctx, cookie);
  const callbackUrl = await answerConsent(consentUrl, { email });
  const result = await followCallback(ctx, cookie, callbackUrl);
  if (result !== 'linked') throw new Error(`linking ${email} ended with ?mailbox=${result}`);
}

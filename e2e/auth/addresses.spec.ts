import { describe, expect, it } from 'vitest';
import { fillLogin, signedInAs, submitRegistration } from '../fixtures/accounts';
import { useBrowser } from '../fixtures/browser';
import { openLatestMail, uniqueEmail } from '../fixtures/outbox';

/**
 * The embedded server answers on 127.0.0.1 as well as on localhost (PUBLIC_BASE_URL's host). Signing in and
 * out there must really sign out: a sign-out the server refused used to look done until the next reload.
 */
const browser = useBrowser();

describe('another address of the embedded server', () => {
  it('signs in and out on http://127.0.0.1:<port>, and a reload is still signed out', async () => {
    const ip = new URL(browser.baseUrl);
    ip.hostname = '127.0.0.1';
    const { page } = await browser.newPage(undefined, { baseUrl: ip.origin });
    const email = uniqueEmail('by-ip');
    await page.goto('/register');
    await submitRegistration(page, email, 'secret1');
    // The e-mailed link points at PUBLIC_BASE_URL (localhost); confirming there is a plain GET.
    const link = await openLatestMail(page, email, 'تفعيل حسابك في سيرة');
    await page.goto(link);
    await page.waitForURL('**/login?confirmed=1');

    await page.goto('/login');
    expect(new URL(page.url()).hostname).toBe('127.0.0.1');
    await fillLogin(page, email, 'secret1');
    await page.waitForURL('**/dashboard');
    const header = page.locator('header');
    const signedOut = page.waitForResponse((r) => r.url().endsWith('/api/auth/sign-out'));
    await header.getByRole('button', { name: 'تسجيل الخروج' }).click();
    expect((await signedOut).status()).toBe(200);
    await page.waitForURL((url) => url.pathname === '/');
    await header.getByRole('link', { name: 'تسجيل الدخول' }).waitFor();

    await page.reload();
    expect(await page.evaluate(() => fetch('/api/auth/session').then((r) => r.json()))).toEqual({ user: null });
    await header.getByRole('link', { name: 'تسجيل الدخول' }).waitFor();
    expect(await header.getByRole('button', { name: 'تسجيل الخروج' }).count()).toBe(0);
    await page.goto('/dashboard');
    await page.waitForURL('**/login?from=%2Fdashboard');
  });

  it('a sign-out the server refuses says so, and the page stays signed in as the server has it', async () => {
    const { page } = await browser.newPage();
    await signedInAs(page, 'refused-sign-out');
    await page.route('**/api/auth/sign-out', (route) =>
      route.fulfill({ status: 403, contentType: 'application/json', body: '{"code":"INVALID_ORIGIN"}' }),
    );
    await page.locator('header').getByRole('button', { name: 'تسجيل الخروج' }).click();
    await page.getByText('حدث خطأ غير متوقع. يرجى المحاولة مرة أخرى.').first().waitFor();
    await page.locator('header').getByRole('button', { name: 'تسجيل الخروج' }).waitFor();
    expect(await page.evaluate(() => fetch('/api/auth/session').then((r) => r.json()))).not.toEqual({ user: null });
  });
});

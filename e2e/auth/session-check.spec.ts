import { describe, it } from 'vitest';
import { fillLogin, signedInAs } from '../fixtures/accounts';
import { expectNoAxeViolations, screenshot, useBrowser } from '../fixtures/browser';

/**
 * When the session check itself fails (the server or the network is down for a moment): /login still shows
 * its form, and a signed-in page shows an error screen whose retry button recovers once the server answers
 * (spec §8: failed loads show an error screen with retry).
 */
const browser = useBrowser();
const failSessionCheck = (route: import('playwright-core').Route) =>
  route.fulfill({ status: 503, contentType: 'application/json', body: '{"code":"INTERNAL"}' });

describe('a failed session check', () => {
  it('leaves /login usable, and a signed-in page offers a retry that recovers', async () => {
    const { page } = await browser.newPage();
    const { email, password } = await signedInAs(page, 'session-check');

    // A page the browser draws itself (the server draws /dashboard with the session it checked).
    await page.route('**/api/auth/session', failSessionCheck);
    await page.goto('/billing');
    await page.getByRole('heading', { name: 'حدث خطأ غير متوقع. يرجى المحاولة مرة أخرى.' }).waitFor();
    await expectNoAxeViolations(page);
    await screenshot(page, 'session-check-failed');
    await page.unroute('**/api/auth/session');
    await page.getByRole('button', { name: 'إعادة المحاولة' }).click();
    await page.getByRole('heading', { name: 'الفواتير والمدفوعات' }).waitFor();

    await page.route('**/api/auth/session', failSessionCheck);
    await page.goto('/login');
    await page.getByRole('button', { name: 'دخول' }).waitFor();
    await page.unroute('**/api/auth/session');
    // The session that may have existed was ended; signing in again works.
    await fillLogin(page, email, password);
    await page.waitForURL('**/dashboard');
  });
});

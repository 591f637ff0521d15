import type { Page } from 'playwright-core';
import { describe, inject, it } from 'vitest';
import { signedInAs, signInAsAdmin } from '../fixtures/accounts';
import { expectNoAxeViolations, screenshot, useBrowser } from '../fixtures/browser';

/**
 * Spec §8: "every failed call shows its message as a toast". A list or settings form that cannot be loaded
 * shows its error in the panel (with a retry button) and as a toast; admin lists use the spec's prefix
 * 'خطأ في جلب البيانات: {msg}'. Failures come from the browser's request interception (503, as a server
 * in trouble answers).
 */
const browser = useBrowser();
const generic = 'حدث خطأ غير متوقع. يرجى المحاولة مرة أخرى.';

async function failing(page: Page, api: string) {
  await page.route(`**${api}**`, (route) => route.fulfill({ status: 503, contentType: 'application/json', body: '{"code":"INTERNAL"}' }));
}

/** The error shown in the panel and the same text as a toast. */
async function seenTwice(page: Page, text: string) {
  await page.getByRole('alert').filter({ hasText: text }).first().waitFor();
  await page.locator('.mantine-Notification-root', { hasText: text }).first().waitFor();
}

describe('failed loads: the panel says so and a toast repeats it', () => {
  it('admin tabs', { timeout: 120_000 }, async () => {
    const { page } = await browser.newPage();
    await signInAsAdmin(page, inject('adminEmail'), inject('adminPassword'));
    const tabs: Array<[path: string, api: string, text: string]> = [
      ['/admin/users', '/api/admin/users', `خطأ في جلب البيانات: ${generic}`],
      ['/admin/packages', '/api/admin/packages', `خطأ في جلب البيانات: ${generic}`],
      ['/admin/templates', '/api/admin/templates', `خطأ في جلب البيانات: ${generic}`],
      ['/admin/pages', '/api/admin/pages', `خطأ في جلب البيانات: ${generic}`],
      ['/admin/footer', '/api/admin/footer', 'حدث خطأ أثناء تحميل بيانات التذييل.'],
      ['/admin/payment_gateway', '/api/admin/billing/gateway', 'تعذر تحميل إعدادات بوابة الدفع.'],
      ['/admin/gmail', '/api/admin/mailbox/settings', 'فشل تحميل إعدادات Gmail'],
      ['/admin/audit', '/api/admin/audit', 'حدث خطأ أثناء تحميل سجل التدقيق.'],
    ];
    for (const [path, api, text] of tabs) {
      await failing(page, api);
      await page.goto(path);
      await seenTwice(page, text);
      if (path === '/admin/users') {
        await expectNoAxeViolations(page);
        await screenshot(page, 'admin-users-load-failed');
      }
      await page.unroute(`**${api}**`);
    }
    // The payments tab words its prefix with the billing module's text for the code.
    await failing(page, '/api/admin/billing/invoices');
    await page.goto('/admin/payment');
    await seenTwice(page, 'خطأ في جلب البيانات:');
  });

  it('billing and upgrade', async () => {
    const { page } = await browser.newPage();
    await signedInAs(page, 'load-failures');
    await failing(page, '/api/billing');
    await page.goto('/billing');
    await seenTwice(page, 'تعذر تحميل الفواتير والمدفوعات.');
    await failing(page, '/api/billing/packages');
    await page.goto('/upgrade');
    await seenTwice(page, 'تعذر تحميل الباقات المتاحة للترقية.');
  });
});

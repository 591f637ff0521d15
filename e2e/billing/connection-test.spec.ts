import { describe, expect, inject, it } from 'vitest';
import { signInAsAdmin } from '../fixtures/accounts';
import { expectNoAxeViolations, screenshot, useBrowser } from '../fixtures/browser';

/**
 * "Test connection" in the admin payment_gateway tab: the server tries the keys as typed (the browser never sees
 * a stored secret) and the tab says what Paylink answered, in Arabic. Nothing is saved here: other journeys on
 * this server pay with the embedded Paylink sandbox's public test keys.
 */
const browser = useBrowser();
const PUBLIC_TEST_KEYS = { apiId: 'APP_ID_1123453311', secretKey: '0662abb5-13c7-38ab-cd12-236e58f43766' };

describe('payment gateway connection test', () => {
  it('payment gateway: wrong keys are refused by Paylink, before and instead of a save; the right ones pass', {
    timeout: 120_000,
  }, async () => {
    const { page } = await browser.newPage();
    await signInAsAdmin(page, inject('adminEmail'), inject('adminPassword'));
    await page.goto('/admin/payment_gateway');
    await page.getByRole('heading', { name: 'إعدادات بوابة الدفع' }).waitFor();
    await page.getByLabel('معرّف التطبيق (API ID)').fill(PUBLIC_TEST_KEYS.apiId);
    await page.getByLabel(/المفتاح السري/).fill('not-the-secret-key');

    const testButton = page.getByRole('button', { name: 'اختبار الاتصال' });
    const tested = page.waitForResponse((r) => r.url().endsWith('/api/admin/billing/gateway/test'));
    await testButton.click();
    expect(await (await tested).text()).not.toContain(PUBLIC_TEST_KEYS.secretKey);
    await page
      .getByTestId('gateway-test-result')
      .getByText(/رفضت Paylink معرّف التطبيق أو المفتاح السري/)
      .waitFor();

    // Saving the same keys is refused with the reason, and saving anyway is offered (not taken here).
    await page.getByRole('button', { name: 'حفظ الإعدادات' }).click();
    await page.getByRole('alert').filter({ hasText: 'لم تُحفظ الإعدادات: رفضت Paylink' }).first().waitFor();
    await page.getByRole('button', { name: 'حفظ على أي حال' }).waitFor();
    await expectNoAxeViolations(page);
    await screenshot(page, 'admin-gateway-keys-refused');

    await page.getByLabel(/المفتاح السري/).fill(PUBLIC_TEST_KEYS.secretKey);
    expect(await page.getByRole('button', { name: 'حفظ على أي حال' }).count()).toBe(0);
    await testButton.click();
    await page
      .getByTestId('gateway-test-result')
      .getByText(/نجح الاتصال: قبلت Paylink/)
      .waitFor();
    await page.context().close();
  });
});

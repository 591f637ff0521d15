import { describe, inject, it } from 'vitest';
import { signInAsAdmin } from '../fixtures/accounts';
import { expectNoAxeViolations, useBrowser } from '../fixtures/browser';

/**
 * "Test connection" in the admin gmail tab: the server tries the OAuth client as typed and the tab says what
 * Google answered, in Arabic. Nothing is saved here.
 */
const browser = useBrowser();

describe('gmail connection test', () => {
  it('gmail: a malformed client id is refused before any call; the built-in sandbox is said to follow the saved client', {
    timeout: 120_000,
  }, async () => {
    const { page } = await browser.newPage();
    await signInAsAdmin(page, inject('adminEmail'), inject('adminPassword'));
    await page.goto('/admin/gmail');
    await page.getByRole('heading', { name: 'إعدادات ربط Gmail' }).waitFor();
    const clientId = page.getByLabel('معرّف العميل (Client ID)');
    const saved = await clientId.inputValue();
    await clientId.fill('my client.apps.googleusercontent.com');
    await page.getByRole('button', { name: 'اختبار الاتصال' }).click();
    await page
      .getByText(/معرّف العميل يجب أن ينتهي بـ/)
      .first()
      .waitFor();
    await clientId.fill(saved);
    await page.getByRole('button', { name: 'اختبار الاتصال' }).click();
    await page
      .getByTestId('gmail-test-result')
      .getByText(/بيئة Google التجريبية المدمجة/)
      .waitFor();
    await expectNoAxeViolations(page);
    await page.context().close();
  });
});

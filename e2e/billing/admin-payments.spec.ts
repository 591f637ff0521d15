import { describe, expect, inject, it } from 'vitest';
import { fillLogin, registerAndConfirm, signInAsAdmin } from '../fixtures/accounts';
import { expectNoAxeViolations, screenshot, useBrowser } from '../fixtures/browser';
import { uniqueEmail } from '../fixtures/outbox';
import { upgradeTo } from './billing-helpers';

/** The admin payment and payment_gateway tabs, with a payment made by a user in another browser context. */
const browser = useBrowser();
describe('admin payments', () => {
  it('lists, searches and live-updates payments; totals the completed revenue', async () => {
    const { page: admin } = await browser.newPage();
    await signInAsAdmin(admin, inject('adminEmail'), inject('adminPassword'));
    await admin.goto('/admin/payment');
    await admin.getByRole('heading', { name: 'المدفوعات', level: 2 }).waitFor();
    await admin.getByTestId('payments-revenue').getByText('ريال').waitFor();

    // A user starts paying in another context; the admin's search for them shows the pending invoice.
    const { page: user } = await browser.newPage();
    const email = uniqueEmail('paying');
    await registerAndConfirm(user, email, 'secret1');
    await fillLogin(user, email, 'secret1');
    await user.waitForURL('**/dashboard');
    await upgradeTo(user, 'باقة نمو');

    await admin.getByLabel('بحث').fill(email);
    const row = admin.locator('tbody tr', { hasText: email });
    await row.waitFor();
    expect(await row.getByRole('cell').allTextContents()).toEqual([
      email,
      'باقة نمو',
      '30 ريال',
      'بانتظار تأكيد الدفع',
      expect.any(String),
    ]);
    await expectNoAxeViolations(admin);

    // The user pays; the admin's table turns completed without a reload.
    await user.getByRole('button', { name: 'ادفع الآن' }).click();
    await user.waitForURL('**/payment-callback?**');
    await row.getByText('مكتمل').waitFor({ timeout: 10_000 });
    await screenshot(admin, 'admin-payments');

    // The user deletes the account: the payment stays in the books, its user shown as a deleted account.
    const deleted = await user.request.post('/api/users/me/deletion', {
      headers: { origin: browser.baseUrl },
      data: { password: 'secret1' },
    });
    expect(deleted.status(), await deleted.text()).toBe(200);
    await admin.reload();
    await admin.getByRole('heading', { name: 'المدفوعات', level: 2 }).waitFor();
    await admin.getByLabel('بحث').fill(email);
    await admin.getByText('لا توجد مدفوعات تطابق البحث.').waitFor();
    await admin.getByLabel('بحث').fill('');
    const newest = admin.locator('tbody tr').first();
    await newest.getByText('حساب محذوف').waitFor();
    expect(await newest.getByRole('cell').allTextContents()).toEqual(['حساب محذوف', 'باقة نمو', '30 ريال', 'مكتمل', expect.any(String)]);
    await expectNoAxeViolations(admin);
  });

  it('payment_gateway: secrets are write-only, the sandbox is the embedded default, saves with toasts', async () => {
    const { page } = await browser.newPage();
    await signInAsAdmin(page, inject('adminEmail'), inject('adminPassword'));
    await page.goto('/admin/payment_gateway');
    await page.getByRole('heading', { name: 'إعدادات بوابة الدفع' }).waitFor();
    const environment = page.getByRole('combobox', { name: 'بيئة Paylink' });
    expect(await environment.inputValue()).toContain('البيئة التجريبية المحلية');
    expect(await page.getByLabel(/^المفتاح السري/).inputValue()).toBe('');
    await expectNoAxeViolations(page);
    await screenshot(page, 'admin-payment-gateway');

    // Saving without an API ID is refused by the server.
    await page.getByRole('button', { name: 'حفظ الإعدادات' }).click();
    await page.getByText('فشل الحفظ').first().waitFor();
    await page.getByText('يرجى إدخال معرّف التطبيق (API ID).').waitFor();

    // The sandbox with Paylink's public test keys, saved explicitly: payments keep working.
    await page.getByLabel('معرّف التطبيق (API ID)').fill('APP_ID_1123453311');
    await page.getByLabel(/^المفتاح السري/).fill('0662abb5-13c7-38ab-cd12-236e58f43766');
    await page.getByRole('button', { name: 'حفظ الإعدادات' }).click();
    await page.getByText('تم حفظ الإعدادات بنجاح').first().waitFor();
    await page.getByText('محفوظ', { exact: true }).first().waitFor();
    expect(await page.getByLabel(/^المفتاح السري/).inputValue()).toBe('');
    const html = await page.content();
    expect(html).not.toContain('0662abb5-13c7-38ab-cd12-236e58f43766');
  });
});

import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { field, fillLogin, openAsAdmin, registerAndConfirm, submitRegistration } from '../fixtures/accounts';
import { expectNoAxeViolations, screenshot, useBrowser, viewports } from '../fixtures/browser';
import { openLatestMail, uniqueEmail } from '../fixtures/outbox';
import { packageCard, readNumber, upgradeTo } from './billing-helpers';

/**
 * Paying for a package, end to end in the browser: the app creates the Paylink invoice, the browser pays on
 * the sandbox's hosted page, comes back to /payment-callback, and the dashboard shows the new package and
 * balance. Also: a declined card, the upgrade page, and the billing history refreshing live.
 */
const browser = useBrowser();
async function signedIn(page: Page, prefix: string) {
  const email = uniqueEmail(prefix);
  await registerAndConfirm(page, email, 'secret1');
  await fillLogin(page, email, 'secret1');
  await page.waitForURL('**/dashboard');
  return email;
}

const dashboardNumbers = async (page: Page) => ({
  packageName: (await page.getByTestId('overview-package').locator('p').nth(1).textContent())?.trim(),
  remaining: readNumber(await page.getByTestId('overview-remaining').locator('p').nth(1).textContent()),
});

describe('paying for a package', () => {
  it('pricing (chosen while signed out) → Paylink sandbox → callback → dashboard with the new package and balance', async () => {
    const { page, consoleErrors } = await browser.newPage();
    const failed: string[] = [];
    page.on('response', (r) => {
      if (r.status() >= 400) failed.push(`${r.status()} ${r.request().method()} ${new URL(r.url()).pathname}`);
    });
    const email = uniqueEmail('buyer');
    await registerAndConfirm(page, email, 'secret1');
    // From here on, nothing may fail (the embedded outbox used above has no favicon; not ours to judge).
    consoleErrors.length = 0;

    // Chosen while signed out: remembered through sign-in, then the payment dialog opens by itself.
    await page.goto('/pricing');
    await packageCard(page, 'باقة البداية').getByRole('button').click();
    await page.waitForURL('**/login?from=%2Fpricing');
    await fillLogin(page, email, 'secret1');
    await page.waitForURL('**/pricing');
    const dialog = page.getByRole('dialog', { name: 'الدفع مقابل باقة البداية' });
    await dialog.waitFor();
    await dialog.getByText('95').first().waitFor();
    await expectNoAxeViolations(page);
    await screenshot(page, 'billing-payment-dialog');

    await dialog.getByRole('button', { name: 'الانتقال إلى الدفع' }).click();
    await page.waitForURL('**/sandbox/paylink/pay/**');
    await page.getByRole('heading', { name: 'الدفع عبر Paylink' }).waitFor();
    await expectNoAxeViolations(page);
    await screenshot(page, 'billing-sandbox-payment-page');

    await page.getByRole('button', { name: 'ادفع الآن' }).click();
    await page.waitForURL('**/payment-callback?**');
    expect(new URL(page.url()).searchParams.get('transactionNo')).toMatch(/^\d+$/);
    await page.getByText('تم الدفع بنجاح وتفعيل باقة البداية.').waitFor();
    await page.getByText('تم ترقية باقتك بنجاح').first().waitFor();
    await expectNoAxeViolations(page);
    await screenshot(page, 'billing-payment-callback-success');

    await page.waitForURL('**/dashboard', { timeout: 10_000 });
    await page.getByTestId('overview-package').getByText('باقة البداية').waitFor();
    expect(await dashboardNumbers(page)).toEqual({ packageName: 'باقة البداية', remaining: 10 + 300 });
    expect(failed).toEqual([]);
    expect(consoleErrors).toEqual([]);
  });

  it('a package chosen before registering is offered for payment after confirming in another tab and signing in', async () => {
    const { page, context } = await browser.newPage();
    const email = uniqueEmail('newcomer');
    await page.goto('/pricing');
    await packageCard(page, 'باقة نمو').getByRole('button').click();
    await page.waitForURL('**/login?from=%2Fpricing');
    await page.getByRole('link', { name: 'أنشئ حساباً جديداً' }).click();
    await page.waitForURL('**/register');
    // A phone typed with Arabic-Indic digits is taken.
    await submitRegistration(page, email, 'secret1', '٠٥١٢٣٤٥٦٧٨');

    // The confirmation link opens in a new tab, which knows nothing of the first tab's session storage.
    const tab = await context.newPage();
    await tab.goto(await openLatestMail(tab, email, 'تفعيل حسابك في سيرة'));
    await tab.waitForURL('**/login?confirmed=1');
    await fillLogin(tab, email, 'secret1');
    await tab.waitForURL('**/pricing');
    await tab.getByRole('dialog', { name: 'الدفع مقابل باقة نمو' }).waitFor();
  });

  it('a declined card ends on an error and back on /pricing, with nothing credited', async () => {
    const { page } = await browser.newPage();
    await signedIn(page, 'declined');
    await upgradeTo(page, 'باقة نمو');
    await page.getByRole('button', { name: 'محاكاة رفض البطاقة' }).click();
    await page.waitForURL('**/payment-callback?**');
    await page.getByRole('alert', { name: 'لم تكتمل عملية الدفع، ولم تُفعَّل الباقة.' }).waitFor();
    await expectNoAxeViolations(page);
    await screenshot(page, 'billing-payment-callback-error');
    await page.waitForURL('**/pricing', { timeout: 10_000 });
    await page.goto('/dashboard');
    await page.getByTestId('overview-package').getByText('تجريبي').waitFor();
    expect(await dashboardNumbers(page)).toEqual({ packageName: 'تجريبي', remaining: 10 });
    // The history says the payment was declined and nothing was taken, not «pending».
    await page.goto('/billing');
    await page.locator('tbody tr').first().getByText('مرفوض', { exact: true }).waitFor();
    await page.getByText('الدفع المرفوض أو الملغى لم يُخصم منه أي مبلغ، ولم تتغير باقتك بسببه.').waitFor();
    expect(await page.getByText('معلق').count()).toBe(0);
    await expectNoAxeViolations(page);
  });

  it('when every check fails, the page says it is going to the invoice history (not pricing) and goes there', {
    timeout: 60_000,
  }, async () => {
    const { page } = await browser.newPage();
    await signedIn(page, 'checks-exhausted');
    // A server in trouble for the whole minute: each of the 10 checks (2 s apart) costs one attempt.
    await page.route('**/api/billing/invoices/confirm**', (route) =>
      route.fulfill({ status: 503, contentType: 'application/json', body: '{"code":"INTERNAL"}' }),
    );
    await page.goto('/payment-callback?transactionNo=1700000000000');
    const alert = page.getByRole('alert', { name: 'فشل في التحقق من حالة الدفع بعد عدة محاولات. يرجى مراجعة سجل الفواتير.' });
    await alert.waitFor({ timeout: 40_000 });
    await alert.getByText('سيتم تحويلك إلى سجل الفواتير خلال ثوانٍ…').waitFor();
    await page.waitForURL('**/billing', { timeout: 10_000 });
  });

  it('cancelling on Paylink’s page comes back to /pricing saying so, once, with nothing credited', async () => {
    const { page } = await browser.newPage();
    await signedIn(page, 'cancelled');
    await upgradeTo(page, 'باقة نمو');
    await page.getByRole('button', { name: 'إلغاء الدفع' }).click();
    await page.waitForURL((url) => url.pathname === '/pricing');
    await page.getByText('أُلغيت عملية الدفع ولم تُفعَّل الباقة.').first().waitFor();
    // The invoice's numbers leave the address, so a reload does not say it again.
    await expect.poll(() => new URL(page.url()).search).toBe('');
    await page.goto('/dashboard');
    expect(await dashboardNumbers(page)).toEqual({ packageName: 'تجريبي', remaining: 10 });
    await page.goto('/billing');
    await page.locator('tbody tr').first().getByText('ملغى', { exact: true }).waitFor({ timeout: 10_000 });
    expect(await page.getByText('معلق').count()).toBe(0);
  });

  it('upgrade page: price order, select, upgrade now, pay, and the current package is then marked and not selectable', async () => {
    const { page } = await browser.newPage();
    await signedIn(page, 'upgrader');
    await page.goto('/upgrade');
    await page.getByRole('heading', { name: 'ترقية الباقة', level: 1 }).waitFor();
    // The page heading shows before the packages load (a CI run read the list while it was still loading).
    await page.getByRole('heading', { name: 'باقة نمو', level: 2 }).waitFor();
    const names = await page.getByRole('heading', { level: 2 }).allTextContents();
    expect(names.slice(0, 4)).toEqual(['باقة نمو', 'باقة البداية', 'باقة المحترف', 'باقة التميز']);
    for (const reserved of ['تجريبي', 'مجاني', 'admin']) expect(names).not.toContain(reserved);
    expect(await page.getByRole('button', { name: 'ترقية الآن' }).isDisabled()).toBe(true);
    await expectNoAxeViolations(page);
    await screenshot(page, 'billing-upgrade');

    // Cancel closes the dialog and leaves the selection.
    await packageCard(page, 'باقة المحترف').getByRole('button', { name: 'اختيار الباقة' }).click();
    await page.getByText('الباقة المختارة: باقة المحترف (150 ريال)').waitFor();
    await page.getByRole('button', { name: 'ترقية الآن' }).click();
    const dialog = page.getByRole('dialog', { name: 'الدفع مقابل باقة المحترف' });
    await dialog.waitFor();
    await expectNoAxeViolations(page);
    await dialog.getByRole('button', { name: 'إلغاء' }).first().click();
    await dialog.waitFor({ state: 'hidden' });

    await upgradeTo(page, 'باقة المحترف');
    await page.getByRole('button', { name: 'ادفع الآن' }).click();
    await page.getByText('تم ترقية باقتك بنجاح').first().waitFor();
    await page.waitForURL('**/dashboard', { timeout: 10_000 });
    await page.getByTestId('overview-package').getByText('باقة المحترف').waitFor();
    expect((await dashboardNumbers(page)).remaining).toBe(10 + 600);

    await page.goto('/upgrade');
    const current = packageCard(page, 'باقة المحترف');
    await current.getByText('الباقة الحالية').first().waitFor();
    expect(await current.getByRole('button', { name: 'الباقة الحالية' }).isDisabled()).toBe(true);

    // Back goes one step back in history, to the page of ours it came from.
    await page.goto('/billing');
    await page.goto('/upgrade', { referer: new URL('/billing', page.url()).href });
    await page.getByRole('button', { name: 'رجوع' }).click();
    await page.waitForURL('**/billing');
    // Opened in a new tab, there is no step back: the dashboard instead.
    const tab = await page.context().newPage();
    await tab.goto('/upgrade');
    await tab.getByRole('button', { name: 'رجوع' }).click();
    await tab.waitForURL('**/dashboard');
  });

  it('the billing page shows the history and refreshes live when a payment completes elsewhere', async () => {
    const { page } = await browser.newPage();
    await signedIn(page, 'history');
    await page.goto('/billing');
    await page.getByRole('heading', { name: 'الفواتير والمدفوعات' }).waitFor();
    await page.getByText('لا توجد فواتير سابقة').waitFor();
    await expectNoAxeViolations(page);

    // Starts paying, then leaves Paylink's page without paying (closed tab).
    const transactionNo = await upgradeTo(page, 'باقة التميز');
    await page.goto('/billing');
    const row = page.locator('tbody tr').first();
    await row.getByText('بانتظار تأكيد الدفع').waitFor();
    expect(await row.getByRole('cell').nth(1).textContent()).toBe('باقة التميز');
    expect(await row.getByRole('cell').nth(2).textContent()).toBe('199 ريال');
    await expectNoAxeViolations(page);

    // The buyer pays later on Paylink's side; only the webhook tells Sira. /billing updates by itself.
    const res = await page.request.post(`/sandbox/paylink/_control/invoices/${transactionNo}/pay`, { data: {} });
    expect(res.status()).toBe(200);
    await row.getByText('مكتمل').waitFor({ timeout: 10_000 });
    await page.getByTestId('billing-package').getByText('باقة التميز').waitFor();
    expect(readNumber(await page.getByTestId('billing-remaining').locator('p').nth(1).textContent())).toBe(10 + 1000);
    await screenshot(page, 'billing-history');
  });

  it('pricing marks the package the user has and says, before any dialog, when it can be bought again', { timeout: 120_000 }, async () => {
    const { page } = await browser.newPage();
    const email = await signedIn(page, 'renewer');
    await page.goto('/pricing');
    const trial = packageCard(page, 'تجريبي');
    await trial.getByText('الباقة الحالية').waitFor();
    await trial.getByTestId('package-note').getByText('أنت بالفعل تستخدم الباقة التجريبية').waitFor();

    // On باقة نمو with its messages: marked, the reason said, nothing to click.
    await upgradeTo(page, 'باقة نمو');
    await page.getByRole('button', { name: 'ادفع الآن' }).click();
    await page.waitForURL('**/dashboard', { timeout: 15_000 });
    await page.goto('/pricing');
    const growth = packageCard(page, 'باقة نمو');
    await growth
      .getByTestId('package-note')
      .getByText('لديك 110 رسائل من هذه الباقة. يمكنك شراؤها مجدداً حين يقل رصيدك عن 5 رسائل، أو اختيار باقة أكبر الآن.')
      .waitFor();
    expect(await growth.locator('.mantine-Badge-root', { hasText: 'الباقة الحالية' }).count()).toBe(1);
    expect(await growth.getByRole('button', { name: 'الباقة الحالية: باقة نمو' }).isDisabled()).toBe(true);
    expect(await page.getByRole('dialog').count()).toBe(0);
    await expectNoAxeViolations(page);
    await growth.scrollIntoViewIfNeeded();
    await screenshot(page, 'pricing-current-package', { fullPage: false });
    await page.setViewportSize(viewports.phone);
    await growth.scrollIntoViewIfNeeded();
    await screenshot(page, 'pricing-current-package-phone', { fullPage: false });
    await page.setViewportSize(viewports.desktop);

    // Its messages used up (an administrator sets the balance to 0): the same package again, at its price.
    const admin = await openAsAdmin(browser);
    await admin.page.goto('/admin/users');
    await admin.page.getByLabel('البحث بالبريد الإلكتروني').fill(email);
    const row = admin.page.locator('tbody tr', { hasText: email });
    await row.getByRole('button', { name: `تعديل المستخدم ${email}` }).click();
    const dialog = admin.page.getByRole('dialog', { name: 'تعديل بيانات المستخدم' });
    await dialog.getByLabel(field('الرسائل المتبقية')).fill('0');
    await dialog.getByRole('button', { name: 'حفظ' }).click();
    await admin.page.getByText('تم تحديث بيانات المستخدم بنجاح').first().waitFor();
    await admin.context.close();

    await page.reload();
    await growth.getByTestId('package-note').getByText('نفد رصيدك من هذه الباقة. شراؤها مجدداً يضيف 100 رسالة إلى رصيدك.').waitFor();
    await expectNoAxeViolations(page);
    await screenshot(page, 'pricing-current-package-renewable', { fullPage: false });
    await growth.getByRole('button', { name: 'شراء الباقة مجدداً' }).click();
    const payment = page.getByRole('dialog', { name: 'الدفع مقابل باقة نمو' });
    await payment.getByRole('button', { name: 'الانتقال إلى الدفع' }).click();
    await page.waitForURL('**/sandbox/paylink/pay/**');
    await page.getByRole('button', { name: 'ادفع الآن' }).click();
    await page.waitForURL('**/dashboard', { timeout: 15_000 });
    await page.getByTestId('overview-package').getByText('باقة نمو').waitFor();
    await expect.poll(async () => (await dashboardNumbers(page)).remaining).toBe(100);
  });
});

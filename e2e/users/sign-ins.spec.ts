import { describe, expect, it } from 'vitest';
import { fillLogin, openAsAdmin, signedInAs } from '../fixtures/accounts';
import { expectNoAxeViolations, screenshot, useBrowser, viewports } from '../fixtures/browser';

const browser = useBrowser();

describe('recent sign-ins and sign out everywhere', () => {
  it('lists both browsers and a failed attempt, signs the other one out, and that browser has to sign in again', async () => {
    const here = await browser.newPage();
    const { email, password } = await signedInAs(here.page, 'sign-ins');

    // The same account in a second browser, through the login form: a wrong password first, then the right one.
    const there = await browser.newPage(viewports.phone);
    await there.page.goto('/login');
    await fillLogin(there.page, email, 'not-my-password');
    await there.page.getByRole('alert').filter({ hasText: 'البريد الإلكتروني أو كلمة المرور غير صحيحة' }).first().waitFor();
    await fillLogin(there.page, email, password);
    await there.page.waitForURL(/\/dashboard/);

    await here.page.reload();
    const card = here.page.getByRole('region', { name: 'عمليات تسجيل الدخول الأخيرة' });
    const rows = card.getByTestId('sign-in');
    await rows.nth(2).waitFor();
    expect(await rows.count()).toBe(3);
    // Newest first: the second browser, still signed in; its failed attempt; then this one.
    expect(await rows.nth(0).textContent()).toContain('ما زال مسجلاً');
    expect(await rows.nth(1).textContent()).toContain('محاولة دخول فاشلة: كلمة مرور خاطئة');
    expect(await rows.nth(2).textContent()).toContain('هذا الجهاز');
    // The address is shown in part only, the failed attempt's too, and the card says so.
    expect(await rows.nth(0).textContent()).toMatch(/\d+\.\d+\.x\.x/);
    expect(await rows.nth(1).textContent()).toMatch(/\d+\.\d+\.x\.x/);
    await card.getByText('المحاولة الفاشلة تعني أن أحداً أدخل بريدك الإلكتروني بكلمة مرور خاطئة').waitFor();
    await card.getByText('يظهر جزء من عنوان IP فقط').waitFor();
    await here.page.getByRole('region', { name: 'مدة الاحتفاظ ببياناتك' }).getByText('لا نحتفظ حالياً بأي سيرة ذاتية').waitFor();
    await expectNoAxeViolations(here.page);
    await screenshot(here.page, 'dashboard-sign-ins');

    await card.getByRole('button', { name: 'تسجيل الخروج من جميع الأجهزة الأخرى' }).click();
    const dialog = here.page.getByRole('dialog', { name: 'تسجيل الخروج من الأجهزة الأخرى' });
    await dialog.waitFor();
    await expectNoAxeViolations(here.page);
    await dialog.getByRole('button', { name: 'تسجيل الخروج منها' }).click();
    await here.page.getByText('تم تسجيل الخروج من جهاز آخر.').first().waitFor();
    await dialog.waitFor({ state: 'hidden' });
    await rows.nth(0).getByText('انتهت الجلسة').waitFor();
    expect(await rows.nth(2).textContent()).toContain('هذا الجهاز');

    // The other browser is signed out: its next visit to the dashboard leads to the login page.
    await there.page.goto('/dashboard');
    await there.page.waitForURL(/\/login/);
    // This one is not.
    await here.page.reload();
    await here.page.getByRole('heading', { name: 'لوحة التحكم' }).waitFor();
    expect(here.consoleErrors).toEqual([]);
  });

  it('the admin sets the retention period on the email settings tab', async () => {
    const { page } = await openAsAdmin(browser);
    await page.goto('/admin/email_settings');
    const card = page.getByRole('region', { name: 'مدة الاحتفاظ بالسير الذاتية والرسائل' });
    const days = card.getByLabel('عدد الأيام');
    await expect.poll(() => days.inputValue(), { timeout: 15_000 }).toBe('90');
    // Below the minimum, the field holds to it on leaving, as the other settings on this tab do.
    await days.fill('3');
    await days.blur();
    await expect.poll(() => days.inputValue()).toBe('7');
    // Empty, the save is refused with the range.
    await days.fill('');
    await card.getByRole('button', { name: 'حفظ' }).click();
    await card.getByText('أدخل عدد أيام صحيحاً بين 7 و3650.').waitFor();
    await expectNoAxeViolations(page);
    await days.fill('60');
    await card.getByRole('button', { name: 'حفظ' }).click();
    await page.getByText('تم حفظ مدة الاحتفاظ').first().waitFor();
    await page.reload();
    await expect.poll(() => card.getByLabel('عدد الأيام').inputValue(), { timeout: 15_000 }).toBe('60');
    await screenshot(page, 'admin-retention-settings');
    // Back to the default, for the journeys that follow on this server.
    await card.getByLabel('عدد الأيام').fill('90');
    await card.getByRole('button', { name: 'حفظ' }).click();
    await page.getByText('تم حفظ مدة الاحتفاظ').first().waitFor();
  });

  it('the phone layout keeps the card readable and accessible', async () => {
    const { page } = await browser.newPage(viewports.phone);
    await signedInAs(page, 'sign-ins-phone');
    const card = page.getByRole('region', { name: 'عمليات تسجيل الدخول الأخيرة' });
    await card.getByTestId('sign-in').first().waitFor();
    await card.scrollIntoViewIfNeeded();
    await expectNoAxeViolations(page);
    await screenshot(page, 'dashboard-sign-ins-phone', { fullPage: false });
  });
});

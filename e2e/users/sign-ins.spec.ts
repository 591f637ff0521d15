import { describe, expect, it } from 'vitest';
import { fillLogin, signedInAs } from '../fixtures/accounts';
import { expectNoAxeViolations, screenshot, useBrowser, viewports } from '../fixtures/browser';

const browser = useBrowser();

describe('recent sign-ins and sign out everywhere', () => {
  it('lists both browsers, signs the other one out, and that browser has to sign in again', async () => {
    const here = await browser.newPage();
    const { email, password } = await signedInAs(here.page, 'sign-ins');

    // The same account in a second browser, through the login form.
    const there = await browser.newPage(viewports.phone);
    await there.page.goto('/login');
    await fillLogin(there.page, email, password);
    await there.page.waitForURL(/\/dashboard/);

    await here.page.reload();
    const card = here.page.getByRole('region', { name: 'عمليات تسجيل الدخول الأخيرة' });
    const rows = card.getByTestId('sign-in');
    await expect.poll(() => rows.count()).toBe(2);
    // Newest first: the second browser, still signed in; then this one.
    await expect.poll(() => rows.nth(0).textContent()).toContain('ما زال مسجلاً');
    expect(await rows.nth(1).textContent()).toContain('هذا الجهاز');
    // The address is shown in part only, and the card says so.
    expect(await rows.nth(0).textContent()).toMatch(/\d+\.\d+\.x\.x/);
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
    await expect.poll(() => rows.nth(0).textContent()).toContain('انتهت الجلسة');
    expect(await rows.nth(1).textContent()).toContain('هذا الجهاز');

    // The other browser is signed out: its next visit to the dashboard leads to the login page.
    await there.page.goto('/dashboard');
    await there.page.waitForURL(/\/login/);
    // This one is not.
    await here.page.reload();
    await here.page.getByRole('heading', { name: 'لوحة التحكم' }).waitFor();
    expect(here.consoleErrors).toEqual([]);
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

import { describe, expect, it } from 'vitest';
import { expectNoAxeViolations, screenshot, useBrowser, viewports } from '../fixtures/browser';

const browser = useBrowser();
describe('app shell', () => {
  it('is Arabic and right-to-left, with the header and the footer loaded from the server', async () => {
    const opened = await browser.newPage(viewports.desktop);
    const { page, consoleErrors } = opened;
    await page.goto('/');
    expect(await page.getAttribute('html', 'lang')).toBe('ar');
    expect(await page.getAttribute('html', 'dir')).toBe('rtl');
    const fontFamily = await page.evaluate(() => getComputedStyle(document.body).fontFamily);
    expect(fontFamily).toContain('IBM Plex Sans Arabic');

    const header = page.locator('header');
    await expect.poll(() => header.getByRole('link', { name: 'الأسعار' }).isVisible()).toBe(true);
    expect(await header.getByRole('link', { name: 'تسجيل الدخول' }).isVisible()).toBe(true);
    expect(await header.getByRole('link', { name: 'حساب جديد' }).isVisible()).toBe(true);
    expect(await header.getByRole('link', { name: 'لوحة المشرف' }).count()).toBe(0);

    const footer = page.locator('footer');
    await expect.poll(() => footer.getByRole('link', { name: 'سياسة الخصوصية' }).count()).toBeGreaterThan(0);
    expect(await footer.getByText('Apple Pay').isVisible()).toBe(true);
    for (const m of ['Mada', 'Visa', 'Mastercard']) expect(await footer.getByText(m, { exact: true }).isVisible()).toBe(true);
    // External footer links open in a new tab; internal ones stay in the app.
    const external = footer.locator('a[href^="https://"]').first();
    expect(await external.getAttribute('target')).toBe('_blank');
    expect(await footer.locator('a[href="/privacy"]').first().getAttribute('target')).toBeNull();

    await expectNoAxeViolations(page);
    await screenshot(page, 'home-desktop');
    expect(consoleErrors).toEqual([]);
  });

  it('has a mobile menu that toggles and closes when a link is followed', async () => {
    const opened = await browser.newPage(viewports.phone);
    const { page } = opened;
    await page.goto('/');
    const burger = page.getByRole('button', { name: 'القائمة' });
    expect(await burger.isVisible()).toBe(true);
    const menu = page.locator('#mobile-menu');
    expect(await menu.isVisible()).toBe(false);
    await burger.click();
    expect(await menu.isVisible()).toBe(true);
    expect(await burger.getAttribute('aria-expanded')).toBe('true');
    await expectNoAxeViolations(page);
    await burger.click();
    expect(await menu.isVisible()).toBe(false);
    expect(await burger.getAttribute('aria-expanded')).toBe('false');
    await burger.click();
    await menu.getByRole('link', { name: 'من نحن' }).click();
    await page.waitForURL('**/about');
    await page.getByRole('heading', { level: 1 }).waitFor();
    expect(await page.locator('#mobile-menu').isVisible()).toBe(false);
    // /about is a static page too: its small script opens the menu.
    await page.getByRole('button', { name: 'القائمة' }).click();
    expect(await page.locator('#mobile-menu').isVisible()).toBe(true);
    // On a page React renders the React header does the same. /reset-password comes as the app's shell: its
    // scripts load and React takes the header over before the burger answers.
    await page.goto('/reset-password');
    await page.waitForLoadState('networkidle');
    await page.getByRole('button', { name: 'القائمة' }).click();
    expect(await page.locator('#mobile-menu').isVisible()).toBe(true);
    await page.locator('#mobile-menu').getByRole('link', { name: 'الأسعار' }).click();
    await page.waitForURL('**/pricing');
    expect(await page.locator('#mobile-menu').isVisible()).toBe(false);
    await page.goto('/');
    await page.locator('footer a[href="/privacy"]').first().waitFor();
    await screenshot(page, 'home-phone');
  });

  it('shows a not-found page with a link home, answered with status 404', async () => {
    for (const [name, viewport] of Object.entries(viewports)) {
      const opened = await browser.newPage(viewport);
      const { page } = opened;
      const response = await page.goto('/no-such-page');
      expect(response?.status()).toBe(404);
      await page.getByRole('heading', { name: 'الصفحة غير موجودة' }).waitFor();
      await page.locator('footer a[href="/privacy"]').first().waitFor();
      await expectNoAxeViolations(page);
      await screenshot(page, `not-found-${name}`);
      await page.getByRole('link', { name: 'العودة إلى الصفحة الرئيسية' }).click();
      await page.waitForURL((url) => url.pathname === '/');
      await opened.context.close();
    }
  });

  it('shows the footer failure message when the footer cannot be loaded', async () => {
    const opened = await browser.newPage(viewports.desktop);
    const { page } = opened;
    await page.route('**/api/content/footer', (route) =>
      route.fulfill({ status: 500, body: '{"code":"INTERNAL"}', contentType: 'application/json' }),
    );
    // The public pages carry the footer in their HTML; the app's other pages (here the not-found page) load it
    // themselves.
    await page.goto('/no-such-page');
    await expect.poll(() => page.getByText('عذراً، تعذر تحميل محتوى التذييل حالياً.').isVisible(), { timeout: 15_000 }).toBe(true);
  });
});

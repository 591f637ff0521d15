import { describe, expect, inject, it } from 'vitest';
import { signInAsAdmin } from '../fixtures/accounts';
import { expectNoAxeViolations, screenshot, useBrowser, viewports } from '../fixtures/browser';

const browser = useBrowser();

describe('the admin panel on a phone', () => {
  it('keeps the header figures and the tabs short, so a tab’s table starts on the first screen', async () => {
    const { page, consoleErrors } = await browser.newPage(viewports.phone);
    await signInAsAdmin(page, inject('adminEmail'), inject('adminPassword'));
    await page.goto('/admin/pages');
    // The four figures, loaded.
    await page.getByText('إجمالي المستخدمين').waitFor();
    await expect.poll(() => page.locator('[aria-busy="true"]').count()).toBe(0);
    const table = page.getByRole('table', { name: 'جدول الصفحات' });
    const firstRow = table.locator('tbody tr').first();
    await firstRow.waitFor();
    await page.evaluate(() => window.scrollTo(0, 0));
    await screenshot(page, 'admin-panel-phone-first-screen', { fullPage: false });
    // The first row, title and button, is whole within the first 844 px, without scrolling.
    const box = await firstRow.boundingBox();
    expect(box).not.toBeNull();
    expect((box?.y ?? Number.POSITIVE_INFINITY) + (box?.height ?? 0)).toBeLessThanOrEqual(viewports.phone.height);
    // The header above the tab takes under half the screen: the tab links give way to one drop-down.
    const heading = await page.getByRole('heading', { level: 2, name: 'الصفحات' }).boundingBox();
    expect(heading?.y ?? Number.POSITIVE_INFINITY).toBeLessThan(viewports.phone.height / 2);
    expect(await page.getByRole('link', { name: 'سجل التدقيق' }).isVisible()).toBe(false);

    // Every tab stays one choice away: the tab picker goes to another tab.
    const picker = page.getByRole('combobox', { name: 'أقسام لوحة المشرف' });
    expect(await picker.inputValue()).toBe('/admin/pages');
    await picker.selectOption({ label: 'سجل التدقيق' });
    await page.waitForURL('**/admin/audit');
    await page.getByRole('heading', { level: 2, name: 'سجل التدقيق' }).waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await expectNoAxeViolations(page);
    expect(consoleErrors).toEqual([]);
  });

  it('keeps the tab links on a desktop', async () => {
    const { page } = await browser.newPage();
    await signInAsAdmin(page, inject('adminEmail'), inject('adminPassword'));
    await page.goto('/admin/pages');
    const nav = page.getByRole('navigation', { name: 'أقسام لوحة المشرف' });
    await nav.getByRole('link', { name: 'سجل التدقيق' }).waitFor();
    expect(await page.getByRole('combobox', { name: 'أقسام لوحة المشرف' }).isVisible()).toBe(false);
  });
});

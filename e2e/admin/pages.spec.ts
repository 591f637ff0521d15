import type { Locator, Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { field, openAsAdmin } from '../fixtures/accounts';
import { expectNoAxeViolations, useBrowser } from '../fixtures/browser';

const browser = useBrowser();
const asAdmin = () => openAsAdmin(browser);

const seen = (page: Page, text: string) => page.getByText(text, { exact: true }).first().waitFor();
const XSS = '<img src=x onerror="window.__xss=1"><script>window.__xss=2</script>';

/** Opens the editor of the page at /slug from the pages tab. */
async function openEditor(page: Page, slug: string) {
  await page.goto('/admin/pages');
  const table = page.getByRole('table', { name: 'جدول الصفحات' });
  await table.waitFor();
  await table
    .locator('tbody tr')
    .filter({ has: page.getByText(`/${slug}`, { exact: true }) })
    .getByRole('button', { name: /^تعديل/ })
    .click();
  const dialog = page.getByRole('dialog', { name: /^تعديل صفحة/ });
  await dialog.waitFor();
  return { table, dialog, content: dialog.getByLabel('محتوى الصفحة (HTML)'), title: dialog.getByLabel(field('عنوان الصفحة')) };
}

async function save(page: Page, dialog: Locator) {
  await dialog.getByRole('button', { name: 'حفظ التغييرات' }).click();
  await seen(page, 'تم حفظ التغييرات بنجاح');
  await dialog.waitFor({ state: 'hidden' });
}

describe('admin pages tab', () => {
  it('lists the pages by title with /slug and last update', async () => {
    const { page, consoleErrors } = await asAdmin();
    await page.goto('/admin/pages');
    const table = page.getByRole('table', { name: 'جدول الصفحات' });
    await table.waitFor();
    for (const slug of ['about', 'support', 'privacy', 'terms', 'how-to-prepare-cv']) {
      expect(await table.getByText(`/${slug}`, { exact: true }).count()).toBe(1);
    }
    expect(await table.getByRole('columnheader', { name: 'آخر تحديث' }).count()).toBe(1);
    await expectNoAxeViolations(page);
    expect(consoleErrors).toEqual([]);
  });

  it('saves the about page through the editor; the stored and public page carry no script, and none runs', async () => {
    const { page } = await asAdmin();
    const editor = await openEditor(page, 'about');
    await expectNoAxeViolations(page);
    const originalTitle = await editor.title.inputValue();
    const originalContent = await editor.content.inputValue();

    // A title is required.
    await editor.title.fill(' ');
    await editor.dialog.getByRole('button', { name: 'حفظ التغييرات' }).click();
    await editor.dialog.getByText('يرجى إدخال عنوان للصفحة').waitFor();
    const marker = `نص اختبار ${Date.now()}`;
    const renamed = `${originalTitle} ${marker}`;
    await editor.title.fill(renamed);

    await editor.content.fill(`<h2>عن سيرة</h2><p>${marker}</p>${XSS}`);
    await save(page, editor.dialog);

    // Sanitised on the server: what is stored has neither the handler nor the script.
    const stored = (await (await page.request.get('/api/admin/pages')).json()) as Array<{ slug: string; content: string }>;
    const about = stored.find((p) => p.slug === 'about');
    expect(about?.content).toContain(marker);
    expect(about?.content).not.toMatch(/onerror|<script|__xss/);

    const dialogs: string[] = [];
    page.on('dialog', (d) => {
      dialogs.push(d.message());
      void d.dismiss();
    });
    await page.goto('/about');
    await page.getByText(marker, { exact: true }).waitFor();
    await page.waitForTimeout(300);
    expect(await page.evaluate(() => (window as { __xss?: unknown }).__xss)).toBeUndefined();
    expect(await page.locator('article script').count()).toBe(0);
    expect(await page.locator('article [onerror]').count()).toBe(0);
    expect(dialogs).toEqual([]);
    // The tab carries the new title, not the one the page was prerendered with.
    await page.getByRole('heading', { level: 1, name: renamed }).waitFor();
    await expect.poll(() => page.title()).toBe(`${renamed} | سيرة`);

    // Put the page back as it was for the other journeys.
    const again = await openEditor(page, 'about');
    await again.title.fill(originalTitle);
    await again.content.fill(originalContent);
    await save(page, again.dialog);
  });

  it('records the save in the audit tab, newest first, with before and after', async () => {
    const { page } = await asAdmin();
    const editor = await openEditor(page, 'terms');
    const content = await editor.content.inputValue();
    await editor.content.fill(`${content}\n<p>تحديث ${Date.now()}</p>`);
    await save(page, editor.dialog);

    await page.goto('/admin/audit');
    const table = page.getByRole('table', { name: 'جدول سجل التدقيق' });
    await table.waitFor();
    const top = table.locator('tbody tr').first();
    const text = (await top.textContent()) ?? '';
    expect(text).toContain(inject('adminEmail'));
    expect(text).toContain('تعديل');
    expect(text).toContain('صفحة');
    await expectNoAxeViolations(page);

    await top.getByRole('button', { name: 'عرض التفاصيل' }).click();
    const details = page.getByRole('dialog', { name: 'تفاصيل التعديل' });
    await details.waitFor();
    expect(await details.textContent()).toContain('"slug": "terms"');
    expect(await details.getByRole('heading', { name: 'قبل' }).count()).toBe(1);
    expect(await details.getByRole('heading', { name: 'بعد' }).count()).toBe(1);
    await expectNoAxeViolations(page);

    // Restore.
    const restore = await openEditor(page, 'terms');
    await restore.content.fill(content);
    await save(page, restore.dialog);
  });

  it('says so when a save fails, and keeps the editor open', async () => {
    const { page } = await asAdmin();
    await page.route('**/api/admin/pages/*', (route) =>
      route.request().method() === 'PUT'
        ? route.fulfill({ status: 500, contentType: 'application/json', body: '{"code":"INTERNAL"}' })
        : route.continue(),
    );
    const editor = await openEditor(page, 'support');
    await editor.dialog.getByRole('button', { name: 'حفظ التغييرات' }).click();
    await seen(page, 'فشل حفظ الصفحة');
    expect(await editor.dialog.isVisible()).toBe(true);
  });
});

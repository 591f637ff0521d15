import type { Locator, Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { field, openAsAdmin } from '../fixtures/accounts';
import { expectNoAxeViolations, useBrowser } from '../fixtures/browser';

const browser = useBrowser();
const asAdmin = () => openAsAdmin(browser);

const seen = (page: Page, text: string) => page.getByText(text, { exact: true }).first().waitFor();
const XSS = '<img src=x onerror="window.__xss=1"><script>window.__xss=2</script>';

interface StoredPage {
  id: string;
  slug: string;
  title: string;
  content: string;
}
const storedPage = async (page: Page, slug: string) =>
  ((await (await page.request.get('/api/admin/pages')).json()) as StoredPage[]).find((p) => p.slug === slug) as StoredPage;
/** Puts a page back as it was for the other journeys, through the API (the editor takes text, not HTML). */
async function restorePage(page: Page, original: StoredPage) {
  const res = await page.request.put(`/api/admin/pages/${original.id}`, { data: { title: original.title, content: original.content } });
  expect(res.status()).toBe(200);
}

/** Replaces everything in the rich-text editor with a heading and a paragraph typed through the toolbar. */
async function typeContent(page: Page, dialog: Locator, heading: string, paragraph: string) {
  const editor = dialog.getByRole('textbox', { name: 'محتوى الصفحة' });
  await editor.click();
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.press('Delete');
  await dialog.getByRole('button', { name: 'عنوان رئيسي' }).click();
  await page.keyboard.type(heading);
  await page.keyboard.press('Enter');
  await page.keyboard.type(paragraph);
}

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
  const content = dialog.getByRole('textbox', { name: 'محتوى الصفحة' });
  await content.waitFor();
  return { table, dialog, content, preview: dialog.getByTestId('page-preview'), title: dialog.getByLabel(field('عنوان الصفحة')) };
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

  it('edits the about page right to left with a live preview; the stored and public page carry no script, and none runs', async () => {
    const { page } = await asAdmin();
    const original = await storedPage(page, 'about');
    const editor = await openEditor(page, 'about');
    await expectNoAxeViolations(page);
    const originalTitle = await editor.title.inputValue();

    // Arabic text is written and read right to left, with no tags to type.
    expect(await editor.content.getAttribute('dir')).toBe('rtl');
    expect(await editor.content.evaluate((el) => getComputedStyle(el).direction)).toBe('rtl');
    expect(await editor.content.evaluate((el) => (el as HTMLElement).isContentEditable)).toBe(true);
    // The saved page opens in the editor and in the preview.
    const firstHeading = /<h2>([^<]+)<\/h2>/.exec(original.content)?.[1] ?? '';
    expect(await editor.content.getByRole('heading', { level: 2, name: firstHeading }).count()).toBe(1);
    expect(await editor.preview.getByRole('heading', { level: 2, name: firstHeading }).count()).toBe(1);

    // A title is required.
    await editor.title.fill(' ');
    await editor.dialog.getByRole('button', { name: 'حفظ التغييرات' }).click();
    await editor.dialog.getByText('يرجى إدخال عنوان للصفحة').waitFor();
    const marker = `نص اختبار ${Date.now()}`;
    const renamed = `${originalTitle} ${marker}`;
    await editor.title.fill(renamed);

    // Markup typed into the editor is text, never HTML.
    await typeContent(page, editor.dialog, 'عن سيرة', `${marker} ${XSS}`);
    // The preview follows as the visitor will see it: the new title, the heading and the text.
    await editor.preview.getByRole('heading', { name: renamed }).waitFor();
    await editor.preview.getByRole('heading', { level: 2, name: 'عن سيرة' }).waitFor();
    await editor.preview.getByText(`${marker} ${XSS}`, { exact: true }).waitFor();
    expect(await editor.preview.locator('img, script').count()).toBe(0);
    await save(page, editor.dialog);

    const about = await storedPage(page, 'about');
    expect(about.content).toContain(`<h2>عن سيرة</h2><p>${marker}`);
    expect(about.content).not.toMatch(/<img|<script/);

    const dialogs: string[] = [];
    page.on('dialog', (d) => {
      dialogs.push(d.message());
      void d.dismiss();
    });
    await page.goto('/about');
    await page.getByText(`${marker} ${XSS}`, { exact: true }).waitFor();
    await page.waitForTimeout(300);
    expect(await page.evaluate(() => (window as { __xss?: unknown }).__xss)).toBeUndefined();
    expect(await page.locator('article script').count()).toBe(0);
    expect(await page.locator('article [onerror]').count()).toBe(0);
    expect(dialogs).toEqual([]);
    // The tab carries the new title, not the one the page was prerendered with.
    await page.getByRole('heading', { level: 1, name: renamed }).waitFor();
    await expect.poll(() => page.title()).toBe(`${renamed} | سيرة`);

    await restorePage(page, original);
  });

  it('says after saving what the server removed, when its cleaning changed anything', async () => {
    const { page } = await asAdmin();
    const original = await storedPage(page, 'support');
    // HTML from elsewhere than this editor (an older tab, a script) reaches the same server: here the request
    // the editor sends carries a script, a frame and a style that the server, not the page, takes out.
    await page.route('**/api/admin/pages/*', (route) => {
      if (route.request().method() !== 'PUT') return route.continue();
      const body = route.request().postDataJSON() as { title: string; content: string };
      return route.continue({
        postData: JSON.stringify({
          ...body,
          content: `${body.content}<p style="color:red">x</p>${XSS}<iframe src="https://e.example"></iframe>`,
        }),
      });
    });
    const editor = await openEditor(page, 'support');
    await save(page, editor.dialog);
    await seen(page, 'حُفظ المحتوى بعد حذف ما لا يُسمح به — العناصر: iframe، script؛ السمات: onerror، style.');
    const stored = await storedPage(page, 'support');
    expect(stored.content).not.toMatch(/<script|<iframe|onerror|style=/);
    await page.unroute('**/api/admin/pages/*');

    // A save that removes nothing says nothing of the kind.
    const again = await openEditor(page, 'support');
    await save(page, again.dialog);
    await page.waitForTimeout(300);
    expect(await page.getByText(/حُفظ المحتوى بعد حذف/).count()).toBe(0);
    await restorePage(page, original);
  });

  it('records the save in the audit tab, newest first, with its fields before and after, and filters it', {
    timeout: 120_000,
  }, async () => {
    const { page } = await asAdmin();
    const original = await storedPage(page, 'terms');
    const editor = await openEditor(page, 'terms');
    await editor.content.click();
    await page.keyboard.press('ControlOrMeta+End');
    await page.keyboard.press('Enter');
    const stamp = `تحديث ${Date.now()}`;
    await page.keyboard.type(stamp);
    await save(page, editor.dialog);

    await page.goto('/admin/audit');
    const table = page.getByRole('table', { name: 'جدول سجل التدقيق' });
    await table.waitFor();
    const top = table.locator('tbody tr').first();
    const text = (await top.textContent()) ?? '';
    expect(text).toContain(inject('adminEmail'));
    expect(text).toContain('تعديل');
    expect(text).toContain('صفحة');
    // The row names the page and what changed, in Arabic: no id, no field's code.
    expect(text).toContain(`صفحة: ${original.title}`);
    expect(text).toContain('المحتوى (تغيّر)');
    expect(text).not.toContain(original.id);
    await expectNoAxeViolations(page);

    await top.getByRole('button', { name: 'عرض التفاصيل' }).click();
    const details = page.getByRole('dialog', { name: 'تفاصيل التعديل' });
    await details.waitFor();
    // Before and after as a readable list of fields, not JSON: the unchanged address and the changed text.
    const fields = details.getByRole('table', { name: 'الحقول قبل التعديل وبعده' });
    const slug = fields.getByRole('row').filter({ has: page.getByRole('cell', { name: 'الرابط', exact: true }) });
    expect(await slug.getByRole('cell', { name: 'terms', exact: true }).count()).toBe(2);
    const content = fields.getByRole('row').filter({ has: page.getByText('المحتوى', { exact: true }) });
    expect(await content.getByText('تغيّر', { exact: true }).count()).toBe(1);
    expect(await content.textContent()).toContain(stamp);
    expect(await details.textContent()).not.toMatch(/"slug"|<p>|pages\.update/);
    expect(await details.textContent()).toContain(`صفحة: ${original.title}`);
    await expectNoAxeViolations(page);
    await details.getByRole('button', { name: 'إغلاق' }).first().click();
    await details.waitFor({ state: 'hidden' });

    // Filtered on the server by administrator, action, entity and days: this save is found, and a day before
    // it finds nothing.
    const filters = page.getByRole('search', { name: 'تصفية السجل' });
    await filters.getByLabel('المشرف', { exact: true }).click();
    await page.getByRole('option', { name: inject('adminEmail') }).click();
    await filters.getByLabel('الإجراء', { exact: true }).click();
    await page.getByRole('option', { name: 'تعديل' }).click();
    await filters.getByLabel('العنصر', { exact: true }).click();
    await page.getByRole('option', { name: 'صفحة' }).click();
    const today = new Date().toLocaleDateString('en-CA');
    await filters.getByLabel('من تاريخ').fill(today);
    await filters.getByLabel('إلى تاريخ').fill(today);
    // Each filter is applied on its own request; wait until the table shows the answer to all of them.
    const matchesAll = (r: string) => r.includes(inject('adminEmail')) && r.includes('تعديل') && r.includes('صفحة');
    await expect
      .poll(async () => {
        const rows = await table.locator('tbody tr').allTextContents();
        return rows.length > 0 && rows.every(matchesAll);
      })
      .toBe(true);
    const yesterday = new Date(Date.now() - 86_400_000).toLocaleDateString('en-CA');
    await filters.getByLabel('إلى تاريخ').fill(yesterday);
    await page.getByText('لا توجد تعديلات تطابق التصفية.').waitFor();
    await filters.getByRole('button', { name: 'إلغاء التصفية' }).click();
    await table.waitFor();

    await restorePage(page, original);
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

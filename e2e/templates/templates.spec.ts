import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { field, openAsAdmin } from '../fixtures/accounts';
import { expectNoAxeViolations, useBrowser } from '../fixtures/browser';

const browser = useBrowser();
const asAdmin = () => openAsAdmin(browser);

/** A toast (or the same text inline): the first match is enough. */
const seen = (page: Page, text: string) => page.getByText(text, { exact: true }).first().waitFor();

describe('admin templates tab', () => {
  it('adds a template through the modal with the spec’s rules, edits it inline one row at a time, and deletes it after confirming', {
    timeout: 180_000,
  }, async () => {
    const { page, consoleErrors } = await asAdmin();
    await page.goto('/admin/templates');
    const table = page.getByRole('table', { name: 'جدول قوالب الرسائل' });
    await table.waitFor();
    expect(await table.locator('tbody tr').count()).toBeGreaterThan(0);
    await expectNoAxeViolations(page);

    // Add: name and content first, then at least one package.
    await page.getByRole('button', { name: 'إضافة قالب' }).click();
    const dialog = page.getByRole('dialog', { name: 'إضافة قالب جديد' });
    await dialog.waitFor();
    await expectNoAxeViolations(page);
    await dialog.getByRole('button', { name: 'حفظ' }).click();
    await dialog.getByText('يرجى تعبئة جميع الحقول المطلوبة').waitFor();
    const name = `قالب اختبار ${Date.now()}`;
    await dialog.getByLabel(field('اسم القالب')).fill(name);
    await dialog.getByLabel(field('عنوان الرسالة')).fill('طلب وظيفة');
    // The content is written right to left in the editor, placeholders from its toolbar; markup typed is text.
    const content = dialog.getByRole('textbox', { name: 'محتوى القالب' });
    expect(await content.getAttribute('dir')).toBe('rtl');
    expect(await content.evaluate((el) => getComputedStyle(el).direction)).toBe('rtl');
    await content.click();
    await page.keyboard.type('السلام عليكم ');
    await dialog.getByRole('button', { name: 'إدراج «اسم الشركة»' }).click();
    await page.keyboard.type(' <script>window.__xss=1</script>');
    // The live preview shows the message as the company will get it: the placeholder filled with a sample.
    const preview = dialog.frameLocator('iframe[title="معاينة محتوى الرسالة"]');
    await preview.getByText('السلام عليكم شركة المثال <script>window.__xss=1</script>', { exact: true }).waitFor();
    await dialog.getByText('الموضوع: طلب وظيفة', { exact: true }).waitFor();
    await dialog.getByRole('button', { name: 'حفظ' }).click();
    await dialog.getByText('يرجى اختيار باقة واحدة على الأقل').waitFor();
    await dialog.getByRole('checkbox', { name: 'باقة نمو' }).check();
    await dialog.getByRole('button', { name: 'حفظ' }).click();
    await seen(page, 'تمت إضافة القالب بنجاح');
    await dialog.waitFor({ state: 'hidden' });

    const row = table.locator('tbody tr').filter({ hasText: name });
    await row.waitFor();
    const rowText = (await row.textContent()) ?? '';
    expect(rowText).toContain('باقة نمو');
    expect(rowText).toContain('السلام عليكم');
    const stored = (await (await page.request.get('/api/admin/templates')).json()) as {
      templates: Array<{ name: string; content: string }>;
    };
    const saved = stored.templates.find((t) => t.name === name)?.content;
    expect(saved).toBe('<p>السلام عليكم {{company_name}} &lt;script&gt;window.__xss=1&lt;/script&gt;</p>');

    // Inline edit: one row at a time.
    await row.getByRole('button', { name: `تعديل ${name}` }).click();
    const editing = table.getByRole('row', { name: `تعديل القالب ${name}` });
    await editing.waitFor();
    const otherEdit = table
      .locator('tbody tr')
      .filter({ hasNot: page.getByRole('textbox') })
      .first()
      .getByRole('button', { name: /^تعديل/ });
    expect(await otherEdit.isDisabled()).toBe(true);
    expect(await page.getByRole('button', { name: 'إضافة قالب' }).isDisabled()).toBe(true);

    await editing.getByLabel('اسم القالب').fill('');
    await editing.getByRole('button', { name: 'حفظ' }).click();
    await seen(page, 'يرجى تعبئة جميع الحقول المطلوبة');
    const renamed = `${name} معدل`;
    await editing.getByLabel('اسم القالب').fill(renamed);
    await editing.getByRole('checkbox', { name: 'باقة نمو' }).uncheck();
    await editing.getByRole('button', { name: 'حفظ' }).click();
    await seen(page, 'يرجى اختيار باقة واحدة على الأقل');
    await editing.getByRole('checkbox', { name: 'باقة المحترف' }).check();
    // The subject has the width of the body it heads, not a narrow column's.
    const subjectBox = await editing.getByRole('textbox', { name: 'عنوان الرسالة' }).boundingBox();
    expect(subjectBox?.width ?? 0).toBeGreaterThanOrEqual(340);
    // The row's editor opens with the saved text, right to left; the preview opens on demand and follows it.
    const rowContent = editing.getByRole('textbox', { name: 'محتوى القالب' });
    expect(await rowContent.getAttribute('dir')).toBe('rtl');
    await rowContent.getByText(/^السلام عليكم \{\{company_name\}\}/).waitFor();
    await rowContent.click();
    await page.keyboard.press('ControlOrMeta+End');
    await page.keyboard.type(' وبعد');
    await editing.getByRole('button', { name: 'معاينة الرسالة' }).click();
    await editing
      .frameLocator('iframe')
      .getByText(/شركة المثال .* وبعد$/)
      .waitFor();
    // A style sent with the content (from anything but this editor) is taken out by the server, which says so.
    await page.route('**/api/admin/templates/*', (route) => {
      if (route.request().method() !== 'PUT') return route.continue();
      const body = route.request().postDataJSON() as { content: string };
      return route.continue({ postData: JSON.stringify({ ...body, content: `${body.content}<p style="color:red">ملاحظة</p>` }) });
    });
    await editing.getByRole('button', { name: 'حفظ' }).click();
    await seen(page, 'تم تحديث القالب بنجاح');
    await seen(page, 'حُفظ المحتوى بعد حذف ما لا يُسمح به — السمات: style.');
    await page.unroute('**/api/admin/templates/*');
    const updated = table.locator('tbody tr').filter({ hasText: renamed });
    await updated.waitFor();
    expect(await updated.textContent()).toContain('باقة المحترف');
    expect(await otherEdit.isDisabled()).toBe(false);

    // Delete, after confirming.
    await updated.getByRole('button', { name: `حذف ${renamed}` }).click();
    const confirm = page.getByRole('dialog', { name: 'حذف القالب' });
    await confirm.waitFor();
    expect(await confirm.textContent()).toContain('هل أنت متأكد من حذف هذا القالب؟');
    await confirm.getByRole('button', { name: 'حذف' }).click();
    await seen(page, 'تم حذف القالب بنجاح');
    await updated.waitFor({ state: 'detached' });
    expect(consoleErrors).toEqual([]);
  });

  it('says so when a delete fails, and keeps the row', async () => {
    const { page } = await asAdmin();
    await page.route('**/api/admin/templates/*', (route) =>
      route.request().method() === 'DELETE'
        ? route.fulfill({ status: 500, contentType: 'application/json', body: '{"code":"INTERNAL"}' })
        : route.continue(),
    );
    await page.goto('/admin/templates');
    const table = page.getByRole('table', { name: 'جدول قوالب الرسائل' });
    await table.waitFor();
    const first = table.locator('tbody tr').first();
    const before = await table.locator('tbody tr').count();
    await first.getByRole('button', { name: /^حذف/ }).click();
    await page.getByRole('dialog', { name: 'حذف القالب' }).getByRole('button', { name: 'حذف' }).click();
    await seen(page, 'فشل حذف القالب');
    expect(await table.locator('tbody tr').count()).toBe(before);
  });

  it('shows the load error with a retry button, and recovers', async () => {
    const { page } = await asAdmin();
    let fail = true;
    await page.route('**/api/admin/templates', (route) =>
      fail ? route.fulfill({ status: 500, contentType: 'application/json', body: '{"code":"INTERNAL"}' }) : route.continue(),
    );
    await page.goto('/admin/templates');
    await page.getByText('خطأ في جلب البيانات: حدث خطأ غير متوقع. يرجى المحاولة مرة أخرى.').first().waitFor({ timeout: 15_000 });
    await expectNoAxeViolations(page);
    fail = false;
    await page.getByRole('button', { name: 'إعادة المحاولة' }).click();
    await page.getByRole('table', { name: 'جدول قوالب الرسائل' }).waitFor();
  });
});

import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { field, signInAsAdmin } from '../fixtures/accounts';
import { expectNoAxeViolations, screenshot, useBrowser } from '../fixtures/browser';

const browser = useBrowser();
/** The real LibreOffice workbooks the server tests use. */
const fixtures = join(import.meta.dirname, '..', '..', 'apps', 'server', 'src', 'modules', 'companies', 'fixtures');
const fixture = (name: string) => join(fixtures, name);

async function openCompaniesTab() {
  const opened = await browser.newPage();
  await signInAsAdmin(opened.page, inject('adminEmail'), inject('adminPassword'));
  await opened.page.goto('/admin/companies');
  await opened.page.getByRole('heading', { name: 'الشركات', exact: true }).waitFor();
  return opened;
}

const table = (page: Page) => page.getByRole('table', { name: 'دليل الشركات' });
/** The rows rendered: the table renders those near the screen, between spacers for the others. */
const rows = (page: Page) => table(page).locator('tbody tr:not([data-spacer])');
const rowOf = (page: Page, text: string) => rows(page).filter({ hasText: text });
/** A toast (or any text) that appears, matched exactly or by a pattern. */
const seen = (page: Page, text: string | RegExp) =>
  page
    .getByText(text, { exact: typeof text === 'string' })
    .first()
    .waitFor({ timeout: 15_000 });
const toastsGone = (page: Page) =>
  expect.poll(() => page.locator('.mantine-Notification-root').count(), { timeout: 15_000, interval: 250 }).toBe(0);
/** Opens a Mantine select by its label and picks an option. */
async function choose(page: Page, label: string | RegExp, option: string) {
  await page.getByLabel(label).first().click();
  await page.getByRole('option', { name: option, exact: true }).click();
}
const failWith500 = (page: Page, pattern: string, method: string) =>
  page.route(pattern, (route) =>
    route.request().method() === method
      ? route.fulfill({ status: 500, contentType: 'application/json', body: '{"code":"INTERNAL"}' })
      : route.continue(),
  );

// The directory pages hold 1,000 rows each (spec §9), so every refetch re-renders a large table: these journeys
// get more time than the default minute on a busy machine.
describe('admin companies tab', { timeout: 360_000 }, () => {
  it('pages through the directory with the spec texts and no accessibility violation', async () => {
    const { page, consoleErrors } = await openCompaniesTab();
    await table(page).waitFor();
    await seen(page, /^عرض 1 إلى 1000 من \d+$/);
    const total = Number((await page.getByText(/^عرض 1 إلى 1000 من \d+$/).textContent())?.split(' ').pop());
    const pages = Math.ceil(total / 1000);
    await seen(page, `صفحة 1 من ${pages}`);
    // The page's 1,000 rows are all in the table for assistive technology, but only those near the screen are
    // rendered; the pager is above them, and the failed e-mails one link away.
    expect(await table(page).getAttribute('aria-rowcount')).toBe('1001');
    expect(await rows(page).count()).toBeLessThan(100);
    const pager = await page.getByRole('navigation', { name: 'صفحات الشركات', exact: true }).boundingBox();
    expect(pager && pager.y + pager.height <= (page.viewportSize()?.height ?? 0) * 2).toBe(true);
    await page.getByRole('link', { name: 'انتقل إلى الرسائل الفاشلة' }).click();
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('failed-emails');
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight / 2));
    await expect.poll(() => rows(page).first().getByRole('cell').first().textContent()).not.toBe('1');
    await page.evaluate(() => window.scrollTo(0, 0));
    await expectNoAxeViolations(page);
    await screenshot(page, 'admin-companies');

    // An edit left open on page 1 ends with the page: page 2's rows can be edited and deleted.
    await rows(page)
      .first()
      .getByRole('button', { name: /^تعديل / })
      .click();
    await rows(page).first().getByRole('button', { name: 'إلغاء' }).waitFor();
    expect(await page.getByRole('button', { name: /^حذف / }).first().isDisabled()).toBe(true);
    await page
      .getByRole('navigation', { name: 'صفحات الشركات', exact: true })
      .getByRole('button', { name: 'الصفحة 2', exact: true })
      .click();
    await seen(page, `عرض 1001 إلى ${Math.min(2000, total)} من ${total}`);
    await seen(page, `صفحة 2 من ${pages}`);
    expect(await rows(page).first().getByRole('cell').first().textContent()).toBe('1001');
    expect(
      await rows(page)
        .first()
        .getByRole('button', { name: /^تعديل / })
        .isEnabled(),
    ).toBe(true);
    expect(await rows(page).first().getByRole('button', { name: /^حذف / }).isEnabled()).toBe(true);
    expect(consoleErrors).toEqual([]);
  });

  it('adds with the spec rules, refuses a duplicate e-mail, searches, filters, edits inline and deletes after confirming', async () => {
    const { page } = await openCompaniesTab();
    const token = `e2e${Date.now()}`;
    const first = `شركة ${token} الأولى`;
    const second = `شركة ${token} الثانية`;
    const emailA = `first.${token}@firm.example`;

    // Add: each rule in the spec's order, then success.
    await page.getByRole('button', { name: 'إضافة شركة' }).click();
    const dialog = page.getByRole('dialog', { name: 'إضافة شركة' });
    await dialog.waitFor();
    await expectNoAxeViolations(page);
    await dialog.getByRole('button', { name: 'إضافة', exact: true }).click();
    await dialog.getByText('اسم الشركة والبريد الإلكتروني مطلوبان.').waitFor();
    await dialog.getByLabel(field('اسم الشركة')).fill(first);
    await dialog.getByLabel(field('البريد الإلكتروني')).fill('not-an-email');
    await dialog.getByRole('button', { name: 'إضافة', exact: true }).click();
    await dialog.getByText('البريد الإلكتروني غير صالح.').waitFor();
    await dialog.getByLabel(field('البريد الإلكتروني')).fill(emailA);
    await dialog.getByRole('button', { name: 'إضافة', exact: true }).click();
    await dialog.getByText('يرجى اختيار باقة للشركة.').waitFor();
    await choose(page, field('الباقة'), 'باقة نمو');
    await dialog.getByRole('button', { name: 'إضافة', exact: true }).click();
    await seen(page, 'تمت إضافة الشركة بنجاح');
    await dialog.waitFor({ state: 'hidden' });

    // The same e-mail again (other case) is refused with a clear message; the dialog stays open.
    await page.getByRole('button', { name: 'إضافة شركة' }).click();
    await dialog.getByLabel(field('اسم الشركة')).fill(second);
    await dialog.getByLabel(field('البريد الإلكتروني')).fill(emailA.toUpperCase());
    await choose(page, field('الباقة'), 'باقة نمو');
    await dialog.getByRole('button', { name: 'إضافة', exact: true }).click();
    await seen(page, /^خطأ في إضافة الشركة: توجد شركة أخرى بهذا البريد الإلكتروني/);
    await dialog.getByLabel(field('البريد الإلكتروني')).fill(`second.${token}@firm.example`);
    await dialog.getByRole('button', { name: 'إضافة', exact: true }).click();
    await dialog.waitFor({ state: 'hidden' });

    // Search finds both by name (and the count texts follow).
    await page.getByLabel(field('بحث')).fill(token);
    await expect.poll(() => rows(page).count(), { timeout: 15_000 }).toBe(2);
    await seen(page, 'عرض 1 إلى 2 من 2');
    await seen(page, 'صفحة 1 من 1');
    await page.getByLabel(field('بحث')).fill(`FIRST.${token}`);
    await expect.poll(() => rows(page).count(), { timeout: 15_000 }).toBe(1);
    await page.getByLabel(field('بحث')).fill(token);
    await expect.poll(() => rows(page).count(), { timeout: 15_000 }).toBe(2);

    // Inline edit: one row at a time, the other row's actions disabled; cancel restores it.
    const rowA = rowOf(page, emailA);
    const rowB = rowOf(page, second);
    await page.getByRole('button', { name: `تعديل ${first}` }).click();
    const editing = page.getByRole('row', { name: `تعديل الشركة ${first}` });
    await editing.waitFor();
    expect(await rowB.getByRole('button', { name: `تعديل ${second}` }).isDisabled()).toBe(true);
    expect(await rowB.getByRole('button', { name: `حذف ${second}` }).isDisabled()).toBe(true);
    await editing.getByLabel('اسم الشركة').fill('');
    expect(await editing.getByRole('button', { name: 'حفظ' }).isDisabled()).toBe(true);
    await editing.getByLabel('اسم الشركة').fill(`${first} معدلة`);
    await editing.getByRole('button', { name: 'إلغاء' }).click();
    await editing.waitFor({ state: 'hidden' });
    await rowA.getByText(first, { exact: true }).waitFor();
    expect(await rowB.getByRole('button', { name: `تعديل ${second}` }).isEnabled()).toBe(true);

    // Inline edit, saved.
    await page.getByRole('button', { name: `تعديل ${first}` }).click();
    await editing.getByLabel('القطاع').fill('الطاقة');
    await editing.getByLabel('الموقع').fill('جدة');
    await editing.getByRole('button', { name: 'حفظ' }).click();
    await seen(page, 'تم تحديث الشركة بنجاح');
    await editing.waitFor({ state: 'hidden' });
    await rowA.getByText('الطاقة', { exact: true }).waitFor();

    // A failed save says so with the spec prefix.
    await failWith500(page, '**/api/admin/companies/*', 'PUT');
    await page.getByRole('button', { name: `تعديل ${first}` }).click();
    await editing.getByRole('button', { name: 'حفظ' }).click();
    await seen(page, /^خطأ في تحديث الشركة: /);
    await editing.getByRole('button', { name: 'إلغاء' }).click();
    await page.unroute('**/api/admin/companies/*');

    // Package filter.
    await choose(page, 'تصفية حسب الباقة', 'باقة المحترف');
    await seen(page, 'لا توجد شركات تطابق البحث أو التصفية.');
    await choose(page, 'تصفية حسب الباقة', 'باقة نمو');
    await expect.poll(() => rows(page).count(), { timeout: 15_000 }).toBe(2);
    expect(await rowA.getByText('باقة نمو', { exact: true }).count()).toBe(1);

    // Delete asks first, says it cannot be undone; cancelling keeps the company.
    const confirm = page.getByRole('dialog', { name: 'حذف الشركة' });
    await rowB.getByRole('button', { name: `حذف ${second}` }).click();
    await confirm.waitFor();
    await confirm.getByText('لا يمكن التراجع عن هذا الإجراء.').waitFor();
    await expectNoAxeViolations(page);
    await confirm.getByRole('button', { name: 'إلغاء' }).first().click();
    await confirm.waitFor({ state: 'hidden' });
    expect(await rowB.count()).toBe(1);

    await failWith500(page, '**/api/admin/companies/*', 'DELETE');
    await rowB.getByRole('button', { name: `حذف ${second}` }).click();
    await confirm.getByRole('button', { name: 'حذف', exact: true }).click();
    await seen(page, /^خطأ في حذف الشركة: /);
    await page.unroute('**/api/admin/companies/*');
    await toastsGone(page);

    await rowB.getByRole('button', { name: `حذف ${second}` }).click();
    await confirm.getByRole('button', { name: 'حذف', exact: true }).click();
    await seen(page, 'تم حذف الشركة بنجاح');
    await expect.poll(() => rowB.count()).toBe(0);
    expect(await rowA.count()).toBe(1);
    // The delete button that opened the dialog is gone: focus lands on the tab's heading, not the page's top.
    await expect
      .poll(() => page.evaluate(() => `${document.activeElement?.tagName} ${document.activeElement?.textContent}`))
      .toBe('H2 الشركات');
  });

  it('imports real Excel files and reports each outcome as the spec says', async () => {
    const { page, consoleErrors } = await openCompaniesTab();
    const input = page.locator('input[type="file"]');
    const upload = page.getByRole('button', { name: 'رفع الملف' });
    expect(await upload.isDisabled()).toBe(true);

    // Not an Excel name: refused in the browser.
    await input.setInputFiles({ name: 'companies.csv', mimeType: 'text/csv', buffer: readFileSync(fixture('companies.csv')) });
    await seen(page, 'يرجى اختيار ملف Excel فقط');
    expect(await upload.isDisabled()).toBe(true);

    // The LibreOffice .xlsx: added, skipped and duplicate rows counted.
    await input.setInputFiles(fixture('companies.xlsx'));
    await upload.click();
    await seen(page, /^\d+ شركة أضيفت بنجاح، وتم تخطي 4 صف غير صالح/);
    await page.getByText('نتيجة آخر رفع').waitFor();
    await page.getByText('الصف 4: لا يوجد بريد إلكتروني').waitFor();
    // Duplicates are named by their row, with the row they repeat.
    await page.getByText(/^الصف 8: hr@ufuq\.example — مكرر للصف 2 في الملف$/).waitFor();
    await expectNoAxeViolations(page);
    await page.getByLabel(field('بحث')).fill('ufuq');
    await rowOf(page, 'شركة الأفق للتقنية').waitFor();
    await toastsGone(page);

    // The same file again adds nothing: a warning.
    await input.setInputFiles(fixture('companies.xlsx'));
    await upload.click();
    await seen(page, /^لم تتم إضافة أي شركة: تم تخطي 4 صف غير صالح/);
    await page.getByText(/^الصف 2: hr@ufuq\.example — موجود في الدليل$/).waitFor();

    // No package column: a default package is needed.
    await input.setInputFiles(fixture('no-package-column.xlsx'));
    await upload.click();
    await seen(page, 'يرجى اختيار باقة افتراضية أو التأكد من وجود عمود "الباقة" في الملف.');
    await choose(page, 'الباقة الافتراضية', 'باقة نمو');
    await upload.click();
    await seen(page, '2 شركة أضيفت بنجاح');

    // English headers are read like the Arabic ones; headers naming no e-mail column get one message naming them.
    await input.setInputFiles(fixture('english-headers.xlsx'));
    await upload.click();
    await seen(page, /^2 شركة أضيفت بنجاح|^لا توجد شركات جديدة صالحة للإضافة/);
    await toastsGone(page);
    await input.setInputFiles(fixture('unknown-headers.xlsx'));
    await upload.click();
    await seen(
      page,
      /^فشل في معالجة الملف: لم نتعرف على عناوين الأعمدة في الصف الأول.*اسم الشركة، البريد الإلكتروني، القطاع، الموقع، الباقة/,
    );

    // Formula cells: stored as the text they show, and listed with their row and column.
    await input.setInputFiles(fixture('formula-cells.xls'));
    await upload.click();
    await page
      .getByTestId('import-formula-cells')
      .getByText(/^3 خلايا فيها صيغة بدل قيمة/)
      .waitFor();
    await page.getByTestId('import-formula-cells').getByText('الصف 2، عمود «اسم الشركة»').waitFor();
    await expectNoAxeViolations(page);
    await page.getByLabel(field('بحث')).fill('formula-link@firm.example');
    await rowOf(page, 'formula-link@firm.example').getByText('click', { exact: true }).waitFor();

    // Empty and fake workbooks.
    await input.setInputFiles(fixture('header-only.xlsx'));
    await upload.click();
    await seen(page, 'الملف فارغ.');
    await input.setInputFiles({
      name: 'fake.xlsx',
      mimeType: 'application/octet-stream',
      buffer: Buffer.from('name,email\nA,a@b.example\n'),
    });
    await upload.click();
    await seen(page, /^فشل في معالجة الملف: محتوى الملف ليس ملف Excel حقيقياً/);
    expect(consoleErrors.filter((e) => !e.includes('Failed to load resource'))).toEqual([]);
  });

  it('wraps a long unbroken company name instead of pushing the other columns off the screen', async () => {
    const { page } = await openCompaniesTab();
    const token = `long${Date.now()}`;
    const name = `${token}${'ش'.repeat(250)}`;
    const options = (await (await page.request.get('/api/admin/companies/packages')).json()) as Array<{ id: string }>;
    const added = await page.request.post('/api/admin/companies', {
      data: { name, email: `${token}@firm.example`, sector: 'تقنية', location: 'الرياض', packageId: options[0]?.id },
    });
    expect(added.status()).toBe(201);
    await page.getByLabel(field('بحث')).fill(token);
    const row = rowOf(page, `${token}@firm.example`);
    await row.waitFor();
    const scroller = await table(page).evaluate((t) => {
      const container = t.parentElement as HTMLElement;
      return { scrollWidth: container.scrollWidth, clientWidth: container.clientWidth };
    });
    expect(scroller.scrollWidth).toBeLessThanOrEqual(scroller.clientWidth + 1);
    const remove = await row.getByRole('button', { name: /^حذف / }).boundingBox();
    const viewport = page.viewportSize();
    expect(remove && viewport && remove.x >= 0 && remove.x + remove.width <= viewport.width).toBe(true);
    await screenshot(page, 'admin-companies-long-name');
  });

  it('shows the load errors with retry buttons, and recovers', async () => {
    const opened = await browser.newPage();
    const { page } = opened;
    let fail = true;
    await page.route(/\/api\/admin\/companies\?/, (route) =>
      fail ? route.fulfill({ status: 500, contentType: 'application/json', body: '{"code":"INTERNAL"}' }) : route.continue(),
    );
    await page.route(/\/api\/admin\/failed-emails\?/, (route) =>
      fail ? route.fulfill({ status: 500, contentType: 'application/json', body: '{"code":"INTERNAL"}' }) : route.continue(),
    );
    await signInAsAdmin(page, inject('adminEmail'), inject('adminPassword'));
    await page.goto('/admin/companies');
    await seen(page, /^خطأ في جلب البيانات: /);
    await seen(page, /^خطأ في جلب البريد الفاشل: /);
    fail = false;
    await page.getByRole('button', { name: 'إعادة المحاولة' }).first().click();
    await table(page).waitFor();
    await page.getByRole('button', { name: 'إعادة المحاولة' }).first().click();
    await page.getByText('لا توجد رسائل فاشلة.').waitFor();
  });

  it('lists failed e-mails newest first; a row opens its details', async () => {
    const opened = await browser.newPage();
    const { page } = opened;
    const reason = '550 5.1.1 The email account that you tried to reach does not exist. Please try double-checking the recipient.';
    await page.route(/\/api\/admin\/failed-emails\?/, (route) =>
      route.fulfill({
        status: 200,
        contentType: 'application/json',
        body: JSON.stringify({
          items: [
            {
              id: '00000000-0000-4000-8000-000000000002',
              email: 'hr@gone.example',
              userEmail: 'seeker@sira.example',
              error: reason,
              createdAt: '2030-01-02T10:00:00.000Z',
            },
            {
              id: '00000000-0000-4000-8000-000000000001',
              email: 'jobs@late.example',
              userEmail: 'seeker@sira.example',
              error: 'timeout',
              createdAt: '2030-01-01T10:00:00.000Z',
            },
          ],
          total: 2,
          page: 1,
          pageSize: 50,
          pageCount: 1,
        }),
      }),
    );
    await signInAsAdmin(page, inject('adminEmail'), inject('adminPassword'));
    await page.goto('/admin/companies');
    const failures = page.getByRole('table', { name: 'البريد الفاشل' });
    await failures.waitFor();
    expect(await failures.locator('tbody tr').first().textContent()).toContain('hr@gone.example');
    await failures.locator('tbody tr', { hasText: 'hr@gone.example' }).getByRole('cell').nth(1).click();
    const details = page.getByRole('dialog', { name: 'تفاصيل البريد الفاشل' });
    await details.waitFor();
    await details.getByText(reason).waitFor();
    await details.getByText('seeker@sira.example').waitFor();
    await expectNoAxeViolations(page);
    await details.getByRole('button', { name: 'إغلاق' }).first().click();
    await details.waitFor({ state: 'hidden' });
    // By keyboard: the e-mail in the row is a button.
    await failures.getByRole('button', { name: 'jobs@late.example' }).focus();
    await page.keyboard.press('Enter');
    await details.getByText('timeout', { exact: true }).waitFor();
  });
});

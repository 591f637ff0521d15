import { describe, expect, it } from 'vitest';
import { field } from '../fixtures/accounts';
import { expectNoAxeViolations, useBrowser } from '../fixtures/browser';
import { choose, companiesTimeout, failWith500, openCompaniesTab, rowOf, rows, seen, toastsGone } from './companies-helpers';

const browser = useBrowser();

describe('admin companies tab', companiesTimeout, () => {
  it('adds with the spec rules, refuses a duplicate e-mail, searches, filters, edits inline and deletes after confirming', async () => {
    const { page } = await openCompaniesTab(browser);
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
});

import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { field, signInAsAdmin } from '../fixtures/accounts';
import { expectNoAxeViolations, screenshot, useBrowser } from '../fixtures/browser';

const browser = useBrowser();
async function fresh() {
  const opened = await browser.newPage();
  return opened;
}

async function openPackagesTab(page: Page) {
  await signInAsAdmin(page, inject('adminEmail'), inject('adminPassword'));
  await page.goto('/admin/packages');
  await page.getByRole('heading', { name: 'الباقات' }).waitFor();
}

const rowOf = (page: Page, name: string) => page.locator('tbody tr', { hasText: name });

describe('admin packages tab', () => {
  it('adds with the spec defaults, refuses a duplicate name, edits, cancels and deletes after confirmation', async () => {
    const { page } = await fresh();
    await openPackagesTab(page);
    const trial = rowOf(page, 'تجريبي');
    await trial.waitFor();
    await trial.getByText('محجوزة').waitFor();
    expect(await trial.getByRole('button', { name: 'حذف الباقة تجريبي' }).isDisabled()).toBe(true);
    // A disabled delete says why, beside the button (a disabled button takes neither focus nor hover).
    await trial.getByText('لا تُحذف: يعتمد عليها النظام').waitFor();
    await rowOf(page, 'باقة نمو')
      .getByText(/^لا تُحذف: يستخدمها .*مستخدم.* و.*شرك.*$/)
      .waitFor();
    await expectNoAxeViolations(page);
    await screenshot(page, 'admin-packages');

    // Add: the form starts from the spec's defaults and requires a name.
    await page.getByRole('button', { name: 'إضافة باقة' }).click();
    const add = page.getByRole('dialog', { name: 'إضافة باقة جديدة' });
    await add.waitFor();
    expect(await add.getByLabel(field('السعر \\(ريال\\)')).inputValue()).toBe('0');
    expect(await add.getByLabel(field('عدد الرسائل')).inputValue()).toBe('0');
    expect(await add.getByLabel(field('المزايا')).inputValue()).toBe('');
    expect(await add.getByLabel('السماح برفع ملف Excel').isChecked()).toBe(false);
    await expectNoAxeViolations(page);
    await add.getByRole('button', { name: 'حفظ' }).click();
    await add.getByText('يرجى إدخال اسم الباقة').waitFor();
    // Focus goes to the field at fault, which scrolls it into view however far down the dialog was.
    expect(await add.getByLabel(field('اسم الباقة')).evaluate((input) => input === document.activeElement)).toBe(true);

    const name = `باقة e2e ${Date.now()}`;
    await add.getByLabel(field('اسم الباقة')).fill(name);
    // Between free and Paylink's minimum a card could be shown but never bought.
    await add.getByLabel(field('السعر \\(ريال\\)')).fill('3');
    await add.getByRole('button', { name: 'حفظ' }).click();
    await add.getByText('السعر إما 0 لباقة مجانية أو 5 ريالات على الأقل، وهو أقل مبلغ تقبله بوابة الدفع.').waitFor();
    expect(await add.getByLabel(field('السعر \\(ريال\\)')).evaluate((input) => input === document.activeElement)).toBe(true);
    await add.getByLabel(field('السعر \\(ريال\\)')).fill('45');
    await add.getByLabel(field('عدد الرسائل')).fill('150');
    await add.getByLabel(field('المزايا')).fill('ميزة أولى\n\nميزة ثانية');
    await add.getByLabel('السماح برفع ملف Excel').check();
    await add.getByRole('button', { name: 'حفظ' }).click();
    await page.getByText('تمت إضافة الباقة بنجاح').first().waitFor();
    await add.waitFor({ state: 'hidden' });
    const row = rowOf(page, name);
    await row.waitFor();
    expect(await row.getByRole('cell').nth(1).textContent()).toBe('45 ريال');
    expect(await row.getByRole('cell').nth(2).textContent()).toBe('150');
    expect(await row.getByRole('cell').nth(3).textContent()).toBe('نعم');

    // A second package with an existing name is refused with a clear message.
    await page.getByRole('button', { name: 'إضافة باقة' }).click();
    await add.waitFor();
    await add.getByLabel(field('اسم الباقة')).fill('باقة نمو');
    await add.getByRole('button', { name: 'حفظ' }).click();
    await add.getByText('يوجد باقة بهذا الاسم بالفعل. اختر اسماً آخر.').waitFor();
    await add.getByRole('button', { name: 'إلغاء' }).first().click();
    await add.waitFor({ state: 'hidden' });

    // Edit, cancelled: nothing changes.
    const edit = page.getByRole('dialog', { name: `تعديل الباقة ${name}` });
    await row.getByRole('button', { name: `تعديل الباقة ${name}` }).click();
    await edit.waitFor();
    expect(await edit.getByLabel(field('المزايا')).inputValue()).toBe('ميزة أولى\nميزة ثانية');
    await edit.getByLabel(field('السعر \\(ريال\\)')).fill('999');
    await edit.getByRole('button', { name: 'إلغاء' }).first().click();
    await edit.waitFor({ state: 'hidden' });
    expect(await row.getByRole('cell').nth(1).textContent()).toBe('45 ريال');

    // Edit, saved.
    await row.getByRole('button', { name: `تعديل الباقة ${name}` }).click();
    await edit.waitFor();
    await edit.getByLabel(field('السعر \\(ريال\\)')).fill('55');
    await edit.getByRole('button', { name: 'حفظ' }).click();
    await page.getByText('تم تحديث الباقة بنجاح').first().waitFor();
    await edit.waitFor({ state: 'hidden' });
    await expect.poll(() => row.getByRole('cell').nth(1).textContent()).toBe('55 ريال');

    // Delete asks first; cancelling keeps the package.
    const confirm = page.getByRole('dialog', { name: 'حذف الباقة' });
    await row.getByRole('button', { name: `حذف الباقة ${name}` }).click();
    await confirm.waitFor();
    await confirm.getByText('هل أنت متأكد من حذف هذه الباقة؟').waitFor();
    await expectNoAxeViolations(page);
    await confirm.getByRole('button', { name: 'إلغاء' }).first().click();
    await confirm.waitFor({ state: 'hidden' });
    expect(await row.count()).toBe(1);

    await row.getByRole('button', { name: `حذف الباقة ${name}` }).click();
    await confirm.waitFor();
    await confirm.getByRole('button', { name: 'حذف', exact: true }).click();
    await page.getByText('تم حذف الباقة بنجاح').first().waitFor();
    await expect.poll(() => rowOf(page, name).count()).toBe(0);
  });

  it('keeps the name of a reserved package fixed', async () => {
    const { page } = await fresh();
    await openPackagesTab(page);
    await rowOf(page, 'مجاني').getByRole('button', { name: 'تعديل الباقة مجاني' }).click();
    const dialog = page.getByRole('dialog', { name: 'تعديل الباقة مجاني' });
    await dialog.waitFor();
    expect(await dialog.getByLabel(field('اسم الباقة')).isDisabled()).toBe(true);
    await dialog.getByText('باقة نظامية محجوزة: لا يمكن حذفها ولا تغيير اسمها.').waitFor();
    // The package that marks administrators says so in Arabic, as a role and without its code.
    await rowOf(page, 'مدير النظام').getByText('محجوزة').waitFor();
    expect(await rowOf(page, 'مدير النظام').first().textContent()).not.toContain('admin');
    // One number format: every figure of four digits or more has its thousands grouped (11,714, never 11714).
    const table = await page.locator('tbody').textContent();
    expect(table).toMatch(/\d,\d{3}/);
    expect(table?.match(/\d{4,}/g) ?? []).toEqual([]);
  });

  it('shows the load error with a retry button, and recovers', async () => {
    const { page } = await fresh();
    let fail = true;
    await page.route('**/api/admin/packages', (route) =>
      fail ? route.fulfill({ status: 500, contentType: 'application/json', body: '{"code":"INTERNAL"}' }) : route.continue(),
    );
    await openPackagesTab(page);
    await page.getByText('خطأ في جلب البيانات: حدث خطأ غير متوقع. يرجى المحاولة مرة أخرى.').first().waitFor({ timeout: 15_000 });
    fail = false;
    await page.getByRole('button', { name: 'إعادة المحاولة' }).click();
    await rowOf(page, 'باقة التميز').waitFor();
  });
});

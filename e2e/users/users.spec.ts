import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { field, registerAndConfirm, signedInAs, signInAsAdmin } from '../fixtures/accounts';
import { expectNoAxeViolations, screenshot, useBrowser, viewports } from '../fixtures/browser';
import { uniqueEmail } from '../fixtures/outbox';

const browser = useBrowser();
async function fresh() {
  const opened = await browser.newPage();
  return opened;
}

async function openUsersTab(page: Page) {
  await signInAsAdmin(page, inject('adminEmail'), inject('adminPassword'));
  await page.goto('/admin/users');
  await page.getByRole('heading', { name: 'المستخدمون' }).waitFor();
}

/** Searches the list for one e-mail and returns its row once it is the only one. */
async function findRow(page: Page, email: string) {
  await page.getByLabel('البحث بالبريد الإلكتروني').fill(email);
  const row = page.locator('tbody tr', { hasText: email });
  await row.waitFor();
  await expect.poll(() => page.locator('tbody tr').count()).toBe(1);
  return row;
}
const cell = (row: ReturnType<Page['locator']>, index: number) => row.getByRole('cell').nth(index);

describe('admin users tab', () => {
  it('searches, edits the balance, cancels, changes the package (balance reset to its limit), with toasts', async () => {
    const { page } = await fresh();
    const email = uniqueEmail('admin-users');
    await registerAndConfirm(page, email, 'secret1');
    await openUsersTab(page);
    await page.getByText(/عدد المستخدمين \(دون المشرفين\): \d+/).waitFor();
    await page.getByText(/عدد المشرفين: \d+/).waitFor();
    await expectNoAxeViolations(page);
    await screenshot(page, 'admin-users');

    const row = await findRow(page, email);
    // The name the user registered with heads the row.
    expect(await cell(row, 0).textContent()).toBe('سارة أحمد');
    expect(await cell(row, 2).textContent()).toBe('تجريبي');
    expect(await cell(row, 3).textContent()).toBe('10');

    // Cancel leaves the user as it was.
    await row.getByRole('button', { name: `تعديل المستخدم ${email}` }).click();
    const dialog = page.getByRole('dialog', { name: 'تعديل بيانات المستخدم' });
    await dialog.waitFor();
    await expectNoAxeViolations(page);
    await dialog.getByLabel(field('الرسائل المتبقية')).fill('77');
    await dialog.getByRole('button', { name: 'إلغاء' }).first().click();
    await dialog.waitFor({ state: 'hidden' });
    expect(await cell(row, 3).textContent()).toBe('10');

    // Same package: the typed quantity is saved.
    await row.getByRole('button', { name: `تعديل المستخدم ${email}` }).click();
    await dialog.waitFor();
    expect(await dialog.getByLabel(field('الرسائل المتبقية')).inputValue()).toBe('10');
    await dialog.getByLabel(field('الرسائل المتبقية')).fill('25');
    await dialog.getByRole('button', { name: 'حفظ' }).click();
    await page.getByText('تم تحديث بيانات المستخدم بنجاح').first().waitFor();
    await dialog.waitFor({ state: 'hidden' });
    await expect.poll(() => cell(row, 3).textContent()).toBe('25');

    // Another package: the balance becomes that package's limit, whatever was typed (spec §5).
    await row.getByRole('button', { name: `تعديل المستخدم ${email}` }).click();
    await dialog.waitFor();
    await dialog.getByLabel(field('الباقة')).selectOption('باقة نمو');
    const quantity = dialog.getByLabel(field('الرسائل المتبقية'));
    await expect.poll(() => quantity.inputValue()).toBe('100');
    expect(await quantity.isDisabled()).toBe(true);
    await dialog.getByText('عند تغيير الباقة يُعاد ضبط الرصيد').waitFor();
    await dialog.getByRole('button', { name: 'حفظ' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await expect.poll(() => cell(row, 2).textContent()).toBe('باقة نمو');
    expect(await cell(row, 3).textContent()).toBe('100');
  });

  it("reaches the user's open dashboard at once: a package change shows there without a reload", async () => {
    const user = await fresh();
    const { email } = await signedInAs(user.page, 'admin-users-live');
    await expect.poll(() => user.page.getByTestId('overview-package').textContent()).toContain('تجريبي');
    await expect.poll(() => user.page.getByTestId('overview-remaining').textContent()).toContain('10');

    const { page } = await fresh();
    await openUsersTab(page);
    const row = await findRow(page, email);
    await row.getByRole('button', { name: `تعديل المستخدم ${email}` }).click();
    const dialog = page.getByRole('dialog', { name: 'تعديل بيانات المستخدم' });
    await dialog.getByLabel(field('الباقة')).selectOption('باقة نمو');
    await dialog.getByRole('button', { name: 'حفظ' }).click();
    await dialog.waitFor({ state: 'hidden' });

    // The user did nothing: the live update brought the new package and its balance.
    await expect.poll(() => user.page.getByTestId('overview-package').textContent(), { timeout: 15_000 }).toContain('باقة نمو');
    await expect.poll(() => user.page.getByTestId('overview-remaining').textContent(), { timeout: 15_000 }).toContain('100');
    await expectNoAxeViolations(user.page);
  });

  it('says the package does not exist when the server answers PACKAGE_NOT_FOUND, and keeps the dialog open', async () => {
    const { page } = await fresh();
    const email = uniqueEmail('admin-users-missing');
    await registerAndConfirm(page, email, 'secret1');
    await openUsersTab(page);
    // The package was deleted by someone else between loading the list and saving.
    await page.route('**/api/admin/users/*', (route) =>
      route.request().method() === 'PATCH'
        ? route.fulfill({ status: 400, contentType: 'application/json', body: '{"code":"PACKAGE_NOT_FOUND"}' })
        : route.continue(),
    );
    const row = await findRow(page, email);
    await row.getByRole('button', { name: `تعديل المستخدم ${email}` }).click();
    const dialog = page.getByRole('dialog', { name: 'تعديل بيانات المستخدم' });
    await dialog.waitFor();
    await dialog.getByRole('button', { name: 'حفظ' }).click();
    await page.getByText('الباقة غير موجودة').first().waitFor();
    expect(await dialog.isVisible()).toBe(true);
  });

  it('says in the edit dialog when the package list could not be loaded', async () => {
    const { page } = await fresh();
    const email = uniqueEmail('admin-users-nopackages');
    await registerAndConfirm(page, email, 'secret1');
    await page.route('**/api/admin/packages', (route) =>
      route.fulfill({ status: 500, contentType: 'application/json', body: '{"code":"INTERNAL"}' }),
    );
    await openUsersTab(page);
    const row = await findRow(page, email);
    await row.getByRole('button', { name: `تعديل المستخدم ${email}` }).click();
    const dialog = page.getByRole('dialog', { name: 'تعديل بيانات المستخدم' });
    await dialog.getByText(/^تعذر تحميل قائمة الباقات/).waitFor({ timeout: 15_000 });
  });

  it('stacks each row as label–value lines on a phone, a long address wrapping inside the screen', async () => {
    const { page } = await browser.newPage(viewports.phone);
    const email = uniqueEmail('admin-users-a-rather-long-address-for-a-phone-screen');
    await registerAndConfirm(page, email, 'secret1');
    await openUsersTab(page);
    const row = await findRow(page, email);
    // Each value comes after its column's title (the header row is for screen readers only)…
    const labels = await row
      .getByRole('cell')
      .evaluateAll((cells) => cells.map((c) => getComputedStyle(c, '::before').content.replace(/^"|"$/g, '')));
    expect(labels).toEqual([
      'الاسم',
      'البريد الإلكتروني',
      'الباقة',
      'الرسائل المتبقية',
      'شركات قائمته الخاصة',
      'تاريخ التسجيل',
      'الإجراءات',
    ]);
    // …and nothing hides beyond the right or left edge: no sideways scroll, the edit button in sight.
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    const box = await row.getByRole('button', { name: 'تعديل' }).boundingBox();
    expect(box && box.x >= 0 && box.x + box.width <= viewports.phone.width).toBe(true);
    await expectNoAxeViolations(page);
    await screenshot(page, 'admin-users-phone');
  });

  it('shows an empty state for a search with no match', async () => {
    const { page } = await fresh();
    await openUsersTab(page);
    const search = page.getByLabel('البحث بالبريد الإلكتروني');
    await search.fill('long@');
    expect(await search.evaluate((el) => getComputedStyle(el).direction)).toBe('ltr');
    await search.fill(`nobody-${Date.now()}@nowhere.example`);
    await page.getByText('لا يوجد مستخدمون يطابقون البحث').waitFor();
  });

  it('warns when more users match than the list can show', async () => {
    const { page } = await fresh();
    await page.route('**/api/admin/users?*', async (route) => {
      const response = await route.fetch();
      const body = await response.json();
      await route.fulfill({ response, json: { ...body, total: 1500, capped: true } });
    });
    await openUsersTab(page);
    await page.getByText('تنبيه: تم عرض 1000 مستخدم فقط (الحد الأقصى). قد يكون هناك مستخدمين إضافيين غير ظاهرين.').waitFor();
    await expectNoAxeViolations(page);
  });

  it('shows the load error with a retry button, and recovers', async () => {
    const { page } = await fresh();
    let fail = true;
    await page.route('**/api/admin/users?*', (route) =>
      fail ? route.fulfill({ status: 500, contentType: 'application/json', body: '{"code":"INTERNAL"}' }) : route.continue(),
    );
    await openUsersTab(page);
    await page.getByText('خطأ في جلب البيانات: حدث خطأ غير متوقع. يرجى المحاولة مرة أخرى.').first().waitFor({ timeout: 15_000 });
    await expectNoAxeViolations(page);
    fail = false;
    await page.getByRole('button', { name: 'إعادة المحاولة' }).click();
    await page.locator('tbody tr').first().waitFor();
  });
});

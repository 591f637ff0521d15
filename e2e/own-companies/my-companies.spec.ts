import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { field, openAsAdmin, signedInAs } from '../fixtures/accounts';
import { expectNoAxeViolations, screenshot, useBrowser, viewports } from '../fixtures/browser';
import { xlsx } from './sheet';

const browser = useBrowser();

/** A 360 px phone, the narrowest the page is made for. */
const narrowPhone = { width: 360, height: 780 };

/** Moves the account to a package by name, as the administrator does from the users tab. */
async function movePackage(email: string, packageName: string) {
  const { page: admin } = await openAsAdmin(browser);
  const listed = (await (await admin.request.get(`/api/admin/users?search=${encodeURIComponent(email)}&page=1&pageSize=10`)).json()) as {
    rows: Array<{ id: string }>;
  };
  const id = listed.rows[0]?.id;
  const moved = await admin.request.patch(`/api/admin/users/${id}`, { data: { packageName, messagesRemaining: 50 } });
  expect(moved.status()).toBe(200);
  return admin;
}

const seen = (page: Page, text: string | RegExp) =>
  page
    .getByText(text, { exact: typeof text === 'string' })
    .first()
    .waitFor({ timeout: 15_000 });

const table = (page: Page) => page.getByRole('table', { name: 'قائمة شركاتي' });
const rowOf = (page: Page, text: string) => table(page).locator('tbody tr').filter({ hasText: text });

const sheet = () =>
  xlsx([
    ['اسم الشركة', 'البريد الإلكتروني', 'القطاع', 'الموقع', 'اسم المسؤول'],
    ['شركة الأفق للتقنية', 'hr@ufuq-own.example', 'تقنية المعلومات', 'الرياض', 'أ. خالد'],
    ['مصنع جدة الحديث', 'jobs@jeddah-own.example', 'الصناعة', 'جدة', ''],
    ['شركة بلا بريد', '', 'التجزئة', 'الدمام', ''],
    ['شركة مكررة', 'HR@Ufuq-Own.example', 'تقنية المعلومات', 'الرياض', ''],
  ]);

describe('my companies', () => {
  for (const [device, viewport] of [
    ['desktop', viewports.desktop],
    ['phone', narrowPhone],
  ] as const) {
    it(`with a package that includes it, on ${device}: upload a sheet, edit and delete, see the upload`, async () => {
      const { page, consoleErrors } = await browser.newPage(viewport);
      const { email } = await signedInAs(page, `own-list-${device}`);
      await movePackage(email, 'باقة التميز');

      // From the dashboard's link.
      await page.reload();
      await page.getByRole('link', { name: 'شركاتي: قائمتك الخاصة من الشركات' }).click();
      await page.waitForURL('**/my-companies');
      await page.getByRole('heading', { name: 'شركاتي', level: 1 }).waitFor();
      await seen(page, 'لا توجد شركات في قائمتك بعد. ارفع ملف Excel أو أضف شركة بيدك.');
      expect(await page.getByTestId('own-locked').count()).toBe(0);

      await page.locator('input[type="file"]').setInputFiles({
        name: 'شركاتي.xlsx',
        mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
        buffer: sheet(),
      });
      await page.getByRole('button', { name: 'رفع الملف' }).click();
      await seen(page, 'صفوف الملف: 4 — أضيفت: 2 — صفوف غير صالحة: 1 — مكررة: 1');
      await seen(page, 'الصف 4: لا يوجد بريد إلكتروني');
      await seen(page, /^الصف 5: HR@Ufuq-Own\.example — مكرر للصف 2 في الملف$/i);
      await rowOf(page, 'شركة الأفق للتقنية').getByText('أ. خالد').waitFor();
      await expect.poll(async () => page.getByTestId('own-total').locator('p').nth(1).textContent()).toBe('2');
      // The upload in the history.
      await page.getByRole('table', { name: 'سجل الملفات المرفوعة' }).getByText('شركاتي.xlsx').waitFor();
      await expectNoAxeViolations(page);
      await screenshot(page, `my-companies-${device}`);
      if (device === 'phone') {
        // Nothing wider than the screen: no sideways scroll on a 360 px phone.
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(narrowPhone.width);
      }

      // Edit: the city of one row.
      await rowOf(page, 'مصنع جدة الحديث').getByRole('button', { name: 'تعديل مصنع جدة الحديث' }).click();
      const dialog = page.getByRole('dialog', { name: 'تعديل الشركة' });
      await dialog.getByLabel(field('المدينة')).fill('مكة');
      await dialog.getByLabel(field('اسم المسؤول')).fill('م. سارة');
      await expectNoAxeViolations(page);
      await dialog.getByRole('button', { name: 'حفظ' }).click();
      await seen(page, 'تم تحديث الشركة');
      await rowOf(page, 'مصنع جدة الحديث').getByText('م. سارة').waitFor();
      await rowOf(page, 'مصنع جدة الحديث').getByText('مكة').waitFor();

      // Delete, after the confirmation.
      await rowOf(page, 'شركة الأفق للتقنية').getByRole('button', { name: 'حذف شركة الأفق للتقنية' }).click();
      await page.getByRole('dialog', { name: 'حذف الشركة من قائمتك' }).getByRole('button', { name: 'حذف' }).click();
      await seen(page, 'تم حذف الشركة من قائمتك');
      await expect.poll(() => rowOf(page, 'شركة الأفق للتقنية').count()).toBe(0);
      await expect.poll(async () => page.getByTestId('own-total').locator('p').nth(1).textContent()).toBe('1');
      expect(consoleErrors.filter((e) => !e.includes('Failed to load resource'))).toEqual([]);
    });

    it(`with a package that does not include it, on ${device}: what it is, which packages have it, no upload`, async () => {
      const { page, consoleErrors } = await browser.newPage(viewport);
      await signedInAs(page, `own-list-locked-${device}`);
      await page.goto('/my-companies');
      const locked = page.getByTestId('own-locked');
      await locked.waitFor();
      await locked.getByText('باقتك الحالية لا تتضمن هذه الميزة.').waitFor();
      await locked.getByText(/^باقة التميز — 199 ريال$/).waitFor();
      expect(await locked.getByRole('link', { name: 'ترقية الباقة' }).getAttribute('href')).toBe('/upgrade');
      await seen(page, 'لا توجد شركات في قائمتك بعد.');
      expect(await page.locator('input[type="file"]').count()).toBe(0);
      expect(await page.getByRole('button', { name: 'إضافة شركة' }).count()).toBe(0);
      await expectNoAxeViolations(page);
      await screenshot(page, `my-companies-locked-${device}`);
      if (device === 'phone')
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(narrowPhone.width);
      expect(consoleErrors.filter((e) => !e.includes('Failed to load resource'))).toEqual([]);
    });
  }

  it('a suggested company reaches the administrator, who declines it', async () => {
    const { page } = await browser.newPage();
    const { email } = await signedInAs(page, 'own-list-suggest');
    const admin = await movePackage(email, 'باقة التميز');
    await page.goto('/my-companies');
    await page.getByRole('button', { name: 'إضافة شركة' }).click();
    const dialog = page.getByRole('dialog', { name: 'إضافة شركة إلى قائمتك' });
    const address = `careers-${Date.now()}@suggested-own.example`;
    await dialog.getByLabel(field('اسم الشركة')).fill('شركة مقترحة للدليل');
    await dialog.getByLabel(field('البريد الإلكتروني')).fill(address);
    await dialog.getByRole('button', { name: 'إضافة' }).click();
    await seen(page, 'تمت إضافة الشركة إلى قائمتك');
    await page.getByRole('checkbox', { name: 'اختيار شركة مقترحة للدليل لاقتراحها للدليل' }).check();
    await page.getByRole('button', { name: 'اقتراح شركة واحدة للدليل' }).click();
    await seen(page, 'أُرسل اقتراح شركة واحدة إلى المشرف للمراجعة');
    await rowOf(page, 'شركة مقترحة للدليل').getByText('مقترحة للدليل', { exact: true }).waitFor();

    await admin.goto('/admin/companies');
    const section = admin.locator('section[aria-labelledby="company-suggestions-title"]');
    const row = section.getByTestId('suggestion-row').filter({ hasText: address });
    await row.waitFor();
    await expectNoAxeViolations(admin, { within: 'section[aria-labelledby="company-suggestions-title"]' });
    await row.getByRole('checkbox').check();
    await section.getByRole('button', { name: 'رفض شركة واحدة' }).click();
    await seen(admin, 'رُفض اقتراح شركة واحدة');
    await expect.poll(() => section.getByTestId('suggestion-row').filter({ hasText: address }).count()).toBe(0);

    await page.reload();
    await rowOf(page, 'شركة مقترحة للدليل').getByText('لم تُقبل في الدليل').waitFor();

    // The users tab counts the user's own list, without its addresses.
    await admin.goto('/admin/users');
    await admin.getByLabel(field('البحث بالبريد الإلكتروني')).fill(email);
    const userRow = admin.getByRole('table').locator('tbody tr').filter({ hasText: email });
    await userRow.waitFor();
    expect(await userRow.locator('td[data-label="شركات قائمته الخاصة"]').textContent()).toBe('1');
  });
});

import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { field, openAsAdmin } from '../fixtures/accounts';
import { expectNoAxeViolations, useBrowser } from '../fixtures/browser';

const browser = useBrowser();
const asAdmin = () => openAsAdmin(browser);

const seen = (page: Page, text: string) => page.getByText(text, { exact: true }).first().waitFor();
/** Waits until every toast has closed (5 s each), so a check sees only the page. */
const toastsGone = (page: Page) =>
  expect.poll(() => page.locator('.mantine-Notification-root').count(), { timeout: 15_000, interval: 250 }).toBe(0);
const failWith500 = (page: Page, pattern: string, method: string) =>
  page.route(pattern, (route) =>
    route.request().method() === method
      ? route.fulfill({ status: 500, contentType: 'application/json', body: '{"code":"INTERNAL"}' })
      : route.continue(),
  );

describe('admin footer tab', () => {
  it('shows the load error with a retry button, and recovers', async () => {
    const { page } = await asAdmin();
    let fail = true;
    await page.route('**/api/admin/footer', (route) =>
      fail ? route.fulfill({ status: 500, contentType: 'application/json', body: '{"code":"INTERNAL"}' }) : route.continue(),
    );
    await page.goto('/admin/footer');
    await page.getByText('حدث خطأ أثناء تحميل بيانات التذييل.').first().waitFor({ timeout: 15_000 });
    fail = false;
    await page.getByRole('button', { name: 'إعادة المحاولة' }).click();
    await page.getByRole('table', { name: 'جدول أقسام التذييل' }).waitFor();
  });

  it('saves the social links (valid http(s) or empty) and shows them in the site footer', async () => {
    const { page, consoleErrors } = await asAdmin();
    await page.goto('/admin/footer');
    await page.getByRole('table', { name: 'جدول أقسام التذييل' }).waitFor();
    await expectNoAxeViolations(page);

    const facebook = page.getByLabel(field('فيسبوك'));
    const original = await facebook.inputValue();
    await facebook.fill('facebook.com/sira');
    await page.getByRole('button', { name: 'حفظ الروابط' }).click();
    await page.getByText('الرجاء إدخال رابط صالح').waitFor();

    const url = `https://facebook.com/sira-e2e-${Date.now()}`;
    await facebook.fill(url);
    await page.getByRole('button', { name: 'حفظ الروابط' }).click();
    await seen(page, 'تم حفظ روابط التواصل بنجاح');
    await page.goto('/');
    await page.locator(`footer a[href="${url}"]`).waitFor();
    // It opens another tab, and says so to a screen reader.
    await page.getByRole('link', { name: 'Facebook (يفتح في نافذة جديدة)' }).waitFor();

    await page.goto('/admin/footer');
    await facebook.fill(original);
    await page.getByRole('button', { name: 'حفظ الروابط' }).click();
    await seen(page, 'تم حفظ روابط التواصل بنجاح');
    expect(consoleErrors).toEqual([]);
  });

  it('saves the footer text and contact details, which every page then shows', async () => {
    const { page, consoleErrors } = await asAdmin();
    await page.goto('/admin/footer');
    const form = page.getByRole('region', { name: 'نص التذييل وبيانات التواصل' });
    await form.waitFor();
    const email = form.getByLabel('بريد التواصل');
    const description = form.getByLabel('نبذة قصيرة عن المنصة');
    const original = { email: await email.inputValue(), description: await description.inputValue() };

    await email.fill('not-an-address');
    await form.getByRole('button', { name: 'حفظ بيانات التذييل' }).click();
    await form.getByText('يرجى إدخال بريد إلكتروني صحيح أو ترك الحقل فارغاً').waitFor();
    const address = `help.${Date.now()}@sira.example`;
    await email.fill(address);
    await description.fill('نبذة من اختبار التذييل');
    await form.getByRole('button', { name: 'حفظ بيانات التذييل' }).click();
    await seen(page, 'تم حفظ بيانات التذييل بنجاح');
    await expectNoAxeViolations(page);

    await page.goto('/pricing');
    await page.locator(`footer a[href="mailto:${address}"]`).waitFor();
    await page.locator('footer').getByText('نبذة من اختبار التذييل').waitFor();

    await page.goto('/admin/footer');
    await email.fill(original.email);
    await description.fill(original.description);
    await form.getByRole('button', { name: 'حفظ بيانات التذييل' }).click();
    await seen(page, 'تم حفظ بيانات التذييل بنجاح');
    expect(consoleErrors).toEqual([]);
  });

  it('says so when the social links cannot be saved', async () => {
    const { page } = await asAdmin();
    await failWith500(page, '**/api/admin/footer/social', 'PUT');
    await page.goto('/admin/footer');
    await page.getByRole('button', { name: 'حفظ الروابط' }).click();
    await seen(page, 'فشل حفظ روابط التواصل');
  });

  it('adds, edits and deletes sections and links; deleting a section deletes its links after saying so', async () => {
    const { page } = await asAdmin();
    await page.goto('/admin/footer');
    const sections = page.getByRole('table', { name: 'جدول أقسام التذييل' });
    const links = page.getByRole('table', { name: 'جدول روابط التذييل' });
    await sections.waitFor();

    // Add a section: a title is required; the order is a number.
    await page.getByRole('button', { name: 'إضافة قسم' }).click();
    const sectionDialog = page.getByRole('dialog', { name: 'إضافة قسم جديد' });
    await sectionDialog.waitFor();
    await expectNoAxeViolations(page);
    await sectionDialog.getByRole('button', { name: 'حفظ' }).click();
    await sectionDialog.getByText('يرجى إدخال عنوان للقسم').waitFor();
    const sectionTitle = `قسم اختبار ${Date.now()}`;
    await sectionDialog.getByLabel(field('عنوان القسم')).fill(sectionTitle);
    await sectionDialog.getByLabel(field('الترتيب')).fill('40');
    await sectionDialog.getByRole('button', { name: 'حفظ' }).click();
    await seen(page, 'تمت إضافة القسم بنجاح');
    const sectionRow = sections.locator('tbody tr').filter({ hasText: sectionTitle });
    await sectionRow.waitFor();
    expect(await sectionRow.textContent()).toContain('40');

    // Add a link: title, url and section are required.
    await toastsGone(page);
    await page.getByRole('button', { name: 'إضافة رابط' }).click();
    const linkDialog = page.getByRole('dialog', { name: 'إضافة رابط جديد' });
    await linkDialog.waitFor();
    await expectNoAxeViolations(page);
    await linkDialog.getByLabel(field('عنوان الرابط')).fill('باقاتنا');
    await linkDialog.getByRole('button', { name: 'حفظ' }).click();
    await linkDialog.getByText('يرجى تعبئة حقول العنوان، الرابط، واختيار القسم.').waitFor();
    const linkTitle = `رابط اختبار ${Date.now()}`;
    await linkDialog.getByLabel(field('عنوان الرابط')).fill(linkTitle);
    await linkDialog.getByLabel(field('الرابط')).fill('/pricing');
    await linkDialog.getByLabel(field('القسم')).selectOption({ label: sectionTitle });
    await linkDialog.getByRole('button', { name: 'حفظ' }).click();
    await seen(page, 'تمت إضافة الرابط بنجاح');
    const linkRow = links.locator('tbody tr').filter({ hasText: linkTitle });
    await linkRow.waitFor();
    expect(await linkRow.textContent()).toContain(sectionTitle);

    // The site footer shows the new section with its link.
    await page.goto('/');
    const nav = page.getByRole('navigation', { name: sectionTitle });
    await nav.waitFor();
    expect(await nav.getByRole('link', { name: linkTitle }).getAttribute('href')).toBe('/pricing');
    await page.goto('/admin/footer');
    await sections.waitFor();

    // Inline edit of a section, one row at a time.
    await sectionRow.getByRole('button', { name: `تعديل ${sectionTitle}` }).click();
    const editingSection = sections.getByRole('row', { name: `تعديل ${sectionTitle}` });
    await editingSection.waitFor();
    const otherSectionEdit = sections
      .locator('tbody tr')
      .filter({ hasNot: page.getByRole('textbox') })
      .first()
      .getByRole('button', { name: /^تعديل/ });
    expect(await otherSectionEdit.isDisabled()).toBe(true);
    await editingSection.getByLabel('عنوان القسم').fill('');
    await editingSection.getByRole('button', { name: 'حفظ' }).click();
    await seen(page, 'يرجى إدخال عنوان للقسم');
    const renamedSection = `${sectionTitle} معدل`;
    await editingSection.getByLabel('عنوان القسم').fill(renamedSection);
    await editingSection.getByRole('button', { name: 'حفظ' }).click();
    await seen(page, 'تم تحديث القسم بنجاح');
    const renamedRow = sections.locator('tbody tr').filter({ hasText: renamedSection });
    await renamedRow.waitFor();

    // Inline edit of the link: the icon is optional.
    await linkRow.getByRole('button', { name: `تعديل ${linkTitle}` }).click();
    const editingLink = links.getByRole('row', { name: `تعديل ${linkTitle}` });
    await editingLink.waitFor();
    await editingLink.getByLabel('الأيقونة').fill('link');
    await editingLink.getByLabel('الرابط', { exact: true }).fill('https://example.com/jobs');
    await editingLink.getByRole('button', { name: 'حفظ' }).click();
    await seen(page, 'تم تحديث الرابط بنجاح');
    await links.locator('tbody tr').filter({ hasText: 'https://example.com/jobs' }).waitFor();

    // A failed section delete says so and keeps the row.
    await toastsGone(page);
    await failWith500(page, '**/api/admin/footer/sections/*', 'DELETE');
    await renamedRow.getByRole('button', { name: `حذف ${renamedSection}` }).click();
    const confirm = page.getByRole('dialog', { name: 'حذف القسم' });
    await confirm.waitFor();
    expect(await confirm.textContent()).toContain('سيتم حذف روابطه أيضاً');
    await expectNoAxeViolations(page);
    await confirm.getByRole('button', { name: 'حذف' }).click();
    await seen(page, 'فشل حذف القسم');
    await page.unroute('**/api/admin/footer/sections/*');

    // Deleting the section takes its link with it.
    await confirm.getByRole('button', { name: 'حذف' }).click();
    await seen(page, 'تم حذف القسم بنجاح');
    await renamedRow.waitFor({ state: 'detached' });
    await links.locator('tbody tr').filter({ hasText: linkTitle }).waitFor({ state: 'detached' });
  });

  it('deletes a single link after confirming, and says so when adding a section fails', async () => {
    const { page } = await asAdmin();
    await page.goto('/admin/footer');
    const links = page.getByRole('table', { name: 'جدول روابط التذييل' });
    await links.waitFor();
    const sectionTitle = (await page.getByRole('table', { name: 'جدول أقسام التذييل' }).locator('tbody tr td').first().textContent()) ?? '';

    await page.getByRole('button', { name: 'إضافة رابط' }).click();
    const linkDialog = page.getByRole('dialog', { name: 'إضافة رابط جديد' });
    const linkTitle = `رابط مؤقت ${Date.now()}`;
    await linkDialog.getByLabel(field('عنوان الرابط')).fill(linkTitle);
    await linkDialog.getByLabel(field('الرابط')).fill('mailto:help@sira.example');
    await linkDialog.getByLabel(field('القسم')).selectOption({ label: sectionTitle });
    await linkDialog.getByRole('button', { name: 'حفظ' }).click();
    await seen(page, 'تمت إضافة الرابط بنجاح');
    const row = links.locator('tbody tr').filter({ hasText: linkTitle });
    await row.waitFor();
    await row.getByRole('button', { name: `حذف ${linkTitle}` }).click();
    const confirm = page.getByRole('dialog', { name: 'حذف الرابط' });
    await confirm.getByRole('button', { name: 'حذف' }).click();
    await seen(page, 'تم حذف الرابط بنجاح');
    await row.waitFor({ state: 'detached' });

    await failWith500(page, '**/api/admin/footer/sections', 'POST');
    await page.getByRole('button', { name: 'إضافة قسم' }).click();
    const sectionDialog = page.getByRole('dialog', { name: 'إضافة قسم جديد' });
    await sectionDialog.getByLabel(field('عنوان القسم')).fill('لن يُحفظ');
    await sectionDialog.getByRole('button', { name: 'حفظ' }).click();
    await seen(page, 'فشل إضافة القسم');
    expect(await sectionDialog.isVisible()).toBe(true);
  });
});

import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { signedInAs } from '../fixtures/accounts';
import { expectNoAxeViolations, screenshot, useBrowser } from '../fixtures/browser';
import { linkGmailViaSandbox } from '../fixtures/sending';

/**
 * The résumé read before a credit is spent: real PDFs (apps/server/test-support/resumes, how each was made in
 * its README) picked on /send-resume. A scan waits for the applicant's word and gets a better name; a file that
 * asks for a password is refused; the balance moves only when the send goes.
 */
const browser = useBrowser();
const pdf = (file: string, name: string) => ({
  name,
  mimeType: 'application/pdf',
  buffer: readFileSync(new URL(`../../apps/server/test-support/resumes/${file}`, import.meta.url)),
});
const balanceOf = async (page: Page) => ((await (await page.request.get('/api/sending/compose')).json()) as { balance: number }).balance;

describe('sending: the résumé check', () => {
  it('a scanned CV is flagged before anything is spent, renamed on the suggestion, and sent once the user says go', {
    timeout: 120_000,
  }, async () => {
    const { page } = await browser.newPage();
    await signedInAs(page, 'resume-check');
    await linkGmailViaSandbox(page, `resume.check.${Date.now()}@gmail.com`);
    const before = await balanceOf(page);

    await page.getByLabel(/^عنوان الرسالة/).fill('طلب وظيفة – {{company_name}}');
    await page.getByLabel(/^محتوى الرسالة/).fill('السلام عليكم فريق {{company_name}}');
    await page.locator('input[type="file"]').setInputFiles(pdf('scanned-image.pdf', 'scan0001.pdf'));
    await page.getByRole('button', { name: 'إرسال السيرة الذاتية' }).click();

    // The send stops at the check's report: the one message says why, and nothing was debited.
    const report = page.getByRole('region', { name: 'فحص السيرة الذاتية' });
    await report.waitFor();
    await page
      .locator('form')
      .getByRole('alert')
      .filter({ hasText: 'يرجى مراجعة ملاحظات فحص السيرة الذاتية وتأكيد الاطلاع عليها قبل الإرسال.' })
      .waitFor();
    const text = (await report.textContent()) ?? '';
    expect(text).toContain('عدد الصفحات: 1');
    expect(text).toContain('يبدو الملف صورة ممسوحة ضوئياً بلا نص');
    // A scan's contact details cannot be looked for: only the scan is said.
    expect(text).not.toContain('لم نجد بريداً إلكترونياً');
    expect(await balanceOf(page)).toBe(before);
    await expectNoAxeViolations(page);
    await screenshot(page, 'resume-check-scan');

    // The device's file name gets a suggestion from the applicant's name, which the user completes and applies.
    const name = report.getByLabel('اسم الملف المقترح');
    expect(await name.inputValue()).toBe('سارة_أحمد_CV.pdf');
    await name.fill('Sara_Ahmed_Accountant_CV.pdf');
    await report.getByRole('button', { name: 'تغيير الاسم' }).click();
    await report.getByText('سيصل الملف إلى الشركات باسم \u2068Sara_Ahmed_Accountant_CV.pdf\u2069').waitFor();

    // Sending again without ticking says the same; ticking lets it go, and the upload is not repeated.
    const uploads: string[] = [];
    page.on('request', (request) => {
      if (request.url().endsWith('/api/sending/resumes') && request.method() === 'POST') uploads.push(request.url());
    });
    await page.getByRole('button', { name: 'إرسال السيرة الذاتية' }).click();
    await page.locator('form').getByRole('alert').filter({ hasText: 'يرجى مراجعة ملاحظات فحص السيرة الذاتية' }).waitFor();
    expect(await balanceOf(page)).toBe(before);
    await report.getByRole('checkbox', { name: 'اطّلعت على الملاحظات وأريد الإرسال بهذه السيرة الذاتية' }).check();
    await page.getByRole('button', { name: 'إرسال السيرة الذاتية' }).click();
    await page.waitForURL('**/dashboard');
    expect(uploads).toEqual([]);
    expect(await balanceOf(page)).toBeLessThan(before);
  });

  it("a clean CV under a device's file name stops for the name before sending, and goes once it is chosen", {
    timeout: 120_000,
  }, async () => {
    const { page } = await browser.newPage();
    await signedInAs(page, 'resume-document');
    await linkGmailViaSandbox(page, `resume.document.${Date.now()}@gmail.com`);
    const before = await balanceOf(page);
    await page.getByLabel(/^عنوان الرسالة/).fill('طلب وظيفة');
    await page.getByLabel(/^محتوى الرسالة/).fill('السلام عليكم');
    await page.locator('input[type="file"]').setInputFiles(pdf('english-text.pdf', 'Document.pdf'));
    await page.getByRole('button', { name: 'إرسال السيرة الذاتية' }).click();

    // Nothing to warn about, but the name says nothing about the applicant: the send waits for a choice.
    const report = page.getByRole('region', { name: 'فحص السيرة الذاتية' });
    await report.waitFor();
    const mustChoose = page.locator('form').getByRole('alert').filter({ hasText: 'اسم ملف سيرتك لا يدل عليك' });
    await mustChoose.waitFor();
    expect(await report.textContent()).toContain('السيرة الذاتية مقروءة');
    expect(new URL(page.url()).pathname).toBe('/send-resume');
    expect(await balanceOf(page)).toBe(before);
    expect(await report.getByLabel('اسم الملف المقترح').inputValue()).toBe('سارة_أحمد_CV.pdf');
    await expectNoAxeViolations(page);

    await report.getByRole('button', { name: 'تغيير الاسم' }).click();
    await report.getByText('سيصل الملف إلى الشركات باسم \u2068سارة_أحمد_CV.pdf\u2069').waitFor();
    expect(await mustChoose.count()).toBe(0);
    await page.getByRole('button', { name: 'إرسال السيرة الذاتية' }).click();
    await page.waitForURL('**/dashboard');
    expect(await balanceOf(page)).toBeLessThan(before);
  });

  it('a PDF that asks for a password to open is refused with the reason, and another file clears it', async () => {
    const { page } = await browser.newPage();
    await signedInAs(page, 'resume-locked');
    await linkGmailViaSandbox(page, `resume.locked.${Date.now()}@gmail.com`);
    await page.getByLabel(/^عنوان الرسالة/).fill('طلب وظيفة');
    await page.getByLabel(/^محتوى الرسالة/).fill('السلام عليكم');
    await page.locator('input[type="file"]').setInputFiles(pdf('open-password.pdf', 'Omar_Khalid_CV.pdf'));
    await page.getByRole('button', { name: 'إرسال السيرة الذاتية' }).click();
    const refused = 'الملف محمي بكلمة مرور، ولن تستطيع الشركات فتحه. يرجى رفع نسخة بلا كلمة مرور.';
    await page.locator('form').getByRole('alert').filter({ hasText: refused }).waitFor();
    expect(await page.getByRole('region', { name: 'فحص السيرة الذاتية' }).count()).toBe(0);

    // A readable CV with an e-mail and a +966 number goes straight through, its check all clear.
    await page.locator('input[type="file"]').setInputFiles(pdf('english-text.pdf', 'Omar_Khalid_CV.pdf'));
    expect(await page.locator('form').getByRole('alert').filter({ hasText: refused }).count()).toBe(0);
    await page.getByRole('button', { name: 'إرسال السيرة الذاتية' }).click();
    await page.waitForURL('**/dashboard');
  });
});

import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { signedInAs } from '../fixtures/accounts';
import { expectNoAxeViolations, screenshot, useBrowser } from '../fixtures/browser';
import { linkGmailViaSandbox, resumeUpload } from '../fixtures/sending';

/**
 * The unhappy paths of /send-resume and the dashboard: the first-time empty state, a failed load with its
 * retry, and an upload that keeps failing (retried 3 times with back-off, then the spec's message) without
 * losing anything the user typed. Network failures are produced by the browser's request interception.
 */
const browser = useBrowser();
async function fresh() {
  const opened = await browser.newPage();
  return opened;
}

const seen = (page: Page, text: string | RegExp) => page.getByText(text).first().waitFor();

describe('sending: empty, failing and retrying', () => {
  it('dashboard: empty state with a link to /send-resume; a failed status load shows an error screen whose retry recovers', async () => {
    const { page } = await fresh();
    await signedInAs(page, 'empty-dashboard');
    await page.getByRole('heading', { name: 'لم ترسل سيرتك الذاتية بعد' }).waitFor();
    await page.getByText('لا توجد رسائل مجدولة بعد.').waitFor();
    const link = page.getByRole('link', { name: 'أرسل سيرتك الذاتية الآن' });
    expect(await link.getAttribute('href')).toBe('/send-resume');
    // Tiles to the three places of spec §2.
    for (const href of ['/send-resume', '/billing', '/upgrade'])
      expect(await page.locator(`main a[href="${href}"]`).count()).toBeGreaterThan(0);
    await expectNoAxeViolations(page);
    await screenshot(page, 'dashboard-empty');

    // Reached from another page, the dashboard's status is the browser's to load (a direct visit arrives drawn).
    await page.goto('/my-data');
    await page.getByRole('heading', { level: 1, name: 'بياناتي' }).waitFor();
    await page.route('**/api/sending/status', (route) =>
      route.fulfill({ status: 500, contentType: 'application/json', body: '{"code":"INTERNAL"}' }),
    );
    await page.locator('header').getByRole('link', { name: 'لوحة التحكم' }).first().click();
    // The error screen, and the same message as a toast (spec §8).
    const alert = page.getByRole('alert', { name: 'حدث خطأ أثناء جلب حالة الرسائل المجدولة' });
    await alert.waitFor();
    await page.locator('.mantine-Notification-root', { hasText: 'حدث خطأ أثناء جلب حالة الرسائل المجدولة.' }).waitFor();
    await expectNoAxeViolations(page);
    await screenshot(page, 'dashboard-error');
    await page.unroute('**/api/sending/status');
    await alert.getByRole('button', { name: 'إعادة المحاولة' }).click();
    await page.getByRole('heading', { name: 'لم ترسل سيرتك الذاتية بعد' }).waitFor();
  });

  it('an upload that keeps failing is retried 3 times (2 s, 4 s, 8 s), then says so; the form is intact and a later submit goes through', {
    timeout: 120_000,
  }, async () => {
    const { page } = await fresh();
    await signedInAs(page, 'upload-retry');
    await linkGmailViaSandbox(page, `upload.retry.${Date.now()}@gmail.com`);

    await page.getByLabel(/^عنوان الرسالة/).fill('طلب وظيفة – {{company_name}}');
    await page.getByLabel(/^محتوى الرسالة/).fill('<p>السلام عليكم فريق {{company_name}} في {{location}}</p>');
    await page.locator('input[type="file"]').setInputFiles(resumeUpload('retry'));

    const attempts: number[] = [];
    await page.route('**/api/sending/resumes', (route) => {
      attempts.push(Date.now());
      return route.abort('connectionreset');
    });
    await page.getByRole('button', { name: 'إرسال السيرة الذاتية' }).click();
    await seen(page, /جارٍ إعادة المحاولة \(1 من 3\)/);
    await expectNoAxeViolations(page);
    await seen(page, 'فشل رفع ملف السيرة الذاتية. يرجى المحاولة مرة أخرى.');
    expect(attempts).toHaveLength(4);
    const gaps = attempts.slice(1).map((at, i) => at - (attempts[i] as number));
    // 2 s, 4 s, 8 s apart: never sooner, and each wait shorter than the next one is (a busy machine may run a
    // browser's timer late, and it never runs one early).
    expect(gaps, `gaps ${gaps.join(', ')} ms`).toHaveLength(3);
    for (const [i, wait] of [2000, 4000, 8000].entries()) {
      expect(gaps[i]).toBeGreaterThanOrEqual(wait - 50);
      expect(gaps[i]).toBeLessThan(wait * 2);
    }

    // Nothing typed or chosen was lost.
    expect(await page.getByLabel(/^عنوان الرسالة/).inputValue()).toBe('طلب وظيفة – {{company_name}}');
    expect(await page.getByLabel(/^محتوى الرسالة/).inputValue()).toContain('{{location}}');
    await page.getByText(/حجم الملف:/).waitFor();

    // One server error, then the real server: a single retry and the send is scheduled.
    await page.unroute('**/api/sending/resumes');
    let failedOnce = false;
    await page.route('**/api/sending/resumes', (route) => {
      if (failedOnce) return route.continue();
      failedOnce = true;
      return route.fulfill({ status: 503, contentType: 'application/json', body: '{"code":"INTERNAL"}' });
    });
    await page.getByRole('button', { name: 'إرسال السيرة الذاتية' }).click();
    await seen(page, /تمت جدولة (رسالة واحدة|رسالتين|\d+ رسائل|[\d,]+ رسالة) بنجاح/);
    await page.waitForURL((url) => url.pathname === '/dashboard');
  });

  it('a file the server refuses as not a PDF is named; picking another file clears that message', async () => {
    const { page } = await fresh();
    await signedInAs(page, 'upload-not-pdf');
    await linkGmailViaSandbox(page, `upload.notpdf.${Date.now()}@gmail.com`);
    await page.getByLabel(/^عنوان الرسالة/).fill('طلب وظيفة – {{company_name}}');
    await page.getByLabel(/^محتوى الرسالة/).fill('<p>السلام عليكم فريق {{company_name}}</p>');
    const fileInput = page.locator('input[type="file"]');
    // Named and typed as a PDF, so the page lets it through; the server reads its content.
    await fileInput.setInputFiles({ name: 'cv.pdf', mimeType: 'application/pdf', buffer: Buffer.from('not a pdf at all') });
    await page.getByRole('button', { name: 'إرسال السيرة الذاتية' }).click();
    const formAlert = page.locator('.mantine-Alert-root', { hasText: 'يرجى اختيار ملف PDF فقط' });
    await formAlert.waitFor();
    // Another pick, refused too (over 5 MB): its own reason shows, and the message about the first file goes.
    await fileInput.setInputFiles({ name: 'big.pdf', mimeType: 'application/pdf', buffer: Buffer.alloc(5 * 1024 * 1024 + 1) });
    await seen(page, 'حجم الملف أكبر من 5 ميغابايت');
    expect(await formAlert.count()).toBe(0);
  });

  it('a file over 5 MB picked after a valid one replaces it: the field shows the size error, not the old name', async () => {
    const { page } = await fresh();
    await signedInAs(page, 'upload-too-big');
    await page.goto('/send-resume');
    const fileInput = page.locator('input[type="file"]');
    await fileInput.setInputFiles(resumeUpload('first choice', 'سيرتي الأولى.pdf'));
    await page.getByText(/حجم الملف:/).waitFor();
    await page.getByText('سيرتي الأولى.pdf').waitFor();
    await fileInput.setInputFiles({ name: 'سيرة كبيرة.pdf', mimeType: 'application/pdf', buffer: Buffer.alloc(5 * 1024 * 1024 + 1) });
    const field = page.locator('.mantine-InputWrapper-root', { hasText: 'ملف السيرة الذاتية (PDF)' });
    await field.getByText('حجم الملف أكبر من 5 ميغابايت. يرجى اختيار ملف أصغر.').waitFor();
    expect(await page.getByText('سيرتي الأولى.pdf').count()).toBe(0);
    expect(await page.getByText(/حجم الملف:/).count()).toBe(0);
    expect(await field.getByText('اختر ملف PDF').count()).toBe(1);
    await expectNoAxeViolations(page);
    await screenshot(page, 'send-resume-file-too-big');
  });

  it('offline, a submit is retried and then refused, and nothing goes out by itself once back online', {
    timeout: 120_000,
  }, async () => {
    const { page, context } = await fresh();
    await signedInAs(page, 'upload-offline');
    await linkGmailViaSandbox(page, `upload.offline.${Date.now()}@gmail.com`);
    await page.getByLabel(/^عنوان الرسالة/).fill('طلب وظيفة – {{company_name}}');
    await page.getByLabel(/^محتوى الرسالة/).fill('<p>السلام عليكم فريق {{company_name}}</p>');
    await page.locator('input[type="file"]').setInputFiles(resumeUpload('offline'));

    await context.setOffline(true);
    await page.getByRole('button', { name: 'إرسال السيرة الذاتية' }).click();
    await seen(page, /جارٍ إعادة المحاولة \(1 من 3\)/);
    await seen(page, 'فشل رفع ملف السيرة الذاتية. يرجى المحاولة مرة أخرى.');

    // Back online, the refused submit stays refused: no upload, no scheduled job, until the user sends again.
    const uploads: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/api/sending/')) uploads.push(request.url());
    });
    await context.setOffline(false);
    await page.waitForTimeout(3000);
    expect(uploads.filter((u) => u.endsWith('/resumes') || u.endsWith('/jobs'))).toEqual([]);
    expect(new URL(page.url()).pathname).toBe('/send-resume');
    await page.getByRole('button', { name: 'إرسال السيرة الذاتية' }).click();
    await seen(page, /تمت جدولة (رسالة واحدة|رسالتين|\d+ رسائل|[\d,]+ رسالة) بنجاح/);
  });
});

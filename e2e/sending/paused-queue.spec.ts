import type { Page } from 'playwright-core';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { field, signedInAs, signInAsAdmin } from '../fixtures/accounts';
import { expectNoAxeViolations, screenshot, useBrowser } from '../fixtures/browser';
import { arabicInt, chooseTemplate, linkGmailViaSandbox, resumeUpload } from '../fixtures/sending';

/**
 * Google's daily sending limit from the browser: the sandbox answers 429 "(Mail sending)" with a retry time,
 * the dashboard says sending is paused until then, and a send scheduled meanwhile waits — shown in the
 * admin's email_logs (live) as 'in queue' without counts. Unlinking then holds what waits, and the
 * dashboard says so with the way back.
 */
const browser = useBrowser();
const seen = (page: Page, text: string | RegExp) => page.getByText(text).first().waitFor();

async function sendWithTemplate(page: Page, marker: string) {
  await page.goto('/send-resume');
  await chooseTemplate(page);
  await page.getByLabel(/^عنوان الرسالة/).fill(`${marker} – {{company_name}}`);
  await page.locator('input[type="file"]').setInputFiles(resumeUpload(marker));
  await page.getByRole('button', { name: 'إرسال السيرة الذاتية' }).click();
}

// The fault is used up by the first attempt; clearing makes sure nothing is left for later journeys.
afterAll(async () => {
  await fetch(`${browser.baseUrl}/sandbox/google/_control/faults`, { method: 'DELETE' });
});

describe('sending paused by the daily limit', () => {
  it('dashboard shows "paused until"; a job scheduled meanwhile is "in queue" in email_logs, without counts', {
    timeout: 180_000,
  }, async () => {
    const user = await browser.newPage();
    const { email } = await signedInAs(user.page, 'paused');
    const mailbox = `paused.${Date.now()}@gmail.com`;
    await linkGmailViaSandbox(user.page, mailbox);

    const resumeAt = new Date(Date.now() + 2 * 3600_000);
    const injected = await user.page.request.post('/sandbox/google/_control/faults', {
      data: { mailbox, status: 429, times: 1, retryAfter: resumeAt.toISOString() },
    });
    expect(injected.status()).toBe(204);

    const first = `أول طلب ${Date.now()}`;
    await sendWithTemplate(user.page, first);
    await seen(user.page, 'تمت جدولة 10 رسائل بنجاح. سيبدأ الإرسال تلقائياً من بريدك.');
    await user.page.waitForURL((url) => url.pathname === '/dashboard');
    // The first attempt meets the limit: the panel says until when, live.
    await seen(user.page, /توقف الإرسال مؤقتاً لأن بريدك بلغ حد الإرسال اليومي لدى Google\. سيُستأنف تلقائياً في/);
    await expectNoAxeViolations(user.page);
    await screenshot(user.page, 'dashboard-paused');

    // The admin gives the user three more messages (users tab, same package: the typed balance is kept).
    const admin = await browser.newPage();
    await signInAsAdmin(admin.page, inject('adminEmail'), inject('adminPassword'));
    await admin.page.goto('/admin/users');
    await admin.page.getByLabel('البحث بالبريد الإلكتروني').fill(email);
    const userRow = admin.page.locator('tbody tr', { hasText: email });
    await userRow.waitFor();
    await userRow.getByRole('button', { name: `تعديل المستخدم ${email}` }).click();
    const dialog = admin.page.getByRole('dialog', { name: 'تعديل بيانات المستخدم' });
    await dialog.getByLabel(field('الرسائل المتبقية')).fill('3');
    await dialog.getByRole('button', { name: 'حفظ' }).click();
    await seen(admin.page, 'تم تحديث بيانات المستخدم بنجاح');

    // The admin watches the logs of this user: one job so far, the started one.
    await admin.page.goto('/admin/email_logs');
    await admin.page.getByLabel('بحث').fill(email);
    const table = admin.page.getByRole('table', { name: 'سجلات الرسائل' });
    const started = table.locator('tbody tr', { hasText: first });
    await started.waitFor();
    await expect.poll(() => table.locator('tbody tr').count()).toBe(1);
    await admin.page.evaluate(() => {
      (window as unknown as { __notReloaded: boolean }).__notReloaded = true;
    });

    // A second send while paused: scheduled, and it waits.
    const second = `ثاني طلب ${Date.now()}`;
    await sendWithTemplate(user.page, second);
    await seen(user.page, 'تمت جدولة 3 رسائل بنجاح. سيبدأ الإرسال تلقائياً من بريدك.');

    // The admin's table gains it live ('admin-sending'), as 'in queue' without counts.
    const queued = table.locator('tbody tr', { hasText: second });
    await queued.waitFor({ timeout: 5000 });
    expect(await admin.page.evaluate(() => (window as unknown as { __notReloaded?: boolean }).__notReloaded)).toBe(true);
    const queuedText = (await queued.textContent()) ?? '';
    expect(queuedText).toContain('في قائمة الانتظار');
    expect(queuedText).toContain('—');
    expect(queuedText).not.toMatch(/\d\s*\/\s*\d/);
    expect(await started.textContent()).toMatch(/\d\s*\/\s*\d/);
    // The paused job (processing) and the new one (in queue) are both in progress; the queued filter finds
    // only the waiting one.
    await expect.poll(async () => arabicInt(await admin.page.getByTestId('logs-summary-inProgress').textContent())).toBe(2);
    expect(await admin.page.getByTestId('logs-summary-inProgress').textContent()).toContain('قيد الإرسال');
    await admin.page.getByRole('combobox', { name: 'الحالة' }).click();
    await admin.page.getByRole('option', { name: 'في قائمة الانتظار' }).click();
    await expect.poll(() => table.locator('tbody tr').count()).toBe(1);
    await table.locator('tbody tr', { hasText: second }).waitFor();
    await expectNoAxeViolations(admin.page);
    await screenshot(admin.page, 'admin-email-logs-queued');

    // The user unlinks: everything waiting is held, and the dashboard says how many and where to relink.
    await user.page.goto('/send-resume');
    await user.page.getByTestId('mailbox-panel').getByRole('button', { name: 'إلغاء الربط' }).click();
    // The confirmation warns that the 13 waiting messages stop until the user links again.
    const warning = user.page.getByRole('dialog').getByTestId('unlink-active-warning');
    await warning.waitFor();
    expect(await warning.textContent()).toMatch(/لديك 13 رسالة قيد الانتظار أو الإرسال/);
    await expectNoAxeViolations(user.page);
    await user.page.getByRole('dialog').getByRole('button', { name: 'نعم، إلغاء الربط' }).click();
    await seen(user.page, 'تم إلغاء ربط Gmail بنجاح');
    await user.page.goto('/dashboard');
    await seen(user.page, '13 رسالة بانتظار إعادة ربط بريدك في Gmail.');
    expect(await user.page.getByRole('link', { name: 'أعد ربط بريدك' }).getAttribute('href')).toBe('/send-resume');
    expect(arabicInt(await user.page.getByTestId('status-pending').textContent())).toBe(13);
    await expectNoAxeViolations(user.page);
    await screenshot(user.page, 'dashboard-held');
  });
});

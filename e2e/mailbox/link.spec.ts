import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { signedInAs, signInAsAdmin } from '../fixtures/accounts';
import { expectNoAxeViolations, screenshot, useBrowser } from '../fixtures/browser';
import { uniqueEmail } from '../fixtures/outbox';

const browser = useBrowser();
const INVALID_GRANT = 'تم إلغاء ربط Gmail. يرجى إعادة الربط.';
const panel = (page: Page) => page.getByTestId('mailbox-panel');

/** On the sandbox's consent page: type the address, optionally untick sending, and press a button. */
async function answerConsent(page: Page, email: string, options: { untickSend?: boolean; deny?: boolean } = {}) {
  await page.waitForURL(/\/sandbox\/google\/o\/oauth2\/v2\/auth\?/);
  await page.getByRole('heading', { name: 'تسجيل الدخول باستخدام Google' }).waitFor();
  await page.getByRole('textbox', { name: /عنوان/ }).fill(email);
  if (options.untickSend) await page.getByRole('checkbox', { name: /إرسال البريد نيابةً عنك/ }).uncheck();
  await page.getByRole('button', { name: options.deny ? 'رفض' : 'السماح' }).click();
  await page.waitForURL((url) => url.pathname === '/send-resume');
}

async function expectLinked(page: Page, email: string) {
  await panel(page).getByText('مرتبط', { exact: true }).waitFor();
  await panel(page).getByTestId('mailbox-email').filter({ hasText: email }).waitFor();
}

describe('linking the user’s own Gmail (sandbox)', () => {
  it('connects through the consent page, comes back linked, notices a revoked grant on the 5-minute re-check, relinks and unlinks after confirming', async () => {
    const opened = await browser.newPage();
    const { page, consoleErrors, context } = opened;
    // A controllable clock (running normally) so the 5-minute re-check can be reached without waiting.
    await context.clock.install();
    await signedInAs(page, 'mailbox');
    // Registration passes through the system-mail outbox page, which has no favicon: only this journey counts.
    consoleErrors.length = 0;
    await page.goto('/send-resume');
    await panel(page).getByText('غير مرتبط', { exact: true }).waitFor();
    await expectNoAxeViolations(page);
    await screenshot(page, 'mailbox-not-linked');

    await panel(page).getByRole('button', { name: 'ربط حساب Gmail' }).click();
    await page.waitForURL(/\/sandbox\/google\/o\/oauth2\/v2\/auth\?/);
    const consent = new URL(page.url());
    expect(consent.searchParams.get('access_type')).toBe('offline');
    expect(consent.searchParams.get('prompt')).toBe('consent');
    expect(consent.searchParams.get('code_challenge_method')).toBe('S256');
    await page.getByRole('heading', { name: 'تسجيل الدخول باستخدام Google' }).waitFor();
    await expectNoAxeViolations(page);
    await screenshot(page, 'mailbox-consent');

    const mailbox = uniqueEmail('applicant').replace('@sira.example', '@gmail.com');
    await answerConsent(page, mailbox);
    await panel(page).getByText('تم ربط حساب Gmail بنجاح').waitFor();
    // The result was shown and taken out of the address bar.
    await page.waitForURL((url) => url.pathname === '/send-resume' && url.search === '');
    await expectLinked(page, mailbox);
    await expectNoAxeViolations(page);
    await screenshot(page, 'mailbox-linked');

    // The grant is revoked at Google (as a password change does); the next re-check finds out, no reload.
    const control = await fetch(`${browser.baseUrl}/sandbox/google/_control/revoke-all`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ mailbox }),
    });
    expect(control.status).toBe(204);
    await context.clock.fastForward('05:01');
    await panel(page).getByText(INVALID_GRANT).waitFor();
    // Spec §8 says it as a toast too.
    await page.locator('.mantine-Notification-root', { hasText: INVALID_GRANT }).first().waitFor();
    await panel(page).getByText('غير مرتبط', { exact: true }).waitFor();
    expect(await panel(page).getByText('تم ربط حساب Gmail بنجاح').count()).toBe(0);
    await screenshot(page, 'mailbox-invalid-grant');

    await panel(page).getByRole('button', { name: 'إعادة الربط' }).click();
    await answerConsent(page, mailbox);
    await expectLinked(page, mailbox);
    expect(await panel(page).getByText(INVALID_GRANT).count()).toBe(0);

    await panel(page).getByRole('button', { name: 'إلغاء الربط' }).click();
    const dialog = page.getByRole('dialog', { name: 'إلغاء ربط Gmail' });
    await dialog.waitFor();
    await expectNoAxeViolations(page);
    await screenshot(page, 'mailbox-unlink-dialog');
    await dialog.getByRole('button', { name: 'نعم، إلغاء الربط' }).click();
    await page.getByText('تم إلغاء ربط Gmail بنجاح').first().waitFor();
    await panel(page).getByText('غير مرتبط', { exact: true }).waitFor();
    expect(await panel(page).getByText(INVALID_GRANT).count()).toBe(0);

    // The message went to Sent? Nothing was sent; the mailbox's Sent folder exists and is browsable.
    await page.goto(`/sandbox/google/mail/${encodeURIComponent(mailbox)}`);
    await page.getByRole('heading', { name: /البريد المرسل/ }).waitFor();
    await expectNoAxeViolations(page);
    expect(consoleErrors).toEqual([]);
  });

  it('explains a refusal and a consent without the send permission, and stays unlinked', async () => {
    const opened = await browser.newPage();
    const { page } = opened;
    await signedInAs(page, 'mailbox-refuse');
    await page.goto('/send-resume');
    const mailbox = uniqueEmail('refuser').replace('@sira.example', '@gmail.com');

    await panel(page).getByRole('button', { name: 'ربط حساب Gmail' }).click();
    await answerConsent(page, mailbox, { untickSend: true });
    await panel(page)
      .getByText(/يجب السماح بصلاحية "إرسال البريد نيابةً عنك"/)
      .waitFor();
    await panel(page).getByText('غير مرتبط', { exact: true }).waitFor();
    await screenshot(page, 'mailbox-scope-missing');

    await panel(page).getByRole('button', { name: 'ربط حساب Gmail' }).click();
    await answerConsent(page, mailbox, { deny: true });
    await panel(page).getByText('لم يتم ربط Gmail لأنك لم توافق على الطلب في صفحة Google.').waitFor();
    await panel(page).getByText('غير مرتبط', { exact: true }).waitFor();
  });
});

describe('admin gmail tab', () => {
  it('shows the secret only as set, validates URLs and the client id like the server, and saves', async () => {
    const opened = await browser.newPage();
    const { page, consoleErrors } = opened;
    await signInAsAdmin(page, inject('adminEmail'), inject('adminPassword'));
    await page.goto('/admin/gmail');
    await page.getByRole('heading', { name: 'إعدادات ربط Gmail' }).waitFor();
    await page.getByTestId('gmail-secret-status').getByText('محفوظ', { exact: true }).waitFor();
    expect(await page.getByLabel('سر العميل (Client Secret)').inputValue()).toBe('');
    await expectNoAxeViolations(page);
    await screenshot(page, 'admin-gmail');

    const redirects = page.getByTestId('gmail-redirect-uris');
    await redirects.getByLabel('رابط إعادة توجيه جديد').fill('not a url');
    await redirects.getByRole('button', { name: 'إضافة' }).click();
    await redirects.getByText('الرجاء إدخال رابط صالح').waitFor();
    await redirects.getByLabel('رابط إعادة توجيه جديد').fill('https://sira.example/api/mailbox/callback');
    await redirects.getByRole('button', { name: 'إضافة' }).click();
    await redirects.getByText('https://sira.example/api/mailbox/callback', { exact: true }).waitFor();

    const clientId = page.getByLabel('معرّف العميل (Client ID)');
    const original = await clientId.inputValue();
    await clientId.fill('123.example.com');
    await page.getByRole('button', { name: 'حفظ', exact: true }).click();
    await page.getByText('فشل الحفظ').first().waitFor();
    await page.getByText(/^معرّف العميل يجب أن ينتهي بـ/).waitFor();
    await expectNoAxeViolations(page);

    await clientId.fill(original);
    // A scope typed but not added is not silently dropped: the save waits for it.
    const scopes = page.getByTestId('gmail-scopes');
    await scopes.getByLabel('صلاحية جديدة').fill('openid');
    await page.getByRole('button', { name: 'حفظ', exact: true }).click();
    await scopes.getByText('كتبت قيمة لم تُضف بعد: اضغط «إضافة» لإضافتها أو امسح الحقل، ثم احفظ.').waitFor();
    await scopes.getByLabel('صلاحية جديدة').fill('');
    await page.getByRole('button', { name: 'حفظ', exact: true }).click();
    await page.getByText('تم حفظ الإعدادات بنجاح').first().waitFor();
    await redirects.getByRole('button', { name: 'حذف https://sira.example/api/mailbox/callback' }).click();
    await page.getByRole('button', { name: 'حفظ', exact: true }).click();
    await page.getByText('تم حفظ الإعدادات بنجاح').first().waitFor();
    await page.getByTestId('gmail-secret-status').getByText('محفوظ', { exact: true }).waitFor();
    expect(consoleErrors).toEqual([]);
  });
});

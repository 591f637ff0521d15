import { describe, expect, it } from 'vitest';
import { field, registerAndConfirm } from '../fixtures/accounts';
import { expectNoAxeViolations, screenshot, useBrowser } from '../fixtures/browser';
import { openLatestMail, uniqueEmail } from '../fixtures/outbox';

/**
 * When the mail server refuses a confirmation or reset e-mail the page says so and offers to send it again.
 * The embedded server's outbox never refuses, so the refusal is played at the network for one answer; the
 * account, the resend and the e-mails are real (the server side is tested against a refusing SMTP server).
 */
const browser = useBrowser();
const mailNotSent = { status: 503, contentType: 'application/json', body: '{"code":"MAIL_NOT_SENT"}' };

describe('a system e-mail that did not leave', () => {
  it('registration says the confirmation e-mail was not sent, and the resend button sends it', async () => {
    const { page } = await browser.newPage();
    const email = uniqueEmail('unsent');
    // The account is really created; only the answer says the mail server refused its e-mail.
    await page.route('**/api/auth/register', async (route) => {
      const response = await route.fetch();
      await route.fulfill({ response, json: { ...(await response.json()), confirmationSent: false } });
    });
    await page.goto('/register');
    await page.getByRole('button', { name: 'إنشاء الحساب' }).waitFor();
    await page.getByLabel(field('الاسم الكامل بالعربية')).fill('سارة أحمد');
    await page.getByLabel(field('البريد الإلكتروني')).fill(email);
    await page.getByLabel(field('رقم الجوال')).fill('0512345678');
    await page.getByLabel(field('كلمة المرور')).fill('secret1');
    await page.getByLabel(field('تأكيد كلمة المرور')).fill('secret1');
    await page.getByRole('checkbox', { name: /أوافق على الشروط والأحكام/ }).check();
    await page.getByRole('button', { name: 'إنشاء الحساب' }).click();
    await page.getByText('تم إنشاء حسابك، لكن تعذر إرسال رسالة التفعيل إلى بريدك الإلكتروني.').waitFor();
    expect(new URL(page.url()).pathname).toBe('/register');
    await expectNoAxeViolations(page);
    await screenshot(page, 'register-confirmation-not-sent');

    // Refused again: said, and the button is at once usable again.
    await page.route('**/api/auth/confirmation', (route) => route.fulfill(mailNotSent), { times: 1 });
    const resend = page.getByRole('button', { name: 'إعادة إرسال رسالة التفعيل' });
    await resend.click();
    await page.getByText('تعذر إرسال الرسالة إلى بريدك الإلكتروني حالياً.').first().waitFor();
    await expect.poll(() => resend.isEnabled()).toBe(true);

    await resend.click();
    await page.waitForURL('**/login?registered=1');
    const link = await openLatestMail(page, email, 'تفعيل حسابك في سيرة');
    await page.goto(link);
    await page.waitForURL('**/login?confirmed=1');
  });

  it('a reset request whose e-mail did not leave says so under the form, and asking again sends it', async () => {
    const { page } = await browser.newPage();
    const email = uniqueEmail('reset-unsent');
    await registerAndConfirm(page, email, 'secret1');
    await page.getByLabel(field('البريد الإلكتروني')).fill(email);
    await page.route('**/api/auth/password-reset', (route) => route.fulfill(mailNotSent), { times: 1 });
    const forgot = page.getByRole('button', { name: 'نسيت كلمة المرور؟' });
    await forgot.click();
    await page.locator('form').getByText('تعذر إرسال الرسالة إلى بريدك الإلكتروني حالياً.').waitFor();
    await forgot.click();
    await page.getByRole('button', { name: /يمكنك طلب رابط جديد بعد \d+ ثانية/ }).waitFor();
    await openLatestMail(page, email, 'إعادة تعيين كلمة المرور في سيرة');
  });
});

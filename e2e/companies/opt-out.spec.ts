import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { openAsAdmin, signedInAs } from '../fixtures/accounts';
import { expectNoAxeViolations, screenshot, useBrowser, viewports } from '../fixtures/browser';
import { chooseTemplate, linkGmailViaSandbox, resumeUpload, sandboxSent } from '../fixtures/sending';
import { companiesTimeout } from './companies-helpers';

/**
 * A receiving company's opt-out (ADR 013), as the company meets it: the application e-mail in the mailbox, the
 * link at its foot, the page on a phone — "stop sending here", "send to another address instead" — and the
 * administrator approving the new address on the companies tab.
 */
const browser = useBrowser();

/** Opens the n-th message of the mailbox's Sent folder (the sandbox's viewer) and follows its opt-out link. */
async function followOptOutLink(page: Page, mailbox: string, n: number): Promise<string> {
  await page.goto(`/sandbox/google/mail/${encodeURIComponent(mailbox)}`);
  await page.locator('tbody tr').nth(n).getByRole('link').click();
  const footer = page.getByRole('article').getByRole('link', { name: 'إدارة الاستلام' });
  const href = (await footer.getAttribute('href')) ?? '';
  expect(href).toMatch(/\/opt-out\/[A-Za-z0-9_-]{40,}$/);
  await footer.click();
  await page.waitForURL((url) => url.pathname.startsWith('/opt-out/'));
  await page.getByRole('heading', { name: 'استقبال السير الذاتية من منصة سيرة', level: 1 }).waitFor();
  return new URL(page.url()).pathname;
}

describe('company opt-out', companiesTimeout, () => {
  it('from the e-mail’s link on a phone: stop, or another address the administrator approves', async () => {
    // An applicant sends: ten companies, one message a second.
    const user = await browser.newPage();
    await signedInAs(user.page, 'optout');
    const mailbox = `optout.${Date.now()}@gmail.com`;
    await linkGmailViaSandbox(user.page, mailbox);
    await chooseTemplate(user.page);
    await user.page.locator('input[type="file"]').setInputFiles(resumeUpload('optout'));
    await user.page.getByRole('button', { name: 'إرسال السيرة الذاتية' }).click();
    await user.page.waitForURL((url) => url.pathname === '/dashboard');
    await expect.poll(async () => (await sandboxSent(user.page, mailbox)).length, { timeout: 60_000 }).toBeGreaterThanOrEqual(2);
    await user.context.close();

    // A company reads the message on a phone and follows the link at its foot.
    const company = await browser.newPage(viewports.phone);
    const { page } = company;
    const stopPath = await followOptOutLink(page, mailbox, 0);
    await page.getByText('العنوان:').waitFor();
    // One column that fits the phone: nothing scrolls sideways.
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await expectNoAxeViolations(page);
    await screenshot(page, 'opt-out-phone');

    // A mistyped new address is refused on the field, in Arabic.
    await page.getByLabel(/العنوان الجديد/).fill('not-an-address');
    await page.getByRole('button', { name: 'أرسلوا إلى العنوان الجديد' }).click();
    await page.getByText('يرجى إدخال عنوان بريد إلكتروني صحيح.').waitFor();
    expect(await page.getByLabel(/العنوان الجديد/).getAttribute('aria-invalid')).toBe('true');

    await page.getByRole('button', { name: 'أوقفوا الإرسال إلى هذا العنوان' }).click();
    await page.getByRole('status').filter({ hasText: 'تم. لن تصل سير ذاتية من منصة سيرة إلى هذا العنوان بعد الآن.' }).waitFor();
    await expectNoAxeViolations(page);
    await screenshot(page, 'opt-out-stopped-phone');
    // It holds: the page opened again says so and offers no second stop.
    await page.reload();
    await page.getByText('تم. لن تصل سير ذاتية من منصة سيرة إلى هذا العنوان بعد الآن.').waitFor();
    expect(await page.getByRole('button', { name: 'أوقفوا الإرسال إلى هذا العنوان' }).count()).toBe(0);

    // A link altered by one character is refused.
    const altered = stopPath.replace(/.$/, (c) => (c === 'A' ? 'B' : 'A'));
    await page.goto(altered);
    await page.getByRole('alert').filter({ hasText: 'هذا الرابط غير صالح' }).waitFor();

    // Another company asks for its CVs at another address.
    const redirectPath = await followOptOutLink(page, mailbox, 1);
    const newAddress = `careers.${Date.now()}@new-address.example`;
    await page.getByLabel(/العنوان الجديد/).fill(newAddress);
    await page.getByRole('button', { name: 'أرسلوا إلى العنوان الجديد' }).click();
    await page
      .getByRole('status')
      .filter({ hasText: `طلبكم الإرسال إلى ${newAddress} قيد المراجعة` })
      .waitFor();
    await expectNoAxeViolations(page);

    // The administrator sees both on the companies tab and approves the new address.
    const admin = await openAsAdmin(browser);
    await admin.page.goto('/admin/companies');
    const section = admin.page.getByRole('table', { name: 'طلبات الشركات: إيقاف الاستلام وتغيير العنوان' });
    await section.waitFor({ timeout: 60_000 });
    const request = section.locator('tbody tr', { hasText: newAddress });
    await request.getByText('بانتظار الموافقة').waitFor();
    await expectNoAxeViolations(admin.page, { within: 'section[aria-labelledby="opt-outs-title"]' });
    await request.getByRole('button', { name: 'موافقة' }).click();
    await admin.page.getByText('تمت الموافقة، وأصبح سجل الشركة على العنوان الجديد.').first().waitFor();
    await request.getByText('تمت الموافقة').waitFor();
    await section.scrollIntoViewIfNeeded();
    await screenshot(admin.page, 'admin-opt-outs', { fullPage: false });
    await admin.context.close();

    await page.goto(redirectPath);
    await page.getByText(`تمت الموافقة على الإرسال إلى ${newAddress} بدلاً من هذا العنوان.`).waitFor();
    await company.context.close();
  });
});

import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { openAsAdmin, signedInAs } from '../fixtures/accounts';
import { expectNoAxeViolations, screenshot, useBrowser, viewports } from '../fixtures/browser';
import { openLatestMail } from '../fixtures/outbox';
import { chooseTemplate, linkGmailViaSandbox, resumeUpload, sandboxSent } from '../fixtures/sending';
import { companiesTimeout } from './companies-helpers';

/**
 * A receiving company's opt-out (ADR 013, ADR 018), as the company, the sender and the administrator meet it:
 * the application e-mail in the mailbox, the link at its foot, the page on a phone — for an address longer
 * than a router's usual parameter limit too — stopping that sender at once, asking to stop every user (which
 * the company's own address confirms from a mailed link), asking for another address, the sender opening
 * their own message's link, and the administrator deciding, with the evidence, at the top of the companies tab.
 */
const browser = useBrowser();

/** The trial package's consultancies: seven companies, the first of them with a 46-character address. */
const SECTOR = 'الاستشارات';
const LONG_ADDRESS = 'recruitment@ardalkhair-consulting-0013.example';

/** Opens the message to `to` in the mailbox's Sent folder (the sandbox's viewer) and follows its opt-out link. */
async function followOptOutLink(page: Page, mailbox: string, to: string): Promise<string> {
  await page.goto(`/sandbox/google/mail/${encodeURIComponent(mailbox)}`);
  await page.locator('tbody tr', { hasText: to }).getByRole('link').click();
  const footer = page.getByRole('article').getByRole('link', { name: 'إدارة الاستلام' });
  const href = (await footer.getAttribute('href')) ?? '';
  expect(href).toMatch(/\/opt-out\/[A-Za-z0-9_-]{40,}$/);
  await footer.click();
  await page.waitForURL((url) => url.pathname.startsWith('/opt-out/'));
  await page.getByRole('heading', { name: 'استقبال السير الذاتية من منصة سيرة', level: 1 }).waitFor();
  return new URL(page.url()).pathname;
}

const status = (page: Page, text: string) => page.getByRole('status').filter({ hasText: text }).waitFor();

describe('company opt-out', companiesTimeout, () => {
  it('the link stops its sender; every user or another address only as the company confirms and the administrator decides', async () => {
    // An applicant sends to the trial package's consultancies.
    const user = await browser.newPage();
    await signedInAs(user.page, 'optout');
    const mailbox = `optout.${Date.now()}@gmail.com`;
    await linkGmailViaSandbox(user.page, mailbox);
    await user.page.getByRole('heading', { name: 'الشركات التي تصلها سيرتك' }).waitFor();
    await user.page.getByRole('combobox', { name: 'القطاعات' }).click();
    await user.page.getByRole('option', { name: new RegExp(`^${SECTOR} \\(`) }).click();
    await user.page.keyboard.press('Escape');
    await user.page.getByTestId('target-count').waitFor();
    await chooseTemplate(user.page);
    await user.page.locator('input[type="file"]').setInputFiles(resumeUpload('optout'));
    await user.page.getByRole('button', { name: 'إرسال السيرة الذاتية' }).click();
    await user.page.waitForURL((url) => url.pathname === '/dashboard');
    await expect.poll(async () => (await sandboxSent(user.page, mailbox)).length, { timeout: 90_000 }).toBeGreaterThanOrEqual(4);
    const recipients = (await sandboxSent(user.page, mailbox)).map((m) => m.to);
    expect(recipients).toContain(LONG_ADDRESS);
    const [stopAllAddress, redirectAddress, ownAddress] = recipients.filter((to) => to !== LONG_ADDRESS) as [string, string, string];

    // A company reads the message to its long address on a phone and follows the link at its foot.
    const company = await browser.newPage(viewports.phone);
    const { page } = company;
    const stopPath = await followOptOutLink(page, mailbox, LONG_ADDRESS);
    await page.getByText(LONG_ADDRESS).waitFor();
    // One column that fits the phone: nothing scrolls sideways.
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await expectNoAxeViolations(page);
    await screenshot(page, 'opt-out-phone');

    await page.getByRole('button', { name: 'أوقفوا رسائل هذا المتقدّم' }).click();
    await status(page, 'تم. لن يرسل هذا المتقدّم سيرته إلى هذا العنوان بعد الآن.');
    await expectNoAxeViolations(page);
    await screenshot(page, 'opt-out-stopped-phone');
    // It holds: the page opened again says so and offers no second stop.
    await page.reload();
    await page.getByText('تم. لن يرسل هذا المتقدّم سيرته إلى هذا العنوان بعد الآن.').waitFor();
    expect(await page.getByRole('button', { name: 'أوقفوا رسائل هذا المتقدّم' }).count()).toBe(0);

    // A link altered by one character is refused.
    await page.goto(stopPath.replace(/.$/, (c) => (c === 'A' ? 'B' : 'A')));
    await page.getByRole('alert').filter({ hasText: 'هذا الرابط غير صالح' }).waitFor();

    // Another company asks that no user send to it: its own address gets a mail to confirm.
    await followOptOutLink(page, mailbox, stopAllAddress);
    await page.getByRole('button', { name: 'أوقفوا الإرسال من الجميع' }).click();
    await status(page, `أرسلنا رسالة تأكيد إلى ${stopAllAddress}`);
    const confirmLink = await openLatestMail(page, stopAllAddress, 'تأكيد إيقاف استقبال السير الذاتية');
    expect(new URL(confirmLink).pathname).toMatch(/^\/opt-out\/confirm\/[A-Za-z0-9_-]{40,}$/);
    await page.goto(new URL(confirmLink).pathname);
    await page.getByRole('heading', { name: 'تأكيد طلبكم لدى منصة سيرة', level: 1 }).waitFor();
    await page.getByText(`طُلب إيقاف إرسال السير الذاتية من جميع مستخدمي سيرة إلى ${stopAllAddress}.`).waitFor();
    await expectNoAxeViolations(page);
    await page.getByRole('button', { name: 'تأكيد الطلب' }).click();
    await status(page, `تم التأكيد. لن يرسل أي مستخدم من مستخدمي سيرة إلى ${stopAllAddress} بعد الآن.`);
    await screenshot(page, 'opt-out-confirmed-phone');

    // A third asks for its CVs at another address; a mistyped one is refused on the field, in Arabic.
    const redirectPath = await followOptOutLink(page, mailbox, redirectAddress);
    await page.getByLabel(/العنوان الجديد/).fill('not-an-address');
    await page.getByRole('button', { name: 'أرسلوا إلى العنوان الجديد' }).click();
    await page.getByText('يرجى إدخال عنوان بريد إلكتروني صحيح.').waitFor();
    expect(await page.getByLabel(/العنوان الجديد/).getAttribute('aria-invalid')).toBe('true');
    const newAddress = `careers.${Date.now()}@new-address.example`;
    await page.getByLabel(/العنوان الجديد/).fill(newAddress);
    await page.getByRole('button', { name: 'أرسلوا إلى العنوان الجديد' }).click();
    await status(page, `أرسلنا رسالة تأكيد إلى ${redirectAddress}`);
    await expectNoAxeViolations(page);

    // The sender opens a link of their own message: only their own stop is offered.
    await followOptOutLink(user.page, mailbox, ownAddress);
    await user.page.getByText('تبدو هذه الصفحة مفتوحة من حساب مرسل هذه الرسالة').waitFor();
    await user.page.getByRole('button', { name: 'أوقفوا رسائل هذا المتقدّم' }).waitFor();
    expect(await user.page.getByRole('button', { name: 'أوقفوا الإرسال من الجميع' }).count()).toBe(0);
    expect(await user.page.getByRole('button', { name: 'أرسلوا إلى العنوان الجديد' }).count()).toBe(0);
    await expectNoAxeViolations(user.page);

    // The administrator finds the request waiting at the top of the companies tab, with its evidence.
    const admin = await openAsAdmin(browser);
    await admin.page.goto('/admin/companies');
    const requests = admin.page.locator('section[aria-labelledby="opt-out-requests-title"]');
    const table = requests.getByRole('table', { name: 'الطلبات' });
    await table.waitFor({ timeout: 60_000 });
    const sections = await admin.page.locator('main section h2').allTextContents();
    expect(sections[0]).toBe('طلبات الشركات: إيقاف الاستلام وتغيير العنوان');
    await requests
      .getByRole('status')
      .filter({ hasText: /^\d+ بانتظار قرارك$/ })
      .waitFor();
    const request = table.locator('tbody tr', { hasText: newAddress });
    await request.getByText('لم يؤكده عنوان الشركة').waitFor();
    await request.getByText('روابط رسائله المستخدمة: 3').waitFor();
    await expectNoAxeViolations(admin.page, { within: 'section[aria-labelledby="opt-out-requests-title"]' });
    await request.getByRole('button', { name: 'موافقة' }).click();
    await admin.page.getByText('تم تنفيذ الطلب.').first().waitFor();
    await request.getByText('تمت الموافقة').waitFor();
    await requests.scrollIntoViewIfNeeded();
    await screenshot(admin.page, 'admin-opt-outs', { fullPage: false });

    // The confirmed stop is among the addresses no user sends to; the administrator lifts it, once the directory
    // above has its rows (a page of them moves the section down).
    await admin.page.getByRole('table', { name: 'دليل الشركات' }).waitFor();
    const marks = admin.page.getByRole('table', { name: 'عناوين لا يُرسل إليها أحد' });
    const mark = marks.locator('tbody tr', { hasText: stopAllAddress });
    await mark.getByText('بتأكيد من عنوان الشركة').waitFor();
    await expectNoAxeViolations(admin.page, { within: 'section[aria-labelledby="opt-out-marks-title"]' });
    await mark.getByRole('button', { name: 'رفع الإيقاف' }).click();
    await admin.page.getByText('رُفع الإيقاف، ويمكن للمستخدمين الإرسال إلى العنوان من جديد.').first().waitFor();
    await expect.poll(async () => mark.count(), { timeout: 30_000 }).toBe(0);

    await page.goto(redirectPath);
    await page.getByText(`تمت الموافقة على الإرسال إلى ${newAddress} بدلاً من هذا العنوان.`).waitFor();
  });
});

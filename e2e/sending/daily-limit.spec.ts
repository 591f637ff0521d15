import type { Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { fillLogin, openAsAdmin, signedInAs } from '../fixtures/accounts';
import { expectNoAxeViolations, screenshot, useBrowser, viewports } from '../fixtures/browser';
import { arabicInt, chooseTemplate, linkGmailViaSandbox, resumeUpload } from '../fixtures/sending';

/**
 * Sira's own daily cap per mailbox (ADR 008), from the browser: /send-resume says before sending that the cap
 * holds part of the send and, in the plan, how many go on the first day and over how many days, and the dashboard says the cap holds the rest and when sending resumes —
 * not only Google's refusal (paused-queue.spec.ts). The administrator lowers the cap of Gmail mailboxes to
 * 3 for the journey and puts it back afterwards.
 */
const browser = useBrowser();
const GMAIL_CAP = 'حسابات Gmail الشخصية';

async function setGmailCap(page: Page, cap: number) {
  await page.goto('/admin/email_settings');
  await page.getByLabel(GMAIL_CAP, { exact: true }).fill(String(cap));
  await page.getByRole('button', { name: 'حفظ الإعدادات' }).click();
  await page.getByText('تم حفظ الإعدادات بنجاح').first().waitFor();
}

afterAll(async () => {
  const { page, context } = await openAsAdmin(browser);
  await setGmailCap(page, 400);
  await context.close();
});

describe("the mailbox's daily cap", () => {
  it('is said before sending (three on the first day, over four days) and on the dashboard while it holds the rest', {
    timeout: 120_000,
  }, async () => {
    const admin = await openAsAdmin(browser);
    await setGmailCap(admin.page, 3);
    await admin.context.close();

    const { page } = await browser.newPage();
    const account = await signedInAs(page, 'capped');
    await linkGmailViaSandbox(page, `capped.${Date.now()}@gmail.com`);
    const summary = page.getByTestId('sendable-summary');
    // How many this request reaches; not "now": the cap lets three go today, as the plan and the note say.
    await summary.getByText('يصل هذا الطلب إلى 10 شركات', { exact: true }).waitFor();
    expect(await summary.textContent()).not.toMatch(/الآن/);
    // The plan: three a day (the window is open all week on the journeys' server), the last one on the fourth day.
    const plan = page.getByTestId('send-plan-summary');
    await plan.getByText('ستُرسل 10 رسائل على مدى 4 أيام.').waitFor();
    await plan.getByText('في اليوم الأول: 3 رسائل.').waitFor();
    await summary
      .getByText('يرسل بريدك 3 رسائل على الأكثر في كل 24 ساعة، فتنتظر بقية الرسائل حتى يسمح الحد اليومي وتُرسل تلقائياً.')
      .waitFor();
    await expectNoAxeViolations(page);
    await summary.scrollIntoViewIfNeeded();
    await screenshot(page, 'send-resume-daily-limit', { fullPage: false });
    await page.setViewportSize(viewports.phone);
    await summary.scrollIntoViewIfNeeded();
    await screenshot(page, 'send-resume-daily-limit-phone', { fullPage: false });
    await page.setViewportSize(viewports.desktop);

    await chooseTemplate(page);
    await page.locator('input[type="file"]').setInputFiles(resumeUpload('capped'));
    await page.getByRole('button', { name: 'إرسال السيرة الذاتية' }).click();
    await page.waitForURL((url) => url.pathname === '/dashboard');

    // Three leave, then the cap holds the other seven: the panel says so, and when sending resumes.
    const notice = page.getByTestId('status-daily-limit');
    await notice
      .getByText(/^بلغ بريدك حد الإرسال اليومي \(3 رسائل في كل 24 ساعة\)\. سيُستأنف الإرسال تلقائياً في /)
      .waitFor({ timeout: 60_000 });
    expect(arabicInt(await page.getByTestId('status-completed').textContent())).toBe(3);
    expect(arabicInt(await page.getByTestId('status-pending').textContent())).toBe(7);
    await expectNoAxeViolations(page);
    await screenshot(page, 'dashboard-daily-limit');

    // The same dashboard on a phone: the reserved balance, then the panel with the cap's notice.
    const phone = await browser.newPage(viewports.phone);
    await phone.page.goto('/login');
    await fillLogin(phone.page, account.email, account.password);
    await phone.page.waitForURL('**/dashboard');
    await phone.page.getByTestId('balance-notice').waitFor();
    await screenshot(phone.page, 'dashboard-daily-limit-phone', { fullPage: false });
    await phone.page.getByTestId('status-daily-limit').scrollIntoViewIfNeeded();
    await screenshot(phone.page, 'dashboard-daily-limit-phone-panel', { fullPage: false });
    await expectNoAxeViolations(phone.page);
  });
});

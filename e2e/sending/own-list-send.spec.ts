import { sendPlanText } from '@sira/shared/messages/sending-window';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { openAsAdmin, signedInAs } from '../fixtures/accounts';
import { expectNoAxeViolations, screenshot, useBrowser, viewports } from '../fixtures/browser';
import { chooseTemplate, linkGmailViaSandbox, resumeUpload, sandboxSent } from '../fixtures/sending';
import { xlsx } from '../own-companies/sheet';

/**
 * Sending to the user's own companies: with a package that includes "my companies" and three of them uploaded
 * as a spreadsheet on /my-companies, the user chooses «قائمتي» on /send-resume, sees the three counted and the plan for them, sends, and exactly
 * those three receive the message; the dashboard's record says each came from «قائمتي».
 */
const browser = useBrowser();

/** Moves the account to a package that includes "my companies", as the administrator does. */
async function moveToOwnListPackage(email: string) {
  const { page: admin, context } = await openAsAdmin(browser);
  const listed = (await (await admin.request.get(`/api/admin/users?search=${encodeURIComponent(email)}&page=1&pageSize=10`)).json()) as {
    rows: Array<{ id: string }>;
  };
  const moved = await admin.request.patch(`/api/admin/users/${listed.rows[0]?.id}`, {
    data: { packageName: 'باقة التميز', messagesRemaining: 50 },
  });
  expect(moved.status()).toBe(200);
  await context.close();
}

/** Uploads the companies as a spreadsheet on /my-companies, as the user does, and waits for the result. */
async function uploadOwnCompanies(page: Page, companies: Array<{ name: string; email: string }>) {
  await page.goto('/my-companies');
  await page.getByRole('heading', { name: 'شركاتي', level: 1 }).waitFor();
  await page.locator('input[type="file"]').setInputFiles({
    name: 'قائمتي.xlsx',
    mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    buffer: xlsx([['اسم الشركة', 'البريد الإلكتروني', 'القطاع', 'الموقع'], ...companies.map((c) => [c.name, c.email, 'تقنية', 'الرياض'])]),
  });
  await page.getByRole('button', { name: 'رفع الملف' }).click();
  await page.getByText(`صفوف الملف: ${companies.length} — أضيفت: ${companies.length}`).first().waitFor({ timeout: 30_000 });
}

describe('sending to my companies', () => {
  for (const [device, viewport] of [
    ['desktop', viewports.desktop],
    ['phone', viewports.phone],
  ] as const) {
    it(`on ${device}: «قائمتي» counts and plans the list, and only its companies receive the message`, { timeout: 180_000 }, async () => {
      const { page, consoleErrors } = await browser.newPage(viewport);
      const { email } = await signedInAs(page, `own-send-${device}`);
      await moveToOwnListPackage(email);
      const stamp = Date.now();
      const own = [1, 2, 3].map((n) => ({ name: `شركتي ${n}`, email: `hr${n}@own-${device}-${stamp}.example` }));
      await uploadOwnCompanies(page, own);
      const mailbox = `own-send-${device}.${stamp}@gmail.com`;
      await linkGmailViaSandbox(page, mailbox);

      await page.getByRole('radio', { name: 'قائمتي', exact: true }).check();
      // The list is taken whole: three companies, no sectors or cities to narrow it, and the plan for three.
      await page.getByTestId('sendable-summary').getByText('يصل هذا الطلب إلى 3 شركات').waitFor();
      expect(await page.getByRole('combobox', { name: 'المدن' }).count()).toBe(0);
      await page.getByTestId('send-plan-summary').getByText(sendPlanText.summary(3, 1)).waitFor();
      await expectNoAxeViolations(page);
      await screenshot(page, `send-resume-own-list-${device}`, { fullPage: device === 'desktop' });

      await chooseTemplate(page);
      await page.getByLabel(/^عنوان الرسالة/).fill('طلب توظيف – {{company_name}}');
      await page.locator('input[type="file"]').setInputFiles(resumeUpload(`own list ${mailbox}`));
      await page.getByRole('button', { name: 'إرسال السيرة الذاتية' }).click();
      await page.waitForURL((url) => url.pathname === '/dashboard');

      await page.waitForFunction(
        () => document.querySelector('[data-testid="status-completed"]')?.textContent?.replace(/[^\d]/g, '') === '3',
        undefined,
        { timeout: 120_000 },
      );
      const sent = await sandboxSent(page, mailbox);
      expect(sent.map((m) => m.to.toLowerCase()).sort()).toEqual(own.map((c) => c.email).sort());

      // The record says where each company came from, and the send whom it reached.
      const sources = page.getByRole('table', { name: 'الرسائل المرسلة إلى الشركات' }).getByTestId('delivery-source');
      await expect.poll(async () => (await sources.allTextContents()).join('|')).toBe('قائمتي|قائمتي|قائمتي');
      await page.getByTestId('job-targeting').filter({ hasText: 'قائمتي' }).first().waitFor();
      await expectNoAxeViolations(page);
      await screenshot(page, `dashboard-own-list-${device}`, { fullPage: device === 'desktop' });
      expect(consoleErrors).toEqual([]);
    });
  }
});

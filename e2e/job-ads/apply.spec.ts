import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { signedInAs } from '../fixtures/accounts';
import { expectNoAxeViolations, screenshot, useBrowser, viewports } from '../fixtures/browser';
import { linkGmailViaSandbox, resumeUpload, sandboxSent } from '../fixtures/sending';

/**
 * Applying to a job ad, from the browser: the user pastes a post whose address is written to dodge robots
 * («hr [at] …»), confirms the address, the job title and the company that were read, and applies; the message
 * leaves their mailbox for that address with the job title in its subject, and the dashboard's record says the
 * company came from a job ad. Read again, the same post's address is shown as already written to; a post with
 * no address says so.
 */
const browser = useBrowser();

const JOB_TITLE = 'محاسب عام';
const COMPANY = 'شركة المثال للتجارة';

const post = (domain: string) =>
  `مطلوب ${JOB_TITLE} لدى ${COMPANY} في الرياض 📢\nخبرة سنتين على الأقل، إجادة Excel.\nللتقديم أرسل سيرتك الذاتية على: hr [at] ${domain}\n#وظائف_الرياض https://example.com/jobs`;

/** Pastes the post and asks for it to be read, as a person does. */
async function readPost(page: Page, text: string) {
  const box = page.getByTestId('job-ad-post');
  await box.fill(text);
  await page.getByRole('button', { name: 'اقرأ الإعلان' }).click();
  await page.getByRole('heading', { name: 'ما وجدناه في الإعلان' }).waitFor();
}

describe('applying to a job ad', () => {
  for (const [device, viewport] of [
    ['desktop', viewports.desktop],
    ['phone', viewports.phone],
  ] as const) {
    it(`on ${device}: an obfuscated address is read, the application leaves the mailbox and the dashboard says where it came from`, {
      timeout: 180_000,
    }, async () => {
      const { page, consoleErrors } = await browser.newPage(viewport);
      await signedInAs(page, `job-ad-${device}`);
      const mailbox = `job-ad-${device}.${Date.now()}@gmail.com`;
      await linkGmailViaSandbox(page, mailbox);
      const domain = `ad-${device}-${Date.now()}.example`;
      const address = `hr@${domain}`;

      // From the send page's link.
      await page.getByRole('link', { name: 'وجدت إعلان وظيفة؟ قدّم عليه مباشرة' }).click();
      await page.waitForURL((url) => url.pathname === '/apply');
      await page.getByRole('heading', { name: 'التقديم على إعلان وظيفة', level: 1 }).waitFor();
      await readPost(page, post(domain));

      // The address as it is meant, chosen; the job title and company are the user's to confirm.
      const box = page.getByRole('checkbox', { name: address });
      await box.waitFor();
      expect(await box.isChecked()).toBe(true);
      await page.getByLabel(/^المسمى الوظيفي/).fill(JOB_TITLE);
      await page.getByLabel(/^اسم الشركة/).fill(COMPANY);

      // The message starts from the job-ad message; here the subject is written to name the job and the company.
      await page.getByLabel(/^عنوان الرسالة/).fill('التقديم على وظيفة {{job_title}} – {{company_name}}');
      await page.getByText(`الموضوع: التقديم على وظيفة ${JOB_TITLE} – ${COMPANY}`).waitFor();
      await page.locator('input[type="file"]').setInputFiles(resumeUpload(`job ad ${mailbox}`));
      await page.getByTestId('job-ad-balance').waitFor();
      await page.getByTestId('send-plan-summary').waitFor();
      await expectNoAxeViolations(page);
      await screenshot(page, `apply-${device}`, { fullPage: device === 'desktop' });

      await page.getByRole('button', { name: 'أرسل الطلب' }).click();
      const done = page.getByTestId('job-ad-applied');
      await done.waitFor({ timeout: 30_000 });
      await expectNoAxeViolations(page);
      await screenshot(page, `apply-done-${device}`, { fullPage: false });

      // One message, from the user's mailbox to the ad's address, with the job title filled in.
      await expect
        .poll(async () => (await sandboxSent(page, mailbox)).map((m) => `${m.to} ${m.subject}`), { timeout: 90_000, interval: 500 })
        .toEqual([`${address} التقديم على وظيفة ${JOB_TITLE} – ${COMPANY}`]);

      // The same post again: its address was written to, so it cannot be chosen.
      await page.getByRole('button', { name: 'التقديم على إعلان آخر' }).click();
      await readPost(page, post(domain));
      expect(await page.getByRole('checkbox', { name: address }).isDisabled()).toBe(true);
      await page.getByText(/راسلت هذا العنوان في/).waitFor();
      expect(await page.getByRole('button', { name: 'أرسل الطلب' }).count()).toBe(0);

      // A post with no address says so, and where else to look.
      await readPost(page, `مطلوب ${JOB_TITLE} لدى ${COMPANY}. التقديم عبر موقع الشركة فقط.`);
      await page.getByTestId('job-ad-no-address').getByText('لم نجد في هذا الإعلان بريداً إلكترونياً للتقديم.').waitFor();
      await expectNoAxeViolations(page);
      await screenshot(page, `apply-no-address-${device}`, { fullPage: false });

      // The dashboard's record: the company came from a job ad, for this job.
      await page.goto('/dashboard');
      const row = page.getByRole('table', { name: 'الرسائل المرسلة إلى الشركات' }).locator('tbody tr').first();
      await row.getByTestId('delivery-source').getByText('إعلان وظيفة', { exact: true }).waitFor();
      await row.getByTestId('delivery-job-title').getByText(`الوظيفة: ${JOB_TITLE}`).waitFor();
      await page.getByTestId('job-targeting').filter({ hasText: 'إعلان وظيفة' }).first().waitFor();
      await expectNoAxeViolations(page);
      await screenshot(page, `dashboard-job-ad-${device}`, { fullPage: device === 'desktop' });
      expect(consoleErrors).toEqual([]);
    });
  }
});

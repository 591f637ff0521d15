import { sendableText, targetingText } from '@sira/shared/messages/sending';
import { describe, expect, it } from 'vitest';
import { openAsAdmin, signedInAs } from '../fixtures/accounts';
import { expectNoAxeViolations, screenshot, useBrowser } from '../fixtures/browser';
import { arabicInt, chooseTemplate, linkGmailViaSandbox, openOptions, resumeUpload, sandboxSent } from '../fixtures/sending';

/**
 * Sending to chosen companies, from the browser: on /send-resume the user picks one city, the form counts the
 * companies that would receive the CV as they choose, and after sending only that city's companies find the
 * message in their inbox — by the Google sandbox's record of what left the mailbox, checked against the
 * directory the administrator sees. The dashboard says what the send was narrowed to.
 */
const browser = useBrowser();

interface CityOption {
  text: string;
  city: string;
  count: number;
}

describe('targeting', () => {
  it('one city chosen: the count follows the choice, and only that city’s companies receive mail', { timeout: 180_000 }, async () => {
    const { page, consoleErrors } = await browser.newPage();
    await signedInAs(page, 'targeting');
    const mailbox = `targeting.${Date.now()}@gmail.com`;
    await linkGmailViaSandbox(page, mailbox);

    // "All" is the default: no count of its own beside the summary, which says the whole balance goes.
    await page.getByRole('heading', { name: 'الشركات التي تصلها سيرتك' }).waitFor();
    expect(await page.getByTestId('target-count').count()).toBe(0);
    expect(
      arabicInt(
        await page
          .getByTestId('sendable-summary')
          .getByText(/يصل هذا الطلب إلى/)
          .textContent(),
      ),
    ).toBe(10);

    // The cities of the trial package's directory, each with its companies; the smallest one is chosen.
    await openOptions(page, 'المدن');
    const optionTexts = await page.getByRole('option').allTextContents();
    const options: CityOption[] = optionTexts.map((text) => {
      const match = /^(.*) \((\d[\d,]*)\)$/.exec(text.trim());
      if (!match) throw new Error(`option without a count: ${text}`);
      return { text: text.trim(), city: match[1] as string, count: arabicInt(match[2] as string) };
    });
    expect(options.length).toBeGreaterThan(1);
    const chosen = options.reduce((a, b) => (b.count < a.count ? b : a));
    expect(chosen.count).toBeGreaterThan(0);
    await openOptions(page, 'المدن', chosen.text);
    await page.getByRole('option', { name: chosen.text, exact: true }).click();
    await page.keyboard.press('Escape');

    // The count follows the choice: that city's companies, or the balance when there are more of them.
    const expected = Math.min(chosen.count, 10);
    const count = page.getByTestId('target-count');
    await count.waitFor();
    expect(await count.textContent()).toBe(
      chosen.count > 10 ? targetingText.limitedByBalance(chosen.count, 10) : targetingText.receive(chosen.count),
    );
    // The summary above says the same number.
    await page.getByTestId('sendable-summary').getByText(sendableText.reaches(expected), { exact: true }).waitFor();
    await expectNoAxeViolations(page);
    await screenshot(page, 'send-resume-targeting');

    await chooseTemplate(page);
    // The subject names each company's city, as the directory has it.
    await page.getByLabel(/^عنوان الرسالة/).fill('طلب توظيف في {{location}} – {{company_name}}');
    await page.locator('input[type="file"]').setInputFiles(resumeUpload(`targeting ${mailbox}`));
    await page.getByRole('button', { name: 'إرسال السيرة الذاتية' }).click();
    await page.waitForURL((url) => url.pathname === '/dashboard');

    // The dashboard says what the send was narrowed to and when it may leave (working hours, the default), and
    // sends that many.
    await page
      .getByTestId('job-targeting')
      .filter({ hasText: `المدن: ${chosen.city}` })
      .filter({ hasText: 'في ساعات العمل' })
      .waitFor();
    await page.waitForFunction(
      (n) => document.querySelector('[data-testid="status-completed"]')?.textContent?.replace(/[^\d]/g, '') === String(n),
      expected,
      { timeout: 120_000 },
    );

    const sent = await sandboxSent(page, mailbox);
    expect(sent).toHaveLength(expected);
    for (const message of sent) expect(message.subject.startsWith(`طلب توظيف في ${chosen.city} – `)).toBe(true);
    expect(new Set(sent.map((m) => m.to.toLowerCase())).size).toBe(expected);

    // Each recipient is a company of that city in the directory.
    const admin = await openAsAdmin(browser);
    for (const message of sent) {
      const response = await admin.page.request.get(`/api/admin/companies?search=${encodeURIComponent(message.to)}`);
      expect(response.ok()).toBe(true);
      const { items } = (await response.json()) as { items: Array<{ email: string; location: string }> };
      const company = items.find((c) => c.email.toLowerCase() === message.to.toLowerCase());
      expect(company?.location, message.to).toBe(chosen.city);
    }
    await admin.context.close();
    await screenshot(page, 'dashboard-targeting');
    expect(consoleErrors).toEqual([]);
  });
});

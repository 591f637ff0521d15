import { describe, expect, inject, it } from 'vitest';
import { companiesTimeout } from '../companies/companies-helpers';
import { signInAsAdmin } from '../fixtures/accounts';
import { expectNoAxeViolations, useBrowser } from '../fixtures/browser';

const browser = useBrowser();

describe('failed e-mails on the admin companies tab', companiesTimeout, () => {
  it('lists failed e-mails newest first; a row opens its details', async () => {
    const opened = await browser.newPage();
    const { page } = opened;
    const reason = '550 5.1.1 The email account that you tried to reach does not exist. Please try double-checking the recipient.';
    await page.route(/\/api\/admin\/sending\/failed-emails(\?|$)/, (route) =>
      route.fulfill({
        status: 200,
        contentType: 'application/json',
        body: JSON.stringify({
          items: [
            {
              id: '00000000-0000-4000-8000-000000000002',
              email: 'hr@gone.example',
              userEmail: 'seeker@sira.example',
              error: reason,
              createdAt: '2030-01-02T10:00:00.000Z',
            },
            {
              id: '00000000-0000-4000-8000-000000000001',
              email: 'jobs@late.example',
              userEmail: 'seeker@sira.example',
              error: 'timeout',
              createdAt: '2030-01-01T10:00:00.000Z',
            },
          ],
          pageSize: 50,
          total: 2,
          totalIsEstimate: false,
          from: 1,
          fromIsEstimate: false,
          cursors: { previous: null, next: null, last: null, current: 'from-first' },
        }),
      }),
    );
    await signInAsAdmin(page, inject('adminEmail'), inject('adminPassword'));
    await page.goto('/admin/companies');
    const failures = page.getByRole('table', { name: 'البريد الفاشل' });
    await failures.waitFor();
    expect(await failures.locator('tbody tr').first().textContent()).toContain('hr@gone.example');
    await failures.locator('tbody tr', { hasText: 'hr@gone.example' }).getByRole('cell').nth(1).click();
    const details = page.getByRole('dialog', { name: 'تفاصيل البريد الفاشل' });
    await details.waitFor();
    await details.getByText(reason).waitFor();
    await details.getByText('seeker@sira.example').waitFor();
    await expectNoAxeViolations(page);
    await details.getByRole('button', { name: 'إغلاق' }).first().click();
    await details.waitFor({ state: 'hidden' });
    // By keyboard: the e-mail in the row is a button.
    await failures.getByRole('button', { name: 'jobs@late.example' }).focus();
    await page.keyboard.press('Enter');
    await details.getByText('timeout', { exact: true }).waitFor();
  });
});

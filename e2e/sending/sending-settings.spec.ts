import { describe, expect, it } from 'vitest';
import { openAsAdmin } from '../fixtures/accounts';
import { expectNoAxeViolations, useBrowser } from '../fixtures/browser';

const browser = useBrowser();

describe('admin sending settings', () => {
  it('says which values were saved otherwise than typed, instead of a plain success', async () => {
    const { page } = await openAsAdmin(browser);
    // The save is answered here as the server settles it (spec §5: 0 becomes the minimum, 1), so the settings
    // every other journey sends with stay as they are.
    let sent: { delay: Record<string, number> } | null = null;
    await page.route('**/api/admin/sending/settings', async (route) => {
      if (route.request().method() !== 'PUT') return route.continue();
      sent = route.request().postDataJSON();
      const current = await (await route.fetch({ method: 'GET' })).json();
      return route.fulfill({ json: { ...current, delay: { ...current.delay, batch_size: 1 } } });
    });
    await page.goto('/admin/email_settings');
    const batch = page.getByLabel('حجم الدفعة (عدد الرسائل)', { exact: true });
    await batch.waitFor();
    await batch.fill('0');
    await page.getByRole('button', { name: 'حفظ الإعدادات' }).click();
    const toast = page.getByText(/^تم حفظ الإعدادات، مع تعديل ما خرج عن المسموح/).first();
    await toast.waitFor();
    expect(await toast.textContent()).toContain('حجم الدفعة (عدد الرسائل): كُتب 0 فحُفظ 1 (المسموح 1–100,000)');
    expect(sent).toMatchObject({ delay: { batch_size: 1 } });
    expect(await page.getByText('تم حفظ الإعدادات بنجاح').count()).toBe(0);
    await expect.poll(() => batch.inputValue()).toBe('1');
    // Off the save button: the scan reads the page at rest, not the button under the pointer.
    await page.mouse.move(0, 0);
    await expectNoAxeViolations(page);
  });
});

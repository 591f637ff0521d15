import type { Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { openAsAdmin, signedInAs } from '../fixtures/accounts';
import { expectNoAxeViolations, screenshot, useBrowser } from '../fixtures/browser';
import { arabicInt, chooseTemplate, linkGmailViaSandbox, resumeUpload, sandboxSent } from '../fixtures/sending';

/**
 * Pausing all sending from the admin panel (ADR 019): the administrator pauses on the email settings tab, a
 * user's send is scheduled and waits, their dashboard says sending is paused for everyone; the administrator
 * resumes (after a confirmation) and the dashboard, without a reload, drops the notice as the messages go.
 */
const browser = useBrowser();
const seen = (page: Page, text: string | RegExp) => page.getByText(text).first().waitFor();
const PAUSED_NOTICE = 'الإرسال متوقف مؤقتاً لجميع المستخدمين بقرار من إدارة سيرة.';

async function openSwitch(page: Page) {
  await page.goto('/admin/email_settings');
  const panel = page.getByTestId('sending-pause');
  await panel.getByRole('heading', { name: 'إيقاف الإرسال للجميع' }).waitFor();
  await panel.getByTestId('sending-pause-waiting').waitFor();
  return panel;
}

async function resume(page: Page) {
  const panel = await openSwitch(page);
  const button = panel.getByRole('button', { name: 'استئناف الإرسال' });
  if (!(await button.isVisible())) return;
  await button.click();
  await page.getByRole('dialog').getByRole('button', { name: 'تأكيد الاستئناف' }).click();
  await seen(page, 'تم استئناف الإرسال');
}

// Other journeys share this server: sending is running again afterwards, whatever happened here.
afterAll(async () => {
  const { page, context } = await openAsAdmin(browser);
  await resume(page);
  await context.close();
});

describe('pausing all sending', () => {
  it('the administrator pauses and resumes; the dashboard of a user whose send waits says so, live', { timeout: 180_000 }, async () => {
    const admin = await openAsAdmin(browser);
    let panel = await openSwitch(admin.page);
    await panel.getByText('الإرسال يعمل.').waitFor();
    await panel.getByRole('button', { name: 'إيقاف الإرسال للجميع' }).click();
    await seen(admin.page, 'تم إيقاف الإرسال للجميع');
    await panel.getByText(/^الإرسال متوقف للجميع: أوقفه admin@sira\.example في /).waitFor();
    await expectNoAxeViolations(admin.page);
    await screenshot(admin.page, 'admin-sending-paused');

    // A user sends while paused: scheduled, and waiting.
    const user = await browser.newPage();
    await signedInAs(user.page, 'paused-all');
    const mailbox = `paused-all.${Date.now()}@gmail.com`;
    await linkGmailViaSandbox(user.page, mailbox);
    await user.page.goto('/send-resume');
    await chooseTemplate(user.page);
    await user.page.locator('input[type="file"]').setInputFiles(resumeUpload('paused-all'));
    await user.page.getByRole('button', { name: 'إرسال السيرة الذاتية' }).click();
    await seen(user.page, 'تمت جدولة 10 رسائل بنجاح. سيبدأ الإرسال تلقائياً من بريدك.');
    await user.page.waitForURL((url) => url.pathname === '/dashboard');
    const notice = user.page.getByTestId('status-sending-paused');
    await notice.getByText(PAUSED_NOTICE, { exact: false }).waitFor();
    expect(arabicInt(await user.page.getByTestId('status-pending').textContent())).toBe(10);
    expect(await user.page.getByTestId('status-eta').count()).toBe(0);
    await expectNoAxeViolations(user.page);
    await screenshot(user.page, 'dashboard-sending-paused');
    expect(await sandboxSent(user.page, mailbox)).toHaveLength(0);

    // The panel counts what waits; resuming asks first.
    panel = await openSwitch(admin.page);
    expect(await panel.getByTestId('sending-pause-waiting').textContent()).toMatch(/^بانتظار الإرسال: .+ لدى .*مستخدم.*\.$/);
    await panel.getByRole('button', { name: 'استئناف الإرسال' }).click();
    const dialog = admin.page.getByRole('dialog');
    await dialog.getByText('ستبدأ الرسائل المنتظرة بالخروج من بريد أصحابها خلال ثوانٍ', { exact: false }).waitFor();
    await expectNoAxeViolations(admin.page);
    await dialog.getByRole('button', { name: 'تأكيد الاستئناف' }).click();
    await seen(admin.page, 'تم استئناف الإرسال');
    await panel.getByText('الإرسال يعمل.').waitFor();

    // The user's dashboard follows without a reload: the notice goes, the messages leave.
    await notice.waitFor({ state: 'detached', timeout: 30_000 });
    await expect.poll(async () => arabicInt(await user.page.getByTestId('status-completed').textContent()), { timeout: 60_000 }).toBe(10);
    expect(await sandboxSent(user.page, mailbox)).toHaveLength(10);
    await expectNoAxeViolations(user.page);
  });
});

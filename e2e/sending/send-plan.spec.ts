import type { Page, Route } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { openAsAdmin, signedInAs } from '../fixtures/accounts';
import { expectNoAxeViolations, screenshot, useBrowser } from '../fixtures/browser';
import { ALL_DAY_WINDOW } from '../fixtures/global-setup';
import { chooseTemplate, linkGmailViaSandbox, resumeUpload, sandboxSent } from '../fixtures/sending';

/**
 * The sending window and the plan, from the browser: the administrator sets the days, hours and holidays
 * (Saudi time) on the email settings tab; a user sees on /send-resume, before sending, how many messages go,
 * over how many days and when they start and end (Gregorian with the Hijri date), for "working hours only"
 * and for "any time"; a working-hours send waits for the window and the dashboard says when it will end.
 * The window is put back to the whole week afterwards (the other journeys send at whatever hour they run).
 */
const browser = useBrowser();
const WEEKDAYS = ['الأحد', 'الاثنين', 'الثلاثاء', 'الأربعاء', 'الخميس', 'الجمعة', 'السبت'];
/** The Riyadh weekday `daysAhead` from now (Riyadh is UTC+3 all year). */
const riyadhWeekday = (daysAhead: number) => new Date(Date.now() + 3 * 3_600_000 + daysAhead * 86_400_000).getUTCDay();

async function saveWindow(page: Page, window: { days: number[]; start: string; end: string; holidays: string[] }) {
  await page.goto('/admin/email_settings');
  const panel = page.getByTestId('sending-window');
  await panel.getByRole('heading', { name: 'نافذة الإرسال (بتوقيت السعودية)' }).waitFor();
  for (const [day, name] of WEEKDAYS.entries()) {
    const box = panel.getByRole('checkbox', { name, exact: true });
    if ((await box.isChecked()) !== window.days.includes(day)) await box.click();
  }
  await panel.getByLabel('من الساعة').fill(window.start);
  await panel.getByLabel('إلى الساعة').fill(window.end === '24:00' ? '23:59' : window.end);
  await panel.getByLabel('الإجازات الرسمية').fill(window.holidays.join('\n'));
  await panel.getByRole('button', { name: 'حفظ نافذة الإرسال' }).click();
  await page.getByText('تم حفظ نافذة الإرسال').first().waitFor();
}

afterAll(async () => {
  const { page, context } = await openAsAdmin(browser);
  await saveWindow(page, ALL_DAY_WINDOW);
  await context.close();
});

describe('sending window and plan', () => {
  it('admin: days, hours and holidays saved and shown again; an end equal to the start is refused in Arabic', async () => {
    const { page, context, consoleErrors } = await openAsAdmin(browser);
    await page.goto('/admin/email_settings');
    const panel = page.getByTestId('sending-window');
    await panel.getByText('الطلبات التي يختار أصحابها «ساعات العمل فقط»', { exact: false }).waitFor();
    // A window may run past midnight (22:00 to 02:00); one that starts and ends at the same hour is none.
    await panel.getByLabel('إلى الساعة').fill('08:00');
    await panel.getByLabel('من الساعة').fill('08:00');
    await panel.getByRole('button', { name: 'حفظ نافذة الإرسال' }).click();
    await panel.getByText('يجب أن تختلف ساعة النهاية عن ساعة البداية.').waitFor();
    await panel.getByLabel('الإجازات الرسمية').fill('2027-02-30');
    await panel.getByRole('button', { name: 'حفظ نافذة الإرسال' }).click();
    await panel.getByText('تواريخ غير صحيحة: 2027-02-30').waitFor();

    await saveWindow(page, { days: [0, 1, 2, 3, 4], start: '08:00', end: '16:00', holidays: ['2027-12-02', '2027-09-23'] });
    await page.reload();
    await panel.getByRole('checkbox', { name: 'الأحد', exact: true }).waitFor();
    for (const [day, name] of WEEKDAYS.entries()) {
      expect(await panel.getByRole('checkbox', { name, exact: true }).isChecked()).toBe(day <= 4);
    }
    expect(await panel.getByLabel('من الساعة').inputValue()).toBe('08:00');
    expect(await panel.getByLabel('إلى الساعة').inputValue()).toBe('16:00');
    // Stored in date order.
    expect(await panel.getByLabel('الإجازات الرسمية').inputValue()).toBe('2027-09-23\n2027-12-02');
    await expectNoAxeViolations(page);
    await panel.scrollIntoViewIfNeeded();
    await screenshot(page, 'admin-sending-window', { fullPage: false });
    expect(consoleErrors).toEqual([]);
    await context.close();
  });

  it('user: the plan for working hours and for any time, then a working-hours send waits for the window', {
    timeout: 120_000,
  }, async () => {
    // Only tomorrow (Riyadh) is a sending day: a working-hours send cannot start today.
    const tomorrow = riyadhWeekday(1);
    const admin = await openAsAdmin(browser);
    await saveWindow(admin.page, { days: [tomorrow], start: '08:00', end: '16:00', holidays: [] });
    await admin.context.close();

    const { page, consoleErrors } = await browser.newPage();
    await signedInAs(page, 'planner');
    const mailbox = `planner.${Date.now()}@gmail.com`;
    await linkGmailViaSandbox(page, mailbox);
    const plan = page.getByTestId('send-plan');
    await plan.getByRole('heading', { name: 'متى تُرسل رسائلك' }).waitFor();

    // While the mailbox's state and the plan load, their placeholders are named busy regions. Each request waits
    // behind a gate of its own, so opening the mailbox's never lets the plan's through with it.
    const gate = () => {
      let open = false;
      const waiting: Route[] = [];
      return {
        hold: (route: Route) => (open ? route.continue() : void waiting.push(route)),
        async open() {
          open = true;
          for (const route of waiting.splice(0)) await route.continue();
        },
      };
    };
    const mailboxGate = gate();
    const planGate = gate();
    // Reached from the dashboard, the page's data is the browser's to load (a direct visit arrives drawn).
    await page.goto('/dashboard');
    await page.route((url) => url.pathname === '/api/mailbox', mailboxGate.hold);
    await page.route((url) => url.pathname === '/api/sending/plan', planGate.hold);
    await page.locator('main a[href="/send-resume"]').first().click();
    await page.getByLabel('جارٍ التحقق من حالة الربط…').waitFor();
    await expectNoAxeViolations(page);
    await mailboxGate.open();
    await plan.getByLabel('جارٍ حساب خطة الإرسال…').waitFor();
    await expectNoAxeViolations(page);
    await planGate.open();
    const workingHours = plan.getByRole('radio', { name: 'في ساعات العمل فقط (موصى به)' });
    expect(await workingHours.isChecked()).toBe(true);
    await plan.getByText(`${WEEKDAYS[tomorrow]}، من 08:00 إلى 16:00 بتوقيت السعودية، عدا الإجازات الرسمية.`).waitFor();
    // The trial's ten messages, all tomorrow from 08:00, with the Hijri date beside the Gregorian one.
    await plan.getByText('ستُرسل 10 رسائل خلال يوم واحد.').waitFor();
    const start = plan.getByTestId('send-plan-start');
    await start.getByText(new RegExp(`^تبدأ: ${WEEKDAYS[tomorrow]}، .* 8:00 ص \\(.* هـ\\)$`)).waitFor();
    expect(await plan.getByTestId('send-plan-finish').textContent()).toMatch(
      new RegExp(`^الانتهاء المتوقع: ${WEEKDAYS[tomorrow]}،.*هـ\\)$`),
    );
    await plan.getByText(/^حد بريدك اليومي .* أُرسل منها خلال آخر 24 ساعة 0 رسالة\.$/).waitFor();
    await expectNoAxeViolations(page);
    await plan.scrollIntoViewIfNeeded();
    await screenshot(page, 'send-plan-working-hours', { fullPage: false });

    // Any time: they start now, today.
    await plan.getByRole('radio', { name: 'في أي وقت' }).check();
    await start.getByText(new RegExp(`^تبدأ: ${WEEKDAYS[riyadhWeekday(0)]}، `)).waitFor();
    await expectNoAxeViolations(page);

    // Back to working hours, and send: nothing leaves today; the dashboard names tomorrow.
    await workingHours.check();
    await start.getByText(new RegExp(`^تبدأ: ${WEEKDAYS[tomorrow]}، `)).waitFor();
    await chooseTemplate(page);
    await page.locator('input[type="file"]').setInputFiles(resumeUpload('planner'));
    await page.getByRole('button', { name: 'إرسال السيرة الذاتية' }).click();
    await page.waitForURL((url) => url.pathname === '/dashboard');
    const eta = page.getByTestId('status-eta');
    await eta.getByText(new RegExp(`${WEEKDAYS[tomorrow]}،.*هـ\\)`)).waitFor();
    await new Promise((resolve) => setTimeout(resolve, 3_000));
    expect(await sandboxSent(page, mailbox)).toEqual([]);
    await expectNoAxeViolations(page);
    await screenshot(page, 'dashboard-waiting-for-window');
    expect(consoleErrors).toEqual([]);
  });
});

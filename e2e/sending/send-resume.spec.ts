import { readFile } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { openAsAdmin, signedInAs } from '../fixtures/accounts';
import { expectNoAxeViolations, screenshot, useBrowser } from '../fixtures/browser';
import { makeResumePdf } from '../fixtures/resume-pdf';
import { arabicInt, chooseTemplate, linkGmailViaSandbox, resumeUpload, sandboxSent } from '../fixtures/sending';

/**
 * Sending from the browser: the admin's sending settings, a user linking Gmail through the sandbox's
 * consent page, uploading a real PDF, scheduling, watching the dashboard move without a reload, and finding
 * the messages — with the very same PDF — in the sandbox's Sent folder; then the admin's logs.
 */
const browser = useBrowser();
const asAdmin = () => openAsAdmin(browser);

/** A toast (or the same text inline): the first match is enough. */
const seen = (page: Page, text: string | RegExp) => page.getByText(text).first().waitFor();

const DEFAULTS = {
  batch_size: 100,
  batch_delay: 60,
  email_delay: 1,
  max_per_minute: 60,
  max_per_hour: 3600,
  retry_delay: 300,
  max_retries: 3,
};
/** For the journey: one message a second (visible progress), no pause between batches, quick retries. */
const JOURNEY = {
  batch_size: 100,
  batch_delay: 0,
  email_delay: 1,
  max_per_minute: 120,
  max_per_hour: 7200,
  retry_delay: 5,
  max_retries: 3,
};
const LABELS: Record<keyof typeof DEFAULTS, string> = {
  batch_size: 'حجم الدفعة (عدد الرسائل)',
  batch_delay: 'التأخير بين الدفعات (بالثواني)',
  email_delay: 'التأخير بين الرسائل (بالثواني)',
  max_per_minute: 'الحد الأقصى في الدقيقة',
  max_per_hour: 'الحد الأقصى في الساعة',
  retry_delay: 'التأخير قبل إعادة المحاولة (بالثواني)',
  max_retries: 'الحد الأقصى لإعادة المحاولة',
};

async function fillSettings(page: Page, values: Partial<Record<keyof typeof DEFAULTS, number | string>>) {
  for (const [key, value] of Object.entries(values)) {
    await page.getByLabel(LABELS[key as keyof typeof DEFAULTS], { exact: true }).fill(String(value));
  }
}

// Other journeys share this server: the pacing goes back to the spec's defaults afterwards.
afterAll(async () => {
  const { page } = await asAdmin();
  await page.goto('/admin/email_settings');
  await fillSettings(page, DEFAULTS);
  await page.getByRole('button', { name: 'حفظ الإعدادات' }).click();
  await seen(page, 'تم حفظ الإعدادات بنجاح');
  await page.context().close();
});

/** Shared by the journey and the logs check that follows it. */
const journey = { email: '', mailbox: '', subject: '' };

describe('sending', () => {
  it('admin email_settings: labelled fields with units and ranges, the warning, spec §5 minimums applied, empty becomes 0, saved values kept', async () => {
    const { page, consoleErrors } = await asAdmin();
    await page.goto('/admin/email_settings');
    await page.getByRole('heading', { name: 'إعدادات الإرسال' }).waitFor();
    await page.getByText(/تنبيه: تغيير هذه القيم يؤثر على أداء الإرسال وموثوقيته/).waitFor();
    for (const label of Object.values(LABELS)) await page.getByLabel(label, { exact: true }).waitFor();
    await page.getByLabel('حسابات Gmail الشخصية', { exact: true }).waitFor();
    await page.getByLabel('حسابات Google Workspace', { exact: true }).waitFor();
    expect(await page.getByText('عدد صحيح من 1 إلى 100,000').count()).toBeGreaterThanOrEqual(2);
    await expectNoAxeViolations(page);

    // Spec §5: nothing typed is refused. Below a minimum (batch_size ≥ 1) the minimum is saved; emptied (→ 0),
    // max_per_minute is saved at its minimum of 1; past a maximum, the maximum. The save names each such field,
    // what was typed and what was stored.
    await fillSettings(page, { ...JOURNEY, batch_size: 0, max_per_minute: '', email_delay: 90_000 });
    await page.getByLabel(LABELS.max_retries, { exact: true }).focus();
    // What was typed stays in the field until the save says what it stored.
    expect(await page.getByLabel(LABELS.batch_size, { exact: true }).inputValue()).toBe('0');
    await page.getByRole('button', { name: 'حفظ الإعدادات' }).click();
    await seen(page, /تم حفظ الإعدادات، مع تعديل ما خرج عن المسموح/);
    await seen(page, /كُتب 0 فحُفظ 1 \(المسموح 1–/);
    await page.reload();
    await page.getByLabel(LABELS.batch_size, { exact: true }).waitFor();
    expect(await page.getByLabel(LABELS.batch_size, { exact: true }).inputValue()).toBe('1');
    expect(await page.getByLabel(LABELS.max_per_minute, { exact: true }).inputValue()).toBe('1');
    expect(await page.getByLabel(LABELS.email_delay, { exact: true }).inputValue()).toBe('86400');
    await expectNoAxeViolations(page);

    // An emptied field whose minimum is 0 is saved as 0, and the save says so.
    await fillSettings(page, { ...JOURNEY, retry_delay: '' });
    await page.getByRole('button', { name: 'حفظ الإعدادات' }).click();
    await seen(page, /تُرك فارغاً فحُفظ 0/);
    await page.reload();
    await page.getByLabel(LABELS.batch_delay, { exact: true }).waitFor();
    expect(await page.getByLabel(LABELS.batch_delay, { exact: true }).inputValue()).toBe('0');
    expect(await page.getByLabel(LABELS.retry_delay, { exact: true }).inputValue()).toBe('0');
    expect(await page.getByLabel(LABELS.max_per_minute, { exact: true }).inputValue()).toBe('120');
    // And the journey's retry delay.
    await fillSettings(page, { retry_delay: JOURNEY.retry_delay });
    await page.getByRole('button', { name: 'حفظ الإعدادات' }).click();
    await seen(page, 'تم حفظ الإعدادات بنجاح');
    await screenshot(page, 'admin-email-settings');
    expect(consoleErrors).toEqual([]);
  });

  it('journey: link Gmail → upload a real PDF → submit → dashboard moves live → Sent folder holds the same PDF', {
    timeout: 240_000,
  }, async () => {
    const { page } = await browser.newPage();
    const { email } = await signedInAs(page, 'sender');
    journey.email = email;
    journey.mailbox = `sender.${Date.now()}@gmail.com`;

    // First visit: not linked, submit disabled.
    await page.goto('/send-resume');
    await page.getByRole('heading', { name: 'إرسال السيرة الذاتية', level: 1 }).waitFor();
    const submit = page.getByRole('button', { name: 'إرسال السيرة الذاتية' });
    await submit.waitFor();
    expect(await submit.isDisabled()).toBe(true);
    await page.getByText('{{company_name}}', { exact: false }).first().waitFor();
    await expectNoAxeViolations(page);

    await linkGmailViaSandbox(page, journey.mailbox, expectNoAxeViolations);
    await seen(page, 'تم ربط حساب Gmail بنجاح');
    expect(new URL(page.url()).search).toBe('');
    await submit.waitFor();
    expect(await submit.isDisabled()).toBe(false);
    await page.getByTestId('applicant-from').getByText('ستصل رسائلك باسم: سارة أحمد').waitFor();

    // What one send does now: the trial package's 10 messages.
    await seen(page, /يصل هذا الطلب إلى/);
    const sendable = arabicInt(
      await page
        .getByText(/يصل هذا الطلب إلى/)
        .first()
        .textContent(),
    );
    expect(sendable).toBe(10);

    // Empty fields: the spec's message, nothing sent.
    await submit.click();
    await seen(page, 'يرجى تعبئة جميع الحقول المطلوبة');
    // The empty fields are marked, and the first is focused.
    for (const label of [/^عنوان الرسالة/, /^محتوى الرسالة/]) {
      expect(await page.getByLabel(label).getAttribute('aria-invalid')).toBe('true');
    }
    expect(await page.getByLabel(/^عنوان الرسالة/).evaluate((input) => input === document.activeElement)).toBe(true);

    // The template fills subject and content.
    await chooseTemplate(page);
    const subject = page.getByLabel(/^عنوان الرسالة/);
    const content = page.getByLabel(/^محتوى الرسالة/);
    expect(await subject.inputValue()).toContain('{{company_name}}');
    expect((await content.inputValue()).length).toBeGreaterThan(50);
    // The template's paragraphs arrive as lines to edit, without tags to read around.
    expect(await content.inputValue()).not.toMatch(/<\/?(p|strong)>/);
    expect(await content.inputValue()).toContain('\n\n');
    journey.subject = `طلب توظيف ${Date.now()} – {{company_name}}`;
    await subject.fill(journey.subject);
    // The preview shows the message as a company reads it, the HTML in a frame where nothing can run.
    await page.getByRole('button', { name: 'معاينة الرسالة' }).click();
    await page.getByText(/^الموضوع: طلب توظيف \d+ – شركة المثال$/).waitFor();
    const preview = page.frameLocator('iframe[title="معاينة محتوى الرسالة"]');
    await preview.getByText('قطاع التقنية', { exact: false }).first().waitFor();
    await page.getByRole('button', { name: 'إخفاء المعاينة' }).click();

    // A file that is not a PDF is refused before any upload; a real PDF is taken.
    const fileInput = page.locator('input[type="file"]');
    await fileInput.setInputFiles({
      name: 'cv.docx',
      mimeType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
      buffer: Buffer.from('PK fake'),
    });
    await seen(page, 'يرجى اختيار ملف PDF فقط');
    const pdf = resumeUpload(`journey ${journey.mailbox}`);
    await fileInput.setInputFiles(pdf);
    await page.getByText(/حجم الملف:/).waitFor();
    await expectNoAxeViolations(page);
    await screenshot(page, 'send-resume-filled');

    await submit.click();
    await seen(page, 'تمت جدولة 10 رسائل بنجاح. سيبدأ الإرسال تلقائياً من بريدك.');
    await page.waitForURL((url) => url.pathname === '/dashboard');

    // The dashboard moves on its own: a marker on window survives only if the page is never reloaded, and an
    // observer notes when each "sent" value first appears.
    const sentCard = page.getByTestId('overview-sent');
    await sentCard.waitFor();
    await page.getByTestId('status-completed').waitFor();
    await page.evaluate(() => {
      const w = window as unknown as {
        __notReloaded: boolean;
        __sentSeen: Array<{ at: number; text: string }>;
        __pairsSeen: Array<[string, string]>;
      };
      w.__notReloaded = true;
      w.__sentSeen = [];
      w.__pairsSeen = [];
      const card = document.querySelector('[data-testid="overview-sent"]');
      if (!card) throw new Error('no sent card');
      const note = () => w.__sentSeen.push({ at: Date.now(), text: card.textContent ?? '' });
      note();
      new MutationObserver(note).observe(card, { subtree: true, characterData: true, childList: true });
      // The header's "sent" and the panel's, for this first send the same messages: noted together at every change.
      const pair = () => {
        const value = (id: string) => document.querySelector(`[data-testid="${id}"] p:nth-of-type(2)`)?.textContent ?? '';
        w.__pairsSeen.push([value('overview-sent'), value('status-completed')]);
      };
      pair();
      new MutationObserver(pair).observe(document.querySelector('main') as Node, { subtree: true, characterData: true, childList: true });
    });
    // The balance went to this send when it was scheduled: reserved for it, not "run out".
    await page
      .getByTestId('balance-notice')
      .getByText(/رصيدك كله محجوز للإرسال الجاري/)
      .waitFor();
    expect(await page.getByText('نفد رصيدك').count()).toBe(0);
    await page
      .getByTestId('overview-remaining')
      .getByText(/ومحجوز للإرسال الجاري/)
      .waitFor();
    await expectNoAxeViolations(page);
    await screenshot(page, 'dashboard-sending');

    // Progress: part-way first (one message a second), then everything sent.
    await page.waitForFunction(
      () => {
        const text = document.querySelector('[data-testid="status-completed"]')?.textContent ?? '';
        const n = Number(text.replace(/\D/g, ''));
        return n > 0 && n < 10;
      },
      undefined,
      { timeout: 30_000 },
    );
    await page.getByTestId('status-eta').waitFor();
    await page.waitForFunction(
      () => {
        const text = document.querySelector('[data-testid="overview-sent"]')?.textContent ?? '';
        return text.includes('10');
      },
      undefined,
      { timeout: 60_000 },
    );
    expect(await page.evaluate(() => (window as unknown as { __notReloaded?: boolean }).__notReloaded)).toBe(true);
    expect(arabicInt(await page.getByTestId('overview-remaining').textContent())).toBe(0);
    expect(arabicInt(await page.getByTestId('overview-failed').textContent())).toBe(0);
    await page.getByTestId('status-completed').filter({ hasText: '10' }).waitFor();
    expect(arabicInt(await page.getByTestId('status-pending').textContent())).toBe(0);
    const deliveries = page.getByRole('table', { name: 'الرسائل المرسلة إلى الشركات' });
    expect(await deliveries.locator('tbody tr').count()).toBe(10);
    // The list is its own query: its refresh may land a moment after the counters'.
    await expect.poll(() => deliveries.locator('tbody tr', { hasText: 'تم الإرسال' }).count(), { timeout: 10_000 }).toBe(10);
    // Balance 0 < 5 and nothing waiting any more: the low-balance warning (here: none left) with the way to upgrade.
    await page.getByText('نفد رصيدك من الرسائل. قم بترقية باقتك لمواصلة الإرسال.').waitFor();
    await page.getByTestId('status-scope').getByText('أرقام آخر طلب إرسال').waitFor();
    // The two "sent" figures never disagreed, at any moment of the send.
    const pairs = await page.evaluate(() => (window as unknown as { __pairsSeen: Array<[string, string]> }).__pairsSeen);
    expect(pairs.filter(([header, panel]) => header && panel && header !== panel)).toEqual([]);
    await expectNoAxeViolations(page);
    await screenshot(page, 'dashboard-sent');

    // Live latency: each message reached the sandbox, then the dashboard showed it within 2 s.
    const sent = await sandboxSent(page, journey.mailbox);
    expect(sent).toHaveLength(10);
    const seenAt = await page.evaluate(() => (window as unknown as { __sentSeen: Array<{ at: number; text: string }> }).__sentSeen);
    const firstShown = (k: number) => seenAt.find((s) => arabicIntOrZero(s.text) >= k)?.at;
    const received = sent.map((m) => Date.parse(m.receivedAt)).sort((a, b) => a - b);
    const lags = received.map((at, i) => (firstShown(i + 1) ?? Number.NaN) - at).filter((lag) => lag >= 0);
    console.log(`dashboard lag after each send (ms): ${lags.map((l) => Math.round(l)).join(', ')}`);
    // Messages received before the observer started were already on screen; every later one is measured.
    expect(lags.length).toBeGreaterThan(0);
    expect(Math.max(...lags)).toBeLessThan(2000);

    // The Sent folder of the mailbox, as its owner would open it: 10 personalised messages with the PDF.
    await page.goto(`/sandbox/google/mail/${encodeURIComponent(journey.mailbox)}`);
    const rows = page.locator('tbody tr');
    expect(await rows.count()).toBe(10);
    const subjects = await rows.locator('td:first-child').allTextContents();
    for (const s of subjects) {
      expect(s).toContain(journey.subject.split(' – ')[0]);
      expect(s).not.toContain('{{');
    }
    await rows.first().getByRole('link').click();
    await page.getByRole('heading', { level: 1 }).waitFor();
    expect(await page.locator('article').textContent()).not.toContain('{{');
    // The applicant is named: From carries the name given at registration, and the template's signature
    // ends with it and the phone.
    expect(await page.locator('dd').first().textContent()).toBe(`سارة أحمد <${journey.mailbox}>`);
    const letter = (await page.locator('article').textContent()) ?? '';
    expect(letter).toContain('سارة أحمد');
    expect(letter).toContain('0512345678');
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page
        .getByRole('link', { name: /\.pdf$/ })
        .first()
        .click(),
    ]);
    const path = await download.path();
    const bytes = await readFile(path);
    expect(bytes.equals(pdf.buffer)).toBe(true);
    expect(download.suggestedFilename()).toMatch(/\.pdf$/);
  });

  it('with the balance spent, /send-resume says so with a link to /upgrade and keeps what was typed', async () => {
    // Continues from the journey's account (same server): sign in again in a fresh context.
    expect(journey.email).not.toBe('');
    const { page } = await browser.newPage();
    await page.goto('/login');
    await page.getByLabel(/^البريد الإلكتروني/).fill(journey.email);
    await page.getByLabel(/^كلمة المرور/).fill('secret1');
    await page.getByRole('button', { name: 'دخول' }).click();
    await page.waitForURL('**/dashboard');
    await page.goto('/send-resume');
    const alert = page.getByRole('alert').filter({ hasText: 'ليس لديك رصيد كاف من الرسائل. يرجى ترقية باقتك.' });
    await alert.waitFor();
    expect(await alert.getByRole('link', { name: 'ترقية الباقة' }).getAttribute('href')).toBe('/upgrade');
    await page.getByLabel(/^عنوان الرسالة/).fill('عنوان محفوظ');
    await page.getByLabel(/^محتوى الرسالة/).fill('<p>محتوى محفوظ</p>');
    await page.locator('input[type="file"]').setInputFiles(resumeUpload('no balance'));
    await page.getByRole('button', { name: 'إرسال السيرة الذاتية' }).click();
    // The answer is the toast; the alert above already says it, so it is not repeated in the form.
    await page.locator('.mantine-Notification-root').filter({ hasText: 'ليس لديك رصيد كاف' }).waitFor();
    expect(await page.getByRole('alert').filter({ hasText: 'ليس لديك رصيد كاف' }).count()).toBe(2);
    expect(await page.getByLabel(/^عنوان الرسالة/).inputValue()).toBe('عنوان محفوظ');
    expect(await page.getByLabel(/^محتوى الرسالة/).inputValue()).toBe('<p>محتوى محفوظ</p>');
    await expectNoAxeViolations(page);
  });

  it('admin email_logs: the journey’s job with its counts, search, status filter and the four counters', async () => {
    expect(journey.email).not.toBe('');
    const { page, consoleErrors } = await asAdmin();
    await page.goto('/admin/email_logs');
    await page.getByRole('heading', { name: 'سجلات الرسائل' }).waitFor();
    const table = page.getByRole('table', { name: 'سجلات الرسائل' });
    await page.getByTestId('logs-summary-total').waitFor();
    await expectNoAxeViolations(page);

    await page.getByLabel('بحث').fill(journey.email);
    const row = table.locator('tbody tr', { hasText: journey.email });
    await row.waitFor();
    await expect.poll(() => table.locator('tbody tr').count()).toBe(1);
    const text = (await row.textContent()) ?? '';
    expect(text).toContain('تجريبي');
    expect(text).toContain('مكتمل');
    // Placeholders read as what they stand for; the raw subject stays in the cell's title.
    expect(text).toContain(journey.subject.replace('{{company_name}}', '«اسم الشركة»'));
    expect(await row.getByTitle(journey.subject).count()).toBe(1);
    expect(text).toMatch(/10\s*\/\s*0/);
    expect(arabicInt(await page.getByTestId('logs-summary-total').textContent())).toBe(1);
    expect(arabicInt(await page.getByTestId('logs-summary-completed').textContent())).toBe(1);

    // The status filter: nothing of this user is failed.
    await page.getByRole('combobox', { name: 'الحالة' }).click();
    await page.getByRole('option', { name: 'فشل' }).click();
    await page.getByText('لا توجد سجلات رسائل.').waitFor();
    await page.getByRole('combobox', { name: 'الحالة' }).click();
    await page.getByRole('option', { name: 'مكتمل' }).click();
    await row.waitFor();
    await expectNoAxeViolations(page);
    await screenshot(page, 'admin-email-logs');
    expect(consoleErrors).toEqual([]);
  });
});

function arabicIntOrZero(text: string): number {
  try {
    return arabicInt(text);
  } catch {
    return 0;
  }
}

// The fixture is a real PDF: the bytes start and end as a PDF must.
it('the résumé fixture is a well-formed PDF', () => {
  const pdf = makeResumePdf('x');
  expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  expect(pdf.toString('latin1').trimEnd().endsWith('%%EOF')).toBe(true);
});

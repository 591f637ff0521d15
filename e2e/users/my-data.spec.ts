import { readFile } from 'node:fs/promises';
import { unzipSync } from 'fflate';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { field, fillLogin, signedInAs } from '../fixtures/accounts';
import { expectNoAxeViolations, screenshot, useBrowser } from '../fixtures/browser';
import { openLatestMail, uniqueEmail } from '../fixtures/outbox';
import { resumeUpload } from '../fixtures/sending';

const browser = useBrowser();

/** From the dashboard to the page, as a person reaches it. */
async function openMyData(page: Page) {
  await page.getByRole('link', { name: 'بياناتي: تنزيل أو تصحيح أو حذف' }).click();
  await page.waitForURL((url) => url.pathname === '/my-data');
  await page.getByRole('heading', { level: 1, name: 'بياناتي' }).waitFor();
}

/**
 * A CV in the account, uploaded the way the send form does (its journey is sending/send-resume.spec.ts, which
 * needs a linked mailbox and a whole send to get there).
 */
async function uploadCv(page: Page, marker: string) {
  const cv = resumeUpload(marker);
  const origin = new URL(page.url()).origin;
  const answer = await page.request.post('/api/sending/resumes', { headers: { origin }, multipart: { file: cv } });
  if (answer.status() !== 201) throw new Error(`the upload answered ${answer.status()}: ${await answer.text()}`);
  return cv.buffer;
}

/** A sign-in on a fresh browser: where it ends, or the message the form says. */
async function trySignIn(email: string, password: string) {
  const { page } = await browser.newPage();
  await page.goto('/login');
  await fillLogin(page, email, password);
  return page;
}

describe('my data page', () => {
  it('exports everything held as a ZIP: progress, then the CSVs with Arabic headers and the CV', async () => {
    const { page } = await browser.newPage();
    const { email } = await signedInAs(page, 'my-data-export');
    const cv = await uploadCv(page, `my data ${email}`);
    await openMyData(page);
    await expectNoAxeViolations(page);

    // What the export card shows from the click on, noted as it changes: an account this small is ready within a
    // second or two, quicker than a look now and then could be sure to catch.
    await page.evaluate(() => {
      const card = document.querySelector('section[aria-labelledby="my-data-export"]');
      const seen: Array<{ status: string; bar: string | null }> = [];
      (window as unknown as { __exportSeen: typeof seen }).__exportSeen = seen;
      new MutationObserver(() => {
        const bar = card?.querySelector('[role="progressbar"]');
        seen.push({ status: card?.querySelector('[aria-live] p')?.textContent ?? '', bar: bar?.getAttribute('aria-label') ?? null });
      }).observe(card as Node, { subtree: true, childList: true, characterData: true, attributes: true });
    });
    await page.getByRole('button', { name: 'تجهيز نسخة من بياناتي' }).click();
    await page.getByText('الملف جاهز للتنزيل.').waitFor({ timeout: 30_000 });
    expect(await page.getByRole('progressbar').count()).toBe(0);
    // Made in the background: first waiting or in progress, with the progress bar, then ready.
    const seen = await page.evaluate(
      () => (window as unknown as { __exportSeen: Array<{ status: string; bar: string | null }> }).__exportSeen,
    );
    expect(seen).toContainEqual({ status: expect.stringMatching(/^(في الانتظار…|جارٍ تجهيز الملف…)$/), bar: 'تقدّم تجهيز الملف' });
    await expectNoAxeViolations(page);
    await screenshot(page, 'my-data-export-ready');

    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'تنزيل الملف' }).click()]);
    expect(download.suggestedFilename()).toMatch(/^sira-my-data-\d{4}-\d{2}-\d{2}\.zip$/);
    const entries = unzipSync(new Uint8Array(await readFile(await download.path())));
    expect(Object.keys(entries).sort()).toEqual(
      [
        'الشركات المرسل إليها.csv',
        'الفواتير.csv',
        'الملف الشخصي.csv',
        'طلبات الإرسال.csv',
        'قائمة شركاتي.csv',
        'ملفات قائمة شركاتي.csv',
        'إعلانات الوظائف.csv',
        'السير الذاتية/سيرتي الذاتية.pdf',
      ].sort(),
    );
    for (const [name, bytes] of Object.entries(entries)) {
      if (!name.endsWith('.csv')) continue;
      // The byte-order mark Excel needs to read UTF-8 as such.
      expect([...bytes.subarray(0, 3)], name).toEqual([0xef, 0xbb, 0xbf]);
    }
    // The text after the byte-order mark.
    const csv = (name: string) =>
      Buffer.from(entries[name] as Uint8Array)
        .subarray(3)
        .toString('utf8');
    const profile = csv('الملف الشخصي.csv').split('\r\n');
    expect(profile[0]).toBe('الحقل,القيمة');
    expect(profile).toContain(`البريد الإلكتروني,${email}`);
    expect(profile).toContain('رقم الجوال,0512345678');
    expect(csv('الشركات المرسل إليها.csv')).toMatch(/^رقم الطلب,الشركة,بريد الشركة,/);
    expect(Buffer.from(entries['السير الذاتية/سيرتي الذاتية.pdf'] as Uint8Array).equals(cv)).toBe(true);
  });

  it('corrects the phone, and changes the e-mail once the new address confirms it', async () => {
    const { page } = await browser.newPage();
    const { email, password } = await signedInAs(page, 'my-data-contact');
    await openMyData(page);
    const phone = page.getByLabel(field('رقم الجوال'));
    expect(await phone.inputValue()).toBe('0512345678');

    // The rule the server enforces, said before asking it.
    await phone.fill('12345');
    await page.getByRole('button', { name: 'حفظ رقم الجوال' }).click();
    await page.getByText('رقم الجوال غير صحيح. يجب أن يبدأ ب 05 أو +966').waitFor();
    expect(await phone.getAttribute('aria-invalid')).toBe('true');
    await expectNoAxeViolations(page);
    // Typed on an Arabic keyboard, with spaces.
    await phone.fill('٠٥٥ ١٢٣ ٤٥٦٧');
    await page.getByRole('button', { name: 'حفظ رقم الجوال' }).click();
    await page.getByText('تم حفظ رقم الجوال.').first().waitFor();
    await page.reload();
    await expect.poll(() => page.getByLabel(field('رقم الجوال')).inputValue()).toBe('0551234567');

    const newEmail = uniqueEmail('my-data-contact-new');
    const emailInput = page.getByLabel(field('البريد الإلكتروني الجديد'));
    await emailInput.fill(email.toUpperCase());
    await page.getByRole('button', { name: 'إرسال رابط التأكيد' }).click();
    await page.getByText('هذا هو بريدك الحالي.').waitFor();
    await emailInput.fill(newEmail);
    await page.getByRole('button', { name: 'إرسال رابط التأكيد' }).click();
    // A session alone does not change the address: the current password confirms it.
    await page.getByText('يرجى إدخال كلمة المرور الحالية لتأكيد تغيير البريد.').waitFor();
    const passwordInput = page.getByLabel(field('كلمة المرور الحالية'));
    await passwordInput.fill('not-my-password');
    await page.getByRole('button', { name: 'إرسال رابط التأكيد' }).click();
    await page.getByText('كلمة المرور غير صحيحة.').waitFor();
    expect(await passwordInput.getAttribute('aria-invalid')).toBe('true');
    await passwordInput.fill(password);
    await page.getByRole('button', { name: 'إرسال رابط التأكيد' }).click();
    await page.getByText(`أرسلنا رابط تأكيد إلى ${newEmail}`, { exact: false }).waitFor();
    await expectNoAxeViolations(page);
    // Nothing changed yet: the old address still signs in.
    await (await trySignIn(email, password)).waitForURL('**/dashboard');

    // The link went to the new address; opening it changes the account's address.
    const link = await openLatestMail(page, newEmail, 'تأكيد بريدك الإلكتروني الجديد في سيرة');
    await page.goto(link);
    await page.waitForURL((url) => url.pathname === '/my-data');
    await page.getByText('تم تغيير بريدك الإلكتروني.').first().waitFor();
    await page.getByText(`بريدك الحالي: ${newEmail}`).waitFor();

    await (await trySignIn(newEmail, password)).waitForURL('**/dashboard');
    const old = await trySignIn(email, password);
    await old.getByText('البريد الإلكتروني أو كلمة المرور غير صحيحة').first().waitFor();
  });

  it('deletes the account once the password confirms it; the account then cannot sign in', async () => {
    const { page } = await browser.newPage();
    const { email, password } = await signedInAs(page, 'my-data-delete');
    await openMyData(page);
    const passwordInput = page.getByLabel(field('كلمة المرور للتأكيد'));
    const start = page.getByRole('button', { name: 'حذف حسابي' });
    const dialog = page.getByRole('dialog', { name: 'تأكيد حذف الحساب' });

    await start.click();
    await page.getByText('يرجى إدخال كلمة المرور لتأكيد الحذف.').waitFor();
    expect(await dialog.count()).toBe(0);

    await passwordInput.fill('not-my-password');
    await start.click();
    await dialog.waitFor();
    await expectNoAxeViolations(page);
    await dialog.getByRole('button', { name: 'نعم، احذف حسابي' }).click();
    await page.getByText('كلمة المرور غير صحيحة.').waitFor();
    await dialog.waitFor({ state: 'hidden' });
    // Refused: the account is still there.
    await page.reload();
    await page.getByRole('heading', { level: 1, name: 'بياناتي' }).waitFor();

    await page.getByLabel(field('كلمة المرور للتأكيد')).fill(password);
    await start.click();
    await dialog.getByRole('button', { name: 'نعم، احذف حسابي' }).click();
    await page.getByText('تم حذف حسابك وبياناتك.').first().waitFor();
    await page.waitForURL((url) => url.pathname === '/');
    // Signed out: the page is for signed-in users only.
    await page.goto('/my-data');
    await page.waitForURL((url) => url.pathname === '/login');

    const again = await trySignIn(email, password);
    await again.getByText('البريد الإلكتروني أو كلمة المرور غير صحيحة').first().waitFor();
    expect(new URL(again.url()).pathname).toBe('/login');
  });
});

import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { field, fillLogin, signedInAs } from '../fixtures/accounts';
import { expectNoAxeViolations, screenshot, useBrowser, viewports } from '../fixtures/browser';
import { openLatestMail, uniqueEmail } from '../fixtures/outbox';

const browser = useBrowser();

/** A sign-in on a fresh browser: the page it ends on, or the one that says why not. */
async function trySignIn(email: string, password: string) {
  const { page } = await browser.newPage();
  await page.goto('/login');
  await fillLogin(page, email, password);
  return page;
}

/** The undo link's page, opened on a phone from the notice the old address received. */
async function openUndoPage(phone: Page, oldEmail: string) {
  const link = await openLatestMail(phone, oldEmail, 'تم تغيير البريد الإلكتروني لحسابك في سيرة');
  expect(new URL(link).pathname).toMatch(/^\/email-change-undo\/[A-Za-z0-9_-]+$/);
  await phone.goto(link);
  await phone.getByRole('heading', { level: 1, name: 'إلغاء تغيير البريد الإلكتروني' }).waitFor();
  return link;
}

describe('undoing an e-mail change from the old address', () => {
  it('changes the address with the password, then the notice’s link undoes it: the old address and a new password sign in', async () => {
    const { page } = await browser.newPage();
    const { email: oldEmail, password } = await signedInAs(page, 'undo-owner');
    const newEmail = uniqueEmail('undo-new');

    // The change, confirmed by the password and by the link mailed to the new address.
    await page.goto('/my-data');
    await page.getByLabel(field('البريد الإلكتروني الجديد')).fill(newEmail);
    await page.getByLabel(field('كلمة المرور الحالية')).fill(password);
    await page.getByRole('button', { name: 'إرسال رابط التأكيد' }).click();
    await page.getByText(`أرسلنا رابط تأكيد إلى ${newEmail}`, { exact: false }).waitFor();
    await page.goto(await openLatestMail(page, newEmail, 'تأكيد بريدك الإلكتروني الجديد في سيرة'));
    await page.getByText(`بريدك الحالي: ${newEmail}`).waitFor();

    // The old address got the notice; its link opens a page that says what the undo does and changes nothing.
    const { page: phone } = await browser.newPage(viewports.phone);
    const link = await openUndoPage(phone, oldEmail);
    await phone.getByText(oldEmail).first().waitFor();
    await phone.getByText(newEmail).first().waitFor();
    await phone.getByText('يُسجَّل الخروج من جميع الأجهزة.').waitFor();
    await expectNoAxeViolations(phone);
    await screenshot(phone, 'email-change-undo-page');
    await phone.reload();
    await phone.getByRole('button', { name: 'إلغاء التغيير واستعادة حسابي' }).waitFor();
    await page.reload();
    await page.getByText(`بريدك الحالي: ${newEmail}`).waitFor();

    // The undo: straight on to a new password.
    await phone.getByRole('button', { name: 'إلغاء التغيير واستعادة حسابي' }).click();
    await phone.waitForURL((url) => url.pathname === '/reset-password');
    await phone.getByText('عاد حسابك إلى بريدك السابق', { exact: false }).first().waitFor();
    await expectNoAxeViolations(phone);
    const newPassword = 'regained-1';
    await phone.getByLabel(field('كلمة المرور الجديدة')).fill(newPassword);
    await phone.getByLabel(field('تأكيد كلمة المرور الجديدة')).fill(newPassword);
    await phone.getByRole('button', { name: 'حفظ كلمة المرور' }).click();
    await phone.waitForURL((url) => url.pathname === '/login');
    await fillLogin(phone, oldEmail, newPassword);
    await phone.waitForURL((url) => url.pathname === '/dashboard');

    // The browser that made the change was signed out; the new address and the old password no longer sign in.
    await page.goto('/my-data');
    await page.waitForURL((url) => url.pathname === '/login');
    for (const [email, tried] of [
      [newEmail, password],
      [oldEmail, password],
    ] as const) {
      const refused = await trySignIn(email, tried);
      await refused.getByText('البريد الإلكتروني أو كلمة المرور غير صحيحة').first().waitFor();
    }

    // The link undoes nothing twice, and says so.
    const again = (await browser.newPage(viewports.phone)).page;
    await again.goto(link);
    await again.getByRole('alert').getByText('أُلغي هذا التغيير من قبل', { exact: false }).waitFor();
    await expectNoAxeViolations(again);
  });

  it('says an altered link is not valid', async () => {
    const { page } = await browser.newPage(viewports.phone);
    await page.goto('/email-change-undo/AQAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA');
    await page.getByRole('alert').getByText('هذا الرابط غير صالح', { exact: false }).waitFor();
    await expectNoAxeViolations(page);
  });
});

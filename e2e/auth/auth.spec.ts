import { describe, expect, inject, it } from 'vitest';
import { field, fillLogin, registerAndConfirm, signedInAs, submitRegistration } from '../fixtures/accounts';
import { expectNoAxeViolations, screenshot, useBrowser, viewports } from '../fixtures/browser';
import { openLatestMail, uniqueEmail } from '../fixtures/outbox';

const browser = useBrowser();
async function fresh() {
  const opened = await browser.newPage();
  return opened.page;
}

describe('sign-up, sign-in and reset journeys', () => {
  it('register → confirm from the outbox → sign in → dashboard → sign out', async () => {
    const page = await fresh();
    const email = uniqueEmail('journey');
    await page.goto('/register');
    await page.getByRole('heading', { name: 'إنشاء حساب جديد' }).waitFor();
    await expectNoAxeViolations(page);
    // The form refuses a bad phone before anything is sent.
    await page.getByLabel(field('البريد الإلكتروني')).fill(email);
    await page.getByLabel(field('رقم الجوال')).fill('12345');
    await page.getByLabel(field('كلمة المرور')).fill('secret1');
    await page.getByLabel(field('تأكيد كلمة المرور')).fill('secret1');
    await page.getByRole('button', { name: 'إنشاء الحساب' }).click();
    await page.getByRole('alert').filter({ hasText: 'رقم الجوال غير صحيح. يجب أن يبدأ ب 05 أو +966' }).first().waitFor();
    // The field at fault is marked and focused; the others are not.
    const phone = page.getByLabel(field('رقم الجوال'));
    expect(await phone.getAttribute('aria-invalid')).toBe('true');
    expect(await phone.evaluate((input) => input === document.activeElement)).toBe(true);
    expect(await page.getByLabel(field('البريد الإلكتروني')).getAttribute('aria-invalid')).not.toBe('true');

    await registerAndConfirm(page, email, 'secret1');
    await page.getByText('تم تفعيل بريدك الإلكتروني').first().waitFor();
    await expectNoAxeViolations(page);
    await screenshot(page, 'login-confirmed');
    await fillLogin(page, email, 'secret1');
    await page.waitForURL('**/dashboard');
    await page.getByText('تجريبي').first().waitFor();
    await expectNoAxeViolations(page);
    await screenshot(page, 'dashboard');

    await page.locator('header').getByRole('button', { name: 'تسجيل الخروج' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    await page.locator('header').getByRole('link', { name: 'تسجيل الدخول' }).waitFor();
    await page.goto('/dashboard');
    await page.waitForURL('**/login?from=%2Fdashboard');
  });

  it('signing in before confirming says so in Arabic', async () => {
    const page = await fresh();
    const email = uniqueEmail('unconfirmed');
    await page.goto('/register');
    await submitRegistration(page, email, 'secret1', '+966512345678');
    await fillLogin(page, email, 'secret1');
    await page.getByRole('alert').filter({ hasText: 'يرجى تفعيل بريدك الإلكتروني أولاً' }).first().waitFor();
    await fillLogin(page, email, 'wrong-password');
    await page.getByRole('alert').filter({ hasText: 'البريد الإلكتروني أو كلمة المرور غير صحيحة' }).first().waitFor();
  });

  it('forgot password → e-mail → new password → sign in with it; the old one fails and the link is spent', async () => {
    const page = await fresh();
    const email = uniqueEmail('forgot');
    await registerAndConfirm(page, email, 'old-secret');
    // Without an address the request is refused, and the e-mail field is marked and focused.
    const emailField = page.getByLabel(field('البريد الإلكتروني'));
    await emailField.fill('');
    await page.getByRole('button', { name: 'نسيت كلمة المرور؟' }).click();
    await expect.poll(() => emailField.getAttribute('aria-invalid')).toBe('true');
    expect(await emailField.evaluate((input) => input === document.activeElement)).toBe(true);
    await emailField.fill(email);
    expect(await emailField.getAttribute('aria-invalid')).not.toBe('true');
    await page.getByRole('button', { name: 'نسيت كلمة المرور؟' }).click();
    // The 60 s cooldown counts down on the button.
    await page.getByRole('button', { name: /يمكنك طلب رابط جديد بعد \d+ ثانية/ }).waitFor();
    const link = await openLatestMail(page, email, 'إعادة تعيين كلمة المرور في سيرة');
    await page.goto(link);
    await page.waitForURL('**/reset-password?token=*');
    const resetUrl = page.url();
    await page.getByRole('heading', { name: 'تعيين كلمة مرور جديدة' }).waitFor();
    await expectNoAxeViolations(page);
    await page.getByLabel(field('كلمة المرور الجديدة')).fill('abc');
    await page.getByLabel(field('تأكيد كلمة المرور الجديدة')).fill('xyz');
    await page.getByRole('button', { name: 'حفظ كلمة المرور' }).click();
    await page.getByRole('alert').filter({ hasText: 'كلمات المرور غير متطابقة' }).first().waitFor();
    await page.getByLabel(field('كلمة المرور الجديدة')).fill('new-secret');
    await page.getByLabel(field('تأكيد كلمة المرور الجديدة')).fill('new-secret');
    await page.getByRole('button', { name: 'حفظ كلمة المرور' }).click();
    await page.waitForURL('**/login?reset=1');

    await fillLogin(page, email, 'old-secret');
    await page.getByRole('alert').filter({ hasText: 'البريد الإلكتروني أو كلمة المرور غير صحيحة' }).first().waitFor();
    await fillLogin(page, email, 'new-secret');
    await page.waitForURL('**/dashboard');

    await page.goto(resetUrl);
    await page.waitForURL((url) => url.pathname === '/login');
    const spent = page.getByText('رابط إعادة تعيين كلمة المرور غير صالح أو انتهت صلاحيته. اطلب رابطاً جديداً.');
    await spent.first().waitFor();
    // The e-mailed link itself, used again: the server turns it away, and the page says why.
    await page.goto('/');
    await page.goto(link);
    await page.waitForURL((url) => url.pathname === '/login');
    await spent.first().waitFor();
  });

  it('a link checked too often from this address asks to wait, and trying again checks it anew', async () => {
    const page = await fresh();
    const limited = { status: 429, contentType: 'application/json', body: JSON.stringify({ code: 'RATE_LIMITED' }) };
    await page.route('**/api/auth/password-reset/made-up-token', (route) => route.fulfill(limited), { times: 1 });
    await page.goto('/reset-password?token=made-up-token');
    // Not called invalid: the link may be good.
    await page.getByRole('alert').filter({ hasText: 'يرجى الانتظار قبل إعادة المحاولة' }).waitFor();
    await expectNoAxeViolations(page);
    await page.getByRole('button', { name: 'إعادة المحاولة' }).click();
    await page.waitForURL((url) => url.pathname === '/login');
    await page.getByText('رابط إعادة تعيين كلمة المرور غير صالح أو انتهت صلاحيته. اطلب رابطاً جديداً.').first().waitFor();
  });

  it('/reset-password without a token goes to /login', async () => {
    const page = await fresh();
    await page.goto('/reset-password');
    await page.waitForURL((url) => url.pathname === '/login');
  });
});

describe('guards', () => {
  it('sends an anonymous visitor to /login and back to the page after signing in', async () => {
    const page = await fresh();
    const email = uniqueEmail('guard');
    await registerAndConfirm(page, email, 'secret1');
    // Every signed-in page of spec §2 sits under the same guard layout.
    for (const path of ['/dashboard', '/send-resume', '/billing', '/upgrade', '/admin', '/payment-callback']) {
      await page.goto(path);
      await page.waitForURL((url) => url.pathname === '/login' && url.searchParams.get('from') === path);
    }
    await page.goto('/dashboard');
    await page.waitForURL('**/login?from=%2Fdashboard');
    await fillLogin(page, email, 'secret1');
    await page.waitForURL((url) => url.pathname === '/dashboard');
  });

  it('sends a signed-in non-admin away from /admin with the spec message; an admin gets the panel', async () => {
    const page = await fresh();
    const email = uniqueEmail('notadmin');
    await registerAndConfirm(page, email, 'secret1');
    await fillLogin(page, email, 'secret1');
    await page.waitForURL('**/dashboard');
    expect(await page.locator('header').getByRole('link', { name: 'لوحة المشرف' }).count()).toBe(0);
    await page.goto('/admin');
    await page.waitForURL((url) => url.pathname === '/');
    await page.getByText('غير مصرح لك بالوصول إلى لوحة المشرف').waitFor();

    await page.goto('/login');
    await fillLogin(page, inject('adminEmail'), inject('adminPassword'));
    await page.waitForURL('**/dashboard');
    await page.locator('header').getByRole('link', { name: 'لوحة المشرف' }).click();
    await page.waitForURL('**/admin/users');
    await page.getByText('إجمالي المستخدمين').waitFor();
    // The panel header names the signed-in administrator.
    await page
      .locator('p', { hasText: inject('adminEmail') })
      .first()
      .waitFor();
    await expectNoAxeViolations(page);
  });

  it('an administrator demoted while the panel is open is sent home at the next tab', async () => {
    const page = await fresh();
    const email = uniqueEmail('demoted');
    await registerAndConfirm(page, email, 'secret1');
    const admin = await fresh();
    await admin.goto('/login');
    await fillLogin(admin, inject('adminEmail'), inject('adminPassword'));
    await admin.waitForURL('**/dashboard');
    const listed = (await (await admin.request.get(`/api/admin/users?search=${encodeURIComponent(email)}&page=1&pageSize=10`)).json()) as {
      rows: Array<{ id: string; messagesRemaining: number }>;
    };
    const id = listed.rows[0]?.id;
    const setPackage = (packageName: string) =>
      admin.request.patch(`/api/admin/users/${id}`, { data: { packageName, messagesRemaining: 10 } });
    expect((await setPackage('admin')).status()).toBe(200);

    await fillLogin(page, email, 'secret1');
    await page.waitForURL('**/dashboard');
    await page.goto('/admin/users');
    await page.getByText('إجمالي المستخدمين').waitFor();
    expect((await setPackage('تجريبي')).status()).toBe(200);
    await page.getByRole('navigation', { name: 'أقسام لوحة المشرف' }).getByRole('link', { name: 'الباقات' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    await page.getByText('غير مصرح لك بالوصول إلى لوحة المشرف').waitFor();
  });

  it('signing out from a protected page goes home, even when the page re-reads the session meanwhile', async () => {
    const page = await fresh();
    await signedInAs(page, 'leaving');
    await page.getByText('تجريبي').first().waitFor();
    // The page re-reads the session (as when the tab regains focus) after the server ended it but before the
    // answer reached the page: the guard of a page still open would take that for an expired session.
    await page.route('**/api/auth/sign-out', async (route) => {
      const response = await route.fetch();
      await page.evaluate(() => document.dispatchEvent(new Event('visibilitychange')));
      await page.waitForTimeout(700);
      await route.fulfill({ response });
    });
    await page.locator('header').getByRole('button', { name: 'تسجيل الخروج' }).click();
    await page.locator('header').getByRole('link', { name: 'تسجيل الدخول' }).waitFor();
    await page.waitForTimeout(500);
    expect(new URL(page.url()).pathname).toBe('/');
    expect(await page.getByText('انتهت جلستك').count()).toBe(0);
  });

  it('signing out from the phone menu goes home, on a phone’s slower processor too', async () => {
    const { page, context } = await browser.newPage(viewports.phone);
    await signedInAs(page, 'phone-leaving');
    await page.getByText('تجريبي').first().waitFor();
    // A phone draws the landing page several times slower than a desktop: the protected page stays on screen
    // a while after the address has changed, and the session ends meanwhile.
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    await page.getByRole('button', { name: 'القائمة' }).click();
    await page.locator('#mobile-menu').getByRole('button', { name: 'تسجيل الخروج' }).click();
    // The dashboard gives way (to the landing page, or to /login's "session expired" when it goes wrong).
    await page.getByRole('heading', { name: 'لوحة التحكم' }).waitFor({ state: 'detached', timeout: 15_000 });
    await page.waitForTimeout(1500);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
    expect(new URL(page.url()).pathname).toBe('/');
    expect(await page.getByText('انتهت جلستك').count()).toBe(0);
    await page.getByRole('button', { name: 'القائمة' }).click();
    await page.locator('#mobile-menu').getByRole('link', { name: 'تسجيل الدخول' }).waitFor();
    await screenshot(page, 'signed-out-from-phone-menu', { fullPage: false });
  });

  it('opening /login signs the current session out', async () => {
    const page = await fresh();
    const email = uniqueEmail('relogin');
    await registerAndConfirm(page, email, 'secret1');
    await fillLogin(page, email, 'secret1');
    await page.waitForURL('**/dashboard');
    // The page's script signs out once it runs; the button shows earlier, from the prerendered page.
    const signedOut = page.waitForResponse((r) => r.url().endsWith('/api/auth/sign-out') && r.ok());
    await page.goto('/login');
    await page.getByRole('button', { name: 'دخول' }).waitFor();
    await signedOut;
    await page.goto('/dashboard');
    await page.waitForURL('**/login?from=%2Fdashboard');
  });

  it("a signed-in visitor clicking the header's login link before the session is known goes to the dashboard, still signed in", async () => {
    const page = await fresh();
    await signedInAs(page, 'early-click');
    // The session answer is held until the click is made: the prerendered header still shows login and
    // register when clicked, however long the click takes on a busy machine.
    let clicked!: () => void;
    const afterClick = new Promise<void>((resolve) => {
      clicked = resolve;
    });
    await page.route('**/api/auth/session', async (route) => {
      await afterClick;
      await route.continue();
    });
    // The click comes once the page's script has asked for the session and before the answer: earlier, on a
    // busy machine, the script may not have run yet and the link is a plain one to /login.
    const asked = page.waitForRequest('**/api/auth/session');
    await page.goto('/about');
    await asked;
    await page.getByRole('banner').getByRole('link', { name: 'تسجيل الدخول' }).click();
    clicked();
    await page.waitForURL('**/dashboard');
    await page.unroute('**/api/auth/session');
    await page.getByRole('banner').getByRole('button', { name: 'تسجيل الخروج' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/dashboard');
  });

  it('a session ended elsewhere sends the user from a protected page to /login', async () => {
    const page = await fresh();
    const email = uniqueEmail('elsewhere');
    await registerAndConfirm(page, email, 'secret1');
    await fillLogin(page, email, 'secret1');
    await page.waitForURL('**/dashboard');
    // Signing in loads the dashboard as a new document: its session check must be done before the session
    // ends, or this is an anonymous visit (sent to /login without the "expired" notice), not an expiry.
    await page.getByRole('heading', { name: 'لوحة التحكم' }).waitFor();
    // Sign out from a second tab of the same browser.
    const other = await page.context().newPage();
    await other.goto('/');
    await other.evaluate(() =>
      fetch('/api/auth/sign-out', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' }),
    );
    await other.close();
    await page.bringToFront();
    // Coming back to the tab re-checks the session (TanStack Query refetches on visibilitychange).
    await page.evaluate(() => window.dispatchEvent(new Event('visibilitychange')));
    await page.waitForURL((url) => url.pathname === '/login' && url.searchParams.get('expired') === '1');
    await page.getByText('انتهت جلستك. يرجى تسجيل الدخول مرة أخرى.').first().waitFor();
  });
});

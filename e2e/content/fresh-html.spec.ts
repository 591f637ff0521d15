import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { field, openAsAdmin } from '../fixtures/accounts';
import { useBrowser } from '../fixtures/browser';

const browser = useBrowser();

/** The page as a crawler or a link preview gets it: the raw HTML, no JavaScript run. */
const rawHtml = async (path: string) => {
  const response = await fetch(`${browser.baseUrl}${path}`);
  expect(response.status, path).toBe(200);
  return response.text();
};

const headTag = (html: string, pattern: RegExp) => html.match(pattern)?.[1];

async function saveAboutTitle(page: Page, title: string) {
  await page.goto('/admin/pages');
  const table = page.getByRole('table', { name: 'جدول الصفحات' });
  await table
    .locator('tbody tr')
    .filter({ has: page.getByText('/about', { exact: true }) })
    .getByRole('button', { name: /^تعديل/ })
    .click();
  const dialog = page.getByRole('dialog', { name: /^تعديل صفحة/ });
  const input = dialog.getByLabel(field('عنوان الصفحة'));
  const original = await input.inputValue();
  await input.fill(title);
  await dialog.getByRole('button', { name: 'حفظ التغييرات' }).click();
  await page.getByText('تم حفظ التغييرات بنجاح', { exact: true }).first().waitFor();
  await dialog.waitFor({ state: 'hidden' });
  return original;
}

async function savePackageDescription(page: Page, name: string, description: string) {
  await page.goto('/admin/packages');
  const row = page.locator('tbody tr', { hasText: name });
  await row.getByRole('button', { name: `تعديل الباقة ${name}` }).click();
  const edit = page.getByRole('dialog', { name: `تعديل الباقة ${name}` });
  const input = edit.getByLabel(field('الوصف'));
  const original = await input.inputValue();
  await input.fill(description);
  await edit.getByRole('button', { name: 'حفظ' }).click();
  await page.getByText('تم تحديث الباقة بنجاح').first().waitFor();
  await edit.waitFor({ state: 'hidden' });
  return original;
}

async function saveFooterDescription(page: Page, description: string) {
  await page.goto('/admin/footer');
  const form = page.getByRole('region', { name: 'نص التذييل وبيانات التواصل' });
  const input = form.getByLabel('نبذة قصيرة عن المنصة');
  await input.waitFor();
  const original = await input.inputValue();
  await input.fill(description);
  await form.getByRole('button', { name: 'حفظ بيانات التذييل' }).click();
  await page.getByText('تم حفظ بيانات التذييل بنجاح', { exact: true }).first().waitFor();
  return original;
}

describe('public pages after an administrator saves', () => {
  it('serve the saved text in their HTML, title and Open Graph tags at once, without JavaScript', async () => {
    const { page } = await openAsAdmin(browser);
    const marker = Date.now();
    const aboutTitle = `من نحن اليوم ${marker}`;
    const packageText = `وصف باقة محدث ${marker}`;
    const footerText = `نبذة التذييل المحدثة ${marker}`;
    // Read once before, so each page has a copy the server could have kept.
    for (const path of ['/', '/about', '/pricing', '/jobs/riyadh']) await rawHtml(path);

    const originalTitle = await saveAboutTitle(page, aboutTitle);
    const about = await rawHtml('/about');
    expect(headTag(about, /<title>([^<]*)<\/title>/)).toBe(`${aboutTitle} | سيرة`);
    expect(headTag(about, /<meta property="og:title" content="([^"]*)"/)).toBe(`${aboutTitle} | سيرة`);
    expect(about).toContain(`<h1`);
    expect(about).toMatch(new RegExp(`<h1[^>]*>${aboutTitle}</h1>`));

    const originalPackage = await savePackageDescription(page, 'باقة البداية', packageText);
    expect(await rawHtml('/pricing')).toContain(packageText);

    const originalFooter = await saveFooterDescription(page, footerText);
    for (const path of ['/', '/pricing', '/about', '/privacy', '/jobs/riyadh', '/jobs/jeddah']) {
      expect(await rawHtml(path), path).toContain(footerText);
    }

    await saveAboutTitle(page, originalTitle);
    await savePackageDescription(page, 'باقة البداية', originalPackage);
    await saveFooterDescription(page, originalFooter);
    expect(await rawHtml('/about')).not.toContain(aboutTitle);
  });
});

describe('/pricing', () => {
  it('comes without React to a visitor without a session, and with it to a signed-in one', async () => {
    const anonymous = await rawHtml('/pricing');
    expect(anonymous).toContain('<script type="module" src="/static-page.js">');
    expect(anonymous).not.toContain('__reactRouterContext');
    expect(anonymous).toMatch(/<button[^>]*data-package-name="باقة البداية"/);

    const { page, context } = await openAsAdmin(browser);
    const cookie = (await context.cookies()).map((c) => `${c.name}=${c.value}`).join('; ');
    const signedIn = await (await fetch(`${browser.baseUrl}/pricing`, { headers: { cookie } })).text();
    expect(signedIn).toContain('__reactRouterContext');
    expect(signedIn).not.toContain('/static-page.js');

    // A paid package chosen without a session: sign in, then back on /pricing its payment dialog opens.
    const visitor = await browser.newPage();
    await visitor.page.goto('/pricing');
    await visitor.page.getByRole('button', { name: /: باقة البداية$/ }).click();
    await visitor.page.waitForURL('**/login?from=%2Fpricing');
    expect(await visitor.page.evaluate(() => localStorage.getItem('sira.chosenPackage'))).toContain('باقة البداية');
    await page.close();
  });
});

describe('canonical address', () => {
  it('is one link per page, PUBLIC_BASE_URL’s, before and after hydration, whatever address the browser used', async () => {
    // The server's PUBLIC_BASE_URL says localhost; this visitor came by 127.0.0.1.
    const otherAddress = browser.baseUrl.replace('localhost', '127.0.0.1');
    expect(otherAddress).not.toBe(browser.baseUrl);
    const { page } = await browser.newPage(undefined, { baseUrl: otherAddress });
    for (const path of ['/', '/pricing', '/about', '/jobs/riyadh', '/login', '/register']) {
      const html = await rawHtml(path);
      expect(html.match(/<link rel="canonical"/g)?.length, path).toBe(1);
      await page.goto(path);
      await page.waitForLoadState('networkidle');
      const canonicals = await page.locator('link[rel="canonical"]').evaluateAll((links) => links.map((l) => l.getAttribute('href')));
      expect(canonicals, path).toEqual([`${browser.baseUrl}${path === '/' ? '/' : path}`]);
      const ogUrl = await page.locator('meta[property="og:url"]').evaluateAll((metas) => metas.map((m) => m.getAttribute('content')));
      expect(ogUrl, path).toEqual([`${browser.baseUrl}${path === '/' ? '/' : path}`]);
    }
  });
});

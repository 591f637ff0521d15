import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { signedInAs, signInAsAdmin } from '../fixtures/accounts';
import { useBrowser } from '../fixtures/browser';

const browser = useBrowser();

const publicPages = ['/', '/pricing', '/about', '/support', '/privacy', '/terms', '/how-to-prepare-cv', '/jobs/riyadh', '/jobs/jeddah'];

/** Every CSP violation the page reports from now on (the listener is in place before any page script runs). */
async function recordViolations(page: Page) {
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { __cspViolations: string[] }).__cspViolations = seen;
    document.addEventListener('securitypolicyviolation', (event) => {
      seen.push(`${event.effectiveDirective} ${event.blockedURI} ${event.sourceFile}:${event.lineNumber} ${event.sample}`);
    });
  });
}
const violations = (page: Page) => page.evaluate(() => (window as unknown as { __cspViolations?: string[] }).__cspViolations ?? []);

/** A page loaded, its scripts run and the app hydrated: nothing the policy refused on the way. */
async function visit(page: Page, path: string) {
  await page.goto(path);
  await page.waitForLoadState('networkidle');
  return { path, violations: await violations(page) };
}

const scriptSources = (csp: string | null) =>
  (csp ?? '')
    .split(';')
    .find((d) => d.trim().startsWith('script-src '))
    ?.trim()
    .split(/\s+/)
    .slice(1) ?? [];

describe('content security policy', () => {
  it('allows no inline script by a blanket rule: each page names its own by hash', async () => {
    for (const path of [...publicPages, '/login', '/dashboard']) {
      const res = await fetch(`${browser.baseUrl}${path}`);
      const sources = scriptSources(res.headers.get('content-security-policy'));
      expect(sources, path).not.toContain("'unsafe-inline'");
      expect(sources[0], path).toBe("'self'");
      expect(
        sources.slice(1).every((s) => /^'sha256-[A-Za-z0-9+/]+=*'$/.test(s)),
        path,
      ).toBe(true);
    }
  });

  it('reports no violation on the public pages, the login page, the dashboard and the admin panel', { timeout: 180_000 }, async () => {
    const { page, consoleErrors } = await browser.newPage();
    await recordViolations(page);
    // The admin editor (Tiptap) is fetched by the admin forms only: no other page downloads it.
    const editorChunk = /rich-text-field|tiptap/i;
    const fetched: string[] = [];
    page.on('request', (request) => fetched.push(request.url()));
    const seen = [];
    for (const path of [...publicPages, '/login']) seen.push(await visit(page, path));
    await signedInAs(page, 'csp');
    seen.push(await visit(page, '/dashboard'));
    seen.push(await visit(page, '/send-resume'));
    // Signing in went through the hydrated login form, so the app's scripts did run under the policy.
    expect(seen.filter((s) => s.violations.length > 0)).toEqual([]);
    expect(consoleErrors.filter((e) => /Content Security Policy|Refused to/.test(e))).toEqual([]);
    expect(fetched.filter((url) => editorChunk.test(url))).toEqual([]);

    const admin = await browser.newPage();
    await recordViolations(admin.page);
    await signInAsAdmin(admin.page, inject('adminEmail'), inject('adminPassword'));
    const adminFetched: string[] = [];
    admin.page.on('request', (request) => adminFetched.push(request.url()));
    const adminSeen = [await visit(admin.page, '/admin/users'), await visit(admin.page, '/admin/packages')];
    expect(adminFetched.filter((url) => editorChunk.test(url))).toEqual([]);
    // The page editor and the template form: the editor, its styles and the sandboxed message preview run too.
    adminSeen.push(await visit(admin.page, '/admin/pages'));
    await admin.page
      .getByRole('button', { name: /^تعديل/ })
      .first()
      .click();
    await admin.page.getByRole('textbox', { name: 'محتوى الصفحة' }).click();
    await admin.page.keyboard.type('نص');
    await admin.page.getByTestId('page-preview').getByText('نص').first().waitFor();
    adminSeen.push({ path: 'page editor', violations: await violations(admin.page) });
    adminSeen.push(await visit(admin.page, '/admin/templates'));
    await admin.page.getByRole('button', { name: 'إضافة قالب' }).click();
    await admin.page.getByRole('textbox', { name: 'محتوى القالب' }).click();
    await admin.page.keyboard.type('نص الرسالة');
    await admin.page.frameLocator('iframe[title="معاينة محتوى الرسالة"]').getByText('نص الرسالة').waitFor();
    adminSeen.push({ path: 'template form', violations: await violations(admin.page) });
    expect(adminFetched.filter((url) => editorChunk.test(url)).length).toBeGreaterThan(0);
    expect(adminSeen.filter((s) => s.violations.length > 0)).toEqual([]);
    expect(admin.consoleErrors.filter((e) => /Content Security Policy|Refused to/.test(e))).toEqual([]);
  });
});

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

  it('reports no violation on the public pages, the login page, the dashboard and the admin panel', async () => {
    const { page, consoleErrors } = await browser.newPage();
    await recordViolations(page);
    const seen = [];
    for (const path of [...publicPages, '/login']) seen.push(await visit(page, path));
    await signedInAs(page, 'csp');
    seen.push(await visit(page, '/dashboard'));
    seen.push(await visit(page, '/send-resume'));
    // Signing in went through the hydrated login form, so the app's scripts did run under the policy.
    expect(seen.filter((s) => s.violations.length > 0)).toEqual([]);
    expect(consoleErrors.filter((e) => /Content Security Policy|Refused to/.test(e))).toEqual([]);

    const admin = await browser.newPage();
    await recordViolations(admin.page);
    await signInAsAdmin(admin.page, inject('adminEmail'), inject('adminPassword'));
    const adminSeen = [await visit(admin.page, '/admin/users'), await visit(admin.page, '/admin/packages')];
    expect(adminSeen.filter((s) => s.violations.length > 0)).toEqual([]);
    expect(admin.consoleErrors.filter((e) => /Content Security Policy|Refused to/.test(e))).toEqual([]);
  });
});

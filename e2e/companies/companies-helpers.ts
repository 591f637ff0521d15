import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { expect, inject } from 'vitest';
import { signInAsAdmin } from '../fixtures/accounts';
import type { useBrowser } from '../fixtures/browser';

/**
 * The admin companies tab's journeys, in several files so that they run on different workers: each page of the
 * directory holds 1,000 rows (spec §9), and an accessibility check of such a page takes minutes.
 */

/** The real LibreOffice workbooks the server tests use. */
const fixtures = join(import.meta.dirname, '..', '..', 'apps', 'server', 'src', 'modules', 'companies', 'fixtures');
export const fixture = (name: string) => join(fixtures, name);

/**
 * Every refetch re-renders a table of 1,000 rows: these journeys get more time than the default minute on a
 * busy machine.
 */
export const companiesTimeout = { timeout: 360_000 };

export async function openCompaniesTab(browser: ReturnType<typeof useBrowser>) {
  const opened = await browser.newPage();
  await signInAsAdmin(opened.page, inject('adminEmail'), inject('adminPassword'));
  await opened.page.goto('/admin/companies');
  await opened.page.getByRole('heading', { name: 'الشركات', exact: true }).waitFor();
  return opened;
}

export const table = (page: Page) => page.getByRole('table', { name: 'دليل الشركات' });
/** The rows rendered: the table renders those near the screen, between spacers for the others. */
export const rows = (page: Page) => table(page).locator('tbody tr:not([data-spacer])');
export const rowOf = (page: Page, text: string) => rows(page).filter({ hasText: text });
/** A toast (or any text) that appears, matched exactly or by a pattern. */
export const seen = (page: Page, text: string | RegExp) =>
  page
    .getByText(text, { exact: typeof text === 'string' })
    .first()
    .waitFor({ timeout: 15_000 });
export const toastsGone = (page: Page) =>
  expect.poll(() => page.locator('.mantine-Notification-root').count(), { timeout: 15_000, interval: 250 }).toBe(0);
/** Opens a Mantine select by its label and picks an option. */
export async function choose(page: Page, label: string | RegExp, option: string) {
  await page.getByLabel(label).first().click();
  await page.getByRole('option', { name: option, exact: true }).click();
}
export const failWith500 = (page: Page, pattern: string, method: string) =>
  page.route(pattern, (route) =>
    route.request().method() === method
      ? route.fulfill({ status: 500, contentType: 'application/json', body: '{"code":"INTERNAL"}' })
      : route.continue(),
  );

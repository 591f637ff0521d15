import type { Page } from 'playwright-core';

/** A number as the app shows it (Western digits, a comma for thousands; ADR 026), read back. */
export function readNumber(text: string | null): number {
  if (/[\u0660-\u0669\u06F0-\u06F9]/.test(text ?? '')) throw new Error(`Arabic-Indic digits in "${text}"`);
  const western = (text ?? '').replace(/[^\d]/g, '');
  if (!western) throw new Error(`no number in "${text}"`);
  return Number(western);
}

/** The card of one package (pricing or upgrade), found by its heading. */
export const packageCard = (page: Page, name: string) =>
  page.locator('.mantine-Card-root', { has: page.getByRole('heading', { name, exact: true }) });

/** Paylink's transaction number, from the sandbox payment page's address (/sandbox/paylink/pay/<no>). */
export function transactionNoOf(page: Page): string {
  const match = /\/sandbox\/paylink\/pay\/(\d+)/.exec(page.url());
  if (!match?.[1]) throw new Error(`not on a sandbox payment page: ${page.url()}`);
  return match[1];
}

/** From /upgrade: select a package, open 'upgrade now' and go to Paylink's page. */
export async function upgradeTo(page: Page, name: string) {
  await page.goto('/upgrade');
  await packageCard(page, name).getByRole('button', { name: 'اختيار الباقة' }).click();
  await page.getByRole('button', { name: 'ترقية الآن' }).click();
  const dialog = page.getByRole('dialog', { name: `الدفع مقابل ${name}` });
  await dialog.waitFor();
  await dialog.getByRole('button', { name: 'الانتقال إلى الدفع' }).click();
  await page.waitForURL('**/sandbox/paylink/pay/**');
  return transactionNoOf(page);
}

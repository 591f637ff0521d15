import { readFile } from 'node:fs/promises';
import { defaultPages } from '@sira/shared/defaults/pages';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../test-support/db';
import type { DatabaseHandle } from './client';
import { pages } from './schema';

/**
 * The privacy page says what is kept, why, for how long and who receives it (Google, Paylink): seeded so, and
 * migration 0019 brings a page seeded earlier to the same text while leaving a rewritten one alone.
 */

let handle: DatabaseHandle;
beforeAll(async () => {
  handle = await createTestDatabase();
});
afterAll(() => handle.close());

const privacyDefault = defaultPages.find((p) => p.slug === 'privacy')?.content ?? '';
const summaryStart = privacyDefault.indexOf('\n\n<h2>باختصار');
const summaryEnd = privacyDefault.indexOf('\n\n<h2>1. ');
const newProviders = privacyDefault.match(/<li><strong>مقدمو الخدمات:<\/strong>[^\n]*<\/li>/)?.[0] ?? '';
const oldProviders =
  '<li><strong>مقدمو الخدمات:</strong> مثل بوابة الدفع ومزودي الاستضافة والبنية التحتية، وفق اتفاقيات تلزمهم بالسرية وحماية البيانات.</li>';
/** The page as seeded before this notice: without the summary and naming no provider. */
const previousDefault = (privacyDefault.slice(0, summaryStart) + privacyDefault.slice(summaryEnd)).replace(newProviders, oldProviders);

/** A migration's statements that change pages (the rest made tables, which exist now). */
async function runPageUpdates(file = '0019_optout-and-consent.sql', count = 2) {
  const migration = await readFile(new URL(`./migrations/${file}`, import.meta.url), 'utf8');
  const updates = migration.split('--> statement-breakpoint').filter((s) => /UPDATE "pages"/.test(s));
  expect(updates.length).toBe(count);
  for (const statement of updates) await handle.db.execute(sql.raw(statement));
}
const runErasureUpdate = () => runPageUpdates('0023_privacy-erasure-copies.sql', 1);
const runOwnListUpdate = () => runPageUpdates('0026_own-companies-and-job-ads.sql', 3);
/** The page as seeded before it named the user's own list of companies and the job ads' text. */
const beforeOwnListNotice = privacyDefault.replace(/\n<li>(<strong>)?(قائمة شركاتك|تُحذف قائمة شركاتك)[^\n]*<\/li>/g, '');
/** The page as seeded before it said how long a deleted account's copies persist. */
const beforeErasureNotice = privacyDefault.replace(/\n<li>عند حذف حسابك[^<]*<\/li>/, '');

const privacy = async () => (await handle.db.select().from(pages).where(eq(pages.slug, 'privacy')))[0]?.content;

describe('privacy notice', () => {
  it('the default says what is kept, why, for how long, and names Google and Paylink as receivers', () => {
    const summary = privacyDefault.slice(summaryStart, summaryEnd);
    expect(summaryStart).toBeGreaterThan(0);
    for (const word of ['نحتفظ', 'لإثبات', 'ما دام حسابك قائمًا', 'Google', 'Paylink', 'الشركات التي تتقدم إليها', 'إيقاف الإرسال'])
      expect(summary).toContain(word);
    expect(newProviders).toContain('Paylink');
  });

  it('the default says that a deletion is at once, and how long copies of the deleted data persist and where', () => {
    const retention = privacyDefault.slice(privacyDefault.indexOf('<h2>6. '), privacyDefault.indexOf('<h2>7. '));
    const deletion = retention.match(/<li>عند حذف حسابك[^<]*<\/li>/)?.[0] ?? '';
    for (const words of ['فورًا', 'النسخ الاحتياطية', 'مدة أقصاها 30 يومًا', 'ملفات قاعدة البيانات', 'إلى أن يُكتب فوقها'])
      expect(deletion).toContain(words);
  });

  it('migration 0019 brings the earlier seeded page to the new text, once (with the later additions after it)', async () => {
    await handle.db.update(pages).set({ content: previousDefault }).where(eq(pages.slug, 'privacy'));
    await runPageUpdates();
    await runOwnListUpdate();
    expect(await privacy()).toBe(privacyDefault);
    await runPageUpdates();
    await runOwnListUpdate();
    expect(await privacy()).toBe(privacyDefault);
  });

  it('migration 0026 adds the own list of companies and the job ads to the earlier seeded page, once', async () => {
    expect(beforeOwnListNotice).not.toBe(privacyDefault);
    expect(privacyDefault.split('قائمة شركاتك').length - 1).toBe(3);
    expect(beforeOwnListNotice).not.toContain('قائمة شركاتك');
    await handle.db.update(pages).set({ content: beforeOwnListNotice }).where(eq(pages.slug, 'privacy'));
    await runOwnListUpdate();
    expect(await privacy()).toBe(privacyDefault);
    await runOwnListUpdate();
    expect(await privacy()).toBe(privacyDefault);
  });

  it('migration 0023 adds how long a deleted account’s copies persist to the earlier seeded page, once', async () => {
    expect(beforeErasureNotice).not.toBe(privacyDefault);
    await handle.db.update(pages).set({ content: beforeErasureNotice }).where(eq(pages.slug, 'privacy'));
    await runErasureUpdate();
    expect(await privacy()).toBe(privacyDefault);
    await runErasureUpdate();
    expect(await privacy()).toBe(privacyDefault);
  });

  it('leaves a page an administrator rewrote as it is', async () => {
    const rewritten = '<h2>سياسة الخصوصية</h2><p>نص كتبه المشرف.</p>';
    await handle.db.update(pages).set({ content: rewritten }).where(eq(pages.slug, 'privacy'));
    await runPageUpdates();
    await runErasureUpdate();
    await runOwnListUpdate();
    expect(await privacy()).toBe(rewritten);
  });
});

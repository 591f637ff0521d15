import { count, eq, type SQL, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../test-support/db';
import { TEST_BASE_URL } from '../../test-support/global-setup';
import { type DatabaseHandle, rowsOf } from './client';
import {
  companies,
  deliveries,
  footerLinks,
  footerSections,
  packages,
  packageTemplates,
  pages,
  profiles,
  sendJobs,
  settings,
  templates,
  user,
} from './schema';
import { ensureAdmin, seedDatabase } from './seed/seed';

let handle: DatabaseHandle;
beforeAll(async () => {
  handle = await createTestDatabase();
});
afterAll(() => handle.close());

const countOf = async (table: PgTable) => {
  const [row] = await handle.db.select({ n: count() }).from(table);
  return row?.n ?? 0;
};

/** Runs one migration's statements again on this (already migrated) database: data fixes are re-runnable. */
async function runMigrationAgain(name: string) {
  const { readFile } = await import('node:fs/promises');
  const migration = await readFile(new URL(`./migrations/${name}.sql`, import.meta.url), 'utf8');
  for (const statement of migration.split('--> statement-breakpoint')) await handle.db.execute(sql.raw(statement));
}

describe('seed', () => {
  it('creates the five packages of spec §3 with their prices and the reserved names', async () => {
    const rows = await handle.db.select().from(packages);
    const byName = new Map(rows.map((p) => [p.name, p]));
    expect(byName.get('تجريبي')?.price).toBe(0);
    expect(byName.get('باقة نمو')?.price).toBe(30);
    expect(byName.get('باقة البداية')).toMatchObject({ price: 95, originalPrice: 129, discountPercent: 26.36 });
    expect(byName.get('باقة المحترف')).toMatchObject({ price: 150, originalPrice: 199, discountPercent: 24.62 });
    expect(byName.get('باقة التميز')).toMatchObject({ price: 199, originalPrice: 249, discountPercent: 21.69 });
    expect(byName.has('admin')).toBe(true);
    expect(byName.has('مجاني')).toBe(true);
    for (const name of ['باقة نمو', 'باقة البداية', 'باقة المحترف', 'باقة التميز']) {
      expect(byName.get(name)?.features.length).toBeGreaterThanOrEqual(3);
    }
  });

  it('promises users no Excel upload of their own (there is none), and migration 0010 takes the promise out of older databases', async () => {
    const seeded = await handle.db.select().from(packages);
    expect(seeded.filter((p) => /Excel/.test([...p.features, p.description].join(' ')))).toEqual([]);

    const claim = 'رفع قائمة شركات خاصة بك عبر ملف Excel';
    const oldDescription = 'أقصى انتشار لسيرتك الذاتية، مع إمكانية رفع قائمة الشركات التي تستهدفها بنفسك عبر ملف Excel.';
    const [top] = await handle.db
      .update(packages)
      .set({ features: ['1000 رسالة', claim, 'دعم'], description: oldDescription })
      .where(eq(packages.name, 'باقة التميز'))
      .returning({ id: packages.id });
    const [edited] = await handle.db
      .insert(packages)
      .values({ name: `معدلة ${Date.now()}`, features: ['ميزة'], description: 'وصف كتبه المشرف عن ملف Excel' })
      .returning({ id: packages.id });
    await runMigrationAgain('0010_packages-no-excel-claim');
    const after = await handle.db
      .select()
      .from(packages)
      .where(eq(packages.id, top?.id as string));
    expect(after[0]?.features).toEqual(['1000 رسالة', 'دعم']);
    expect(after[0]?.description).not.toMatch(/Excel/);
    const untouched = await handle.db
      .select()
      .from(packages)
      .where(eq(packages.id, edited?.id as string));
    expect(untouched[0]).toMatchObject({ features: ['ميزة'], description: 'وصف كتبه المشرف عن ملف Excel' });
    await handle.db.delete(packages).where(eq(packages.id, edited?.id as string));
  });

  it('migration 0011 replaces the privacy sentences that did not match the product, and only those', async () => {
    const stale =
      '<p>مقدمة كتبها المشرف</p><ul><li>تبقى السيرة الذاتية محفوظة ما دامت مستخدمة في الإرسال، ويمكنك استبدالها أو طلب حذفها في أي وقت، ونحذف الملفات غير المستخدمة بعد 12 شهرًا من آخر نشاط للحساب.</li></ul><p>نستخدم تخزين الجلسة في متصفحك لحفظ بيانات تسجيل الدخول طوال مدة الجلسة، ولا نستخدم ملفات تعريف ارتباط إعلانية أو أدوات تتبّع تابعة لأطراف ثالثة لأغراض تسويقية.</p>';
    await handle.db.update(pages).set({ content: stale }).where(eq(pages.slug, 'privacy'));
    await runMigrationAgain('0011_privacy-text-matches-product');
    const [privacy] = await handle.db.select().from(pages).where(eq(pages.slug, 'privacy'));
    expect(privacy?.content).toBe(
      '<p>مقدمة كتبها المشرف</p><ul><li>نحتفظ بآخر ثلاث نسخ ترفعها من سيرتك الذاتية لإرفاقها برسائلك، ونحذف ما قبلها تلقائيًا متى لم تعد مرفقة بإرسال جارٍ، ويمكنك طلب حذف ملفاتك في أي وقت بمراسلتنا.</li></ul><p>نستخدم ملف تعريف ارتباط ضروريًا وآمنًا لا تقرؤه البرامج النصية، يبقيك مسجّل الدخول حتى 7 أيام من آخر استخدام ما لم تسجّل الخروج، ونحفظ في التخزين المحلي لمتصفحك الباقة التي تختارها قبل تسجيل الدخول ليوم واحد فقط. ولا نستخدم ملفات تعريف ارتباط إعلانية أو أدوات تتبّع تابعة لأطراف ثالثة لأغراض تسويقية.</p>',
    );
    const seededText = (await import('@sira/shared/defaults/pages')).defaultPages.find((p) => p.slug === 'privacy')?.content ?? '';
    expect(seededText).toContain(
      'نستخدم ملف تعريف ارتباط ضروريًا وآمنًا لا تقرؤه البرامج النصية، يبقيك مسجّل الدخول حتى 7 أيام من آخر استخدام ما لم تسجّل الخروج، ونحفظ في التخزين المحلي لمتصفحك الباقة التي تختارها قبل تسجيل الدخول ليوم واحد فقط. ولا نستخدم ملفات تعريف ارتباط إعلانية أو أدوات تتبّع تابعة لأطراف ثالثة لأغراض تسويقية.',
    );
    expect(seededText).not.toContain('تخزين الجلسة');
  });

  it('migration 0012 takes the made-up contact details out of the support and privacy pages, and seeds none', async () => {
    const oldSupport =
      '<h2>قنوات التواصل</h2>\n<ul>\n<li><strong>البريد الإلكتروني:</strong> <a href="mailto:support@sira.example">support@sira.example</a></li>\n<li><strong>الهاتف:</strong> <a href="tel:+966110000000"><bdi>+966 11 000 0000</bdi></a></li>\n</ul>';
    const oldPrivacy =
      'راسلنا على <a href="mailto:support@sira.example">support@sira.example</a> أو تواصل معنا عبر <a href="/support">صفحة الدعم</a>.';
    await handle.db
      .update(pages)
      .set({ content: `<p>مقدمة</p>\n${oldSupport}\n<p>خاتمة كتبها المشرف</p>` })
      .where(eq(pages.slug, 'support'));
    await handle.db
      .update(pages)
      .set({ content: `<p>${oldPrivacy}</p>` })
      .where(eq(pages.slug, 'privacy'));
    await runMigrationAgain('0012_pages-without-made-up-contacts');
    const [support] = await handle.db.select().from(pages).where(eq(pages.slug, 'support'));
    const [privacy] = await handle.db.select().from(pages).where(eq(pages.slug, 'privacy'));
    expect(support?.content).toBe(
      `<p>مقدمة</p>\n${'<h2>قنوات التواصل</h2>\n<p>تجد بريدنا الإلكتروني ورقم هاتفنا في أسفل كل صفحة من صفحات الموقع.</p>'}\n<p>خاتمة كتبها المشرف</p>`,
    );
    expect(privacy?.content).toBe(
      `<p>${'تواصل معنا عبر البريد الإلكتروني أو الهاتف المذكورين في أسفل الصفحة، أو عبر <a href="/support">صفحة الدعم</a>.'}</p>`,
    );
    const { defaultPages } = await import('@sira/shared/defaults/pages');
    for (const page of defaultPages) expect(page.content, page.slug).not.toMatch(/sira\.example|\+966 ?11/);
  });

  it('creates the five content pages with Arabic HTML', async () => {
    const rows = await handle.db.select({ slug: pages.slug, content: pages.content }).from(pages);
    expect(rows.map((r) => r.slug).sort()).toEqual(['about', 'how-to-prepare-cv', 'privacy', 'support', 'terms']);
    for (const row of rows) {
      expect(row.content).toMatch(/[\u0600-\u06FF]/);
      expect(row.content).not.toMatch(/<script/i);
    }
  });

  it('creates a demo directory of at least 3,000 companies whose addresses use reserved example domains only', async () => {
    const rows = await handle.db.select({ email: companies.email, location: companies.location }).from(companies);
    expect(rows.length).toBeGreaterThanOrEqual(3000);
    const reserved = /@(?:[a-z0-9-]+\.)*(?:example\.(?:com|net|org)|example)$/;
    expect(rows.filter((r) => !reserved.test(r.email))).toEqual([]);
    const cities = new Set(rows.map((r) => r.location));
    for (const city of ['الرياض', 'جدة', 'الدمام']) expect(cities.has(city)).toBe(true);
  });

  it('links at least three templates to packages, and has footer, contact, social and send settings', async () => {
    expect(await countOf(templates)).toBeGreaterThanOrEqual(3);
    expect(await countOf(packageTemplates)).toBeGreaterThanOrEqual(3);
    expect(await countOf(footerSections)).toBeGreaterThan(0);
    expect(await countOf(footerLinks)).toBeGreaterThan(0);
    const keys = (await handle.db.select({ key: settings.key }).from(settings)).map((r) => r.key);
    expect(keys).toEqual(expect.arrayContaining(['social_media', 'contact_info', 'footer_settings', 'email_delay_settings', 'gmail']));
    const [delay] = await handle.db.select().from(settings).where(eq(settings.key, 'email_delay_settings'));
    expect(delay?.value).toEqual({
      batch_size: 100,
      batch_delay: 60,
      email_delay: 1,
      max_per_minute: 60,
      max_per_hour: 3600,
      retry_delay: 300,
      max_retries: 3,
    });
  });

  it('is idempotent and never overwrites an administrator edit', async () => {
    await handle.db.update(pages).set({ title: 'عنوان عدّله المشرف' }).where(eq(pages.slug, 'about'));
    const before = await Promise.all([companies, templates, footerLinks, packages, pages].map(countOf));
    await seedDatabase(handle.db, { publicBaseUrl: TEST_BASE_URL, demoContent: true });
    const after = await Promise.all([companies, templates, footerLinks, packages, pages].map(countOf));
    expect(after).toEqual(before);
    const [about] = await handle.db.select().from(pages).where(eq(pages.slug, 'about'));
    expect(about?.title).toBe('عنوان عدّله المشرف');
  });

  it('in production, withdraws the demo contact details and social links a database was seeded with, and nothing an admin entered', async () => {
    const { seedContactInfo, seedSocialMedia } = await import('./seed/content/footer');
    const value = async (key: string) => (await handle.db.select().from(settings).where(eq(settings.key, key)))[0]?.value;
    expect(await value('contact_info')).toEqual(seedContactInfo);
    expect(await value('social_media')).toEqual(seedSocialMedia);
    await seedDatabase(handle.db, { publicBaseUrl: TEST_BASE_URL, demoContent: false });
    expect(await value('contact_info')).toEqual({ email: '', phone: '' });
    expect(await value('social_media')).toEqual({ facebook: '', twitter: '', instagram: '', linkedin: '' });

    const entered = { email: 'help@sira.sa', phone: '+966112345678' };
    await handle.db.update(settings).set({ value: entered }).where(eq(settings.key, 'contact_info'));
    await seedDatabase(handle.db, { publicBaseUrl: TEST_BASE_URL, demoContent: false });
    expect(await value('contact_info')).toEqual(entered);
    await handle.db.update(settings).set({ value: seedContactInfo }).where(eq(settings.key, 'contact_info'));
    await handle.db.update(settings).set({ value: seedSocialMedia }).where(eq(settings.key, 'social_media'));
  });

  it('creates the administrator once, on the admin package, with a confirmed e-mail', async () => {
    expect(await ensureAdmin(handle.db, { email: ' Boss@Sira.Example ', password: 'secret-pass' })).toBe(true);
    expect(await ensureAdmin(handle.db, { email: 'boss@sira.example', password: 'secret-pass' })).toBe(false);
    const [row] = await handle.db
      .select({ verified: user.emailVerified, pkg: packages.name })
      .from(user)
      .innerJoin(profiles, eq(profiles.id, user.id))
      .innerJoin(packages, eq(packages.id, profiles.packageId))
      .where(eq(user.email, 'boss@sira.example'));
    expect(row).toEqual({ verified: true, pkg: 'admin' });
  });
});

describe('constraints', () => {
  it('maintains updated_at in the database, for raw SQL writes too', async () => {
    const [before] = await handle.db.select().from(pages).where(eq(pages.slug, 'terms'));
    await new Promise((r) => setTimeout(r, 20));
    await handle.db.execute(sql`update pages set title = title || '.' where slug = 'terms'`);
    const [after] = await handle.db.select().from(pages).where(eq(pages.slug, 'terms'));
    expect(after?.updatedAt.getTime()).toBeGreaterThan(before?.updatedAt.getTime() ?? Number.POSITIVE_INFINITY);
  });

  it('refuses a negative balance, an unknown package and a duplicate company address (any case)', async () => {
    await ensureAdmin(handle.db, { email: 'constraints@sira.example', password: 'secret-pass' });
    await expect(
      handle.db.execute(sql`update profiles set messages_remaining = -1 where email = 'constraints@sira.example'`),
    ).rejects.toThrow();
    await expect(
      handle.db.execute(sql`update profiles set package_id = gen_random_uuid() where email = 'constraints@sira.example'`),
    ).rejects.toThrow();
    const [one] = await handle.db.select().from(companies).limit(1);
    if (!one) throw new Error('no companies seeded');
    await expect(
      handle.db.insert(companies).values({ name: 'نسخة', email: one.email.toUpperCase(), packageId: one.packageId }),
    ).rejects.toThrow();
  });

  it('keeps a lease on a delivery exactly while it is being sent', async () => {
    await ensureAdmin(handle.db, { email: 'lease@sira.example', password: 'secret-pass' });
    const [profile] = await handle.db.select({ id: profiles.id }).from(profiles).where(eq(profiles.email, 'lease@sira.example'));
    const profileId = profile?.id as string;
    const [job] = await handle.db.insert(sendJobs).values({ profileId, subject: 's', content: 'c', resumePath: 'p.pdf' }).returning();
    const [row] = await handle.db
      .insert(deliveries)
      .values({ jobId: job?.id as string, profileId, recipientEmail: 'hr@co.example', companyName: 'co', sector: 'x', location: 'y' })
      .returning();
    const id = row?.id as string;
    const refused = (change: SQL) =>
      expect(handle.db.execute(sql`update deliveries set ${change} where id = ${id}`)).rejects.toMatchObject({
        cause: expect.objectContaining({ constraint: 'deliveries_lease_only_while_sending' }),
      });
    await refused(sql`status = 'sending'`);
    await refused(sql`lease_expires_at = now()`);
    await handle.db.execute(sql`update deliveries set status = 'sending', lease_expires_at = now() + interval '1 minute' where id = ${id}`);
    await refused(sql`status = 'sent'`);
    await handle.db.execute(sql`update deliveries set status = 'sent', lease_expires_at = null where id = ${id}`);
  });

  it('deletes a footer section together with its links', async () => {
    const [section] = await handle.db.insert(footerSections).values({ title: 'قسم مؤقت', order: 9 }).returning();
    if (!section) throw new Error('insert returned nothing');
    await handle.db.insert(footerLinks).values({ title: 'رابط', url: '/about', sectionId: section.id });
    await handle.db.delete(footerSections).where(eq(footerSections.id, section.id));
    const left = rowsOf<{ n: number }>(
      await handle.db.execute(sql`select count(*)::int as n from footer_links where section_id = ${section.id}`),
    );
    expect(left[0]?.n).toBe(0);
  });

  it('has an index for every list and filter the spec names', async () => {
    const names = rowsOf<{ indexname: string }>(
      await handle.db.execute(sql`select indexname from pg_indexes where schemaname = 'public'`),
    ).map((r) => r.indexname);
    for (const index of [
      'profiles_created_at_idx',
      'companies_package_name_idx',
      'companies_name_idx',
      'companies_search_trgm_idx',
      'invoices_profile_created_idx',
      'send_jobs_profile_created_idx',
      'deliveries_pending_job_order_idx',
      'failed_emails_profile_idx',
      'footer_links_section_order_idx',
      'package_templates_order_idx',
    ]) {
      expect(names).toContain(index);
    }
  });
});

import { randomUUID } from 'node:crypto';
import { ADMIN_PACKAGE, DEFAULT_DAILY_CAPS, DEFAULT_EMAIL_DELAY_SETTINGS, GMAIL_SEND_SCOPE } from '@sira/shared';
import { defaultPackages } from '@sira/shared/defaults/packages';
import { defaultPages } from '@sira/shared/defaults/pages';
import { and, count, eq, sql } from 'drizzle-orm';
import { sanitizeMailHtml, sanitizeRichHtml } from '../../lib/html';
import { hashPassword } from '../../modules/auth/passwords';
import type { Database } from '../client';
import {
  account,
  companies,
  footerLinks,
  footerSections,
  packages,
  packageTemplates,
  pages,
  profiles,
  settings,
  templates,
  user,
} from '../schema';
import { generateSeedCompanies } from './content/companies';
import { seedContactInfo, seedFooterDescription, seedFooterSections, seedSocialMedia } from './content/footer';
import { seedTemplates } from './content/templates';

export interface SeedOptions {
  /**
   * Embedded mode's demo content: a directory of companies at reserved example domains, and made-up contact
   * details and social links in the footer. Production starts without them — an empty directory, and no
   * contact or social links until an administrator enters the real ones (footer tab).
   */
  demoContent: boolean;
  /** Where the Google sandbox lives in embedded mode, so the default OAuth settings point at it. */
  publicBaseUrl: string;
}

/**
 * Fills an empty database with what a fresh Sira needs. Idempotent: every step inserts only what is
 * missing, so running it on each start never overwrites an administrator's edits.
 */
export async function seedDatabase(db: Database, options: SeedOptions): Promise<void> {
  await seedPackageRows(db);
  await seedSettings(db, options);
  await seedContentPages(db);
  await seedFooter(db);
  await seedMessageTemplates(db);
  if (options.demoContent) await seedDirectory(db);
}

async function seedPackageRows(db: Database) {
  await db
    .insert(packages)
    .values(
      defaultPackages.map((p) => ({
        name: p.name,
        price: p.price,
        originalPrice: p.originalPrice,
        discountPercent: p.discountPercent,
        messagesLimit: p.messagesLimit,
        features: p.features,
        canUploadExcel: p.canUploadExcel,
        description: p.description,
        icon: p.icon,
        ctaText: p.ctaText,
        highlighted: p.highlighted,
      })),
    )
    .onConflictDoNothing({ target: packages.name });
}

const NO_SOCIAL_MEDIA = { facebook: '', twitter: '', instagram: '', linkedin: '' };
const NO_CONTACT_INFO = { email: '', phone: '' };

async function seedSettings(db: Database, options: SeedOptions) {
  const defaults: Record<string, unknown> = {
    social_media: options.demoContent ? seedSocialMedia : NO_SOCIAL_MEDIA,
    contact_info: options.demoContent ? seedContactInfo : NO_CONTACT_INFO,
    footer_settings: { show_contact: true, show_social: true, show_email: true, show_phone: true },
    footer_description: { text: seedFooterDescription },
    email_delay_settings: { ...DEFAULT_EMAIL_DELAY_SETTINGS },
    daily_caps: { ...DEFAULT_DAILY_CAPS },
    gmail: {
      client_id: 'sira-sandbox.apps.googleusercontent.com',
      client_secret: null,
      scopes: [GMAIL_SEND_SCOPE],
      redirect_uris: [`${options.publicBaseUrl}/api/mailbox/callback`],
      javascript_origins: [options.publicBaseUrl],
    },
  };
  await db
    .insert(settings)
    .values(Object.entries(defaults).map(([key, value]) => ({ key, value })))
    .onConflictDoNothing({ target: settings.key });
  if (!options.demoContent) await withdrawDemoContacts(db);
}

/**
 * A production database seeded before demo contacts were embedded-only still shows them on every page: the
 * made-up e-mail and phone, and social links to accounts that are not Sira's. Exactly those values are
 * emptied at start; anything an administrator entered stays.
 */
async function withdrawDemoContacts(db: Database) {
  for (const [key, demo, none] of [
    ['contact_info', seedContactInfo, NO_CONTACT_INFO],
    ['social_media', seedSocialMedia, NO_SOCIAL_MEDIA],
  ] as const) {
    await db
      .update(settings)
      .set({ value: none })
      .where(and(eq(settings.key, key), sql`${settings.value} = ${JSON.stringify(demo)}::jsonb`));
  }
}

async function seedContentPages(db: Database) {
  await db
    .insert(pages)
    .values(defaultPages.map((p) => ({ slug: p.slug, title: p.title, content: sanitizeRichHtml(p.content) })))
    .onConflictDoNothing({ target: pages.slug });
}

async function seedFooter(db: Database) {
  const [existing] = await db.select({ n: count() }).from(footerSections);
  if ((existing?.n ?? 0) > 0) return;
  await db.transaction(async (tx) => {
    for (const section of seedFooterSections) {
      const [row] = await tx
        .insert(footerSections)
        .values({ title: section.title, order: section.order })
        .returning({ id: footerSections.id });
      if (!row) throw new Error('footer section insert returned nothing');
      await tx
        .insert(footerLinks)
        .values(section.links.map((l, i) => ({ title: l.title, url: l.url, icon: l.icon, order: i, sectionId: row.id })));
    }
  });
}

async function seedMessageTemplates(db: Database) {
  const [existing] = await db.select({ n: count() }).from(templates);
  if ((existing?.n ?? 0) > 0) return;
  const packageIds = new Map((await db.select({ id: packages.id, name: packages.name }).from(packages)).map((p) => [p.name, p.id]));
  await db.transaction(async (tx) => {
    for (const [index, t] of seedTemplates.entries()) {
      const ids = t.packageNames.map((name) => {
        const id = packageIds.get(name);
        if (!id) throw new Error(`seed template "${t.name}" names unknown package "${name}"`);
        return id;
      });
      const [row] = await tx
        .insert(templates)
        .values({ name: t.name, subject: t.subject, content: sanitizeMailHtml(t.content), metadata: { package_ids: ids } })
        .returning({ id: templates.id });
      if (!row) throw new Error('template insert returned nothing');
      await tx.insert(packageTemplates).values(ids.map((packageId) => ({ packageId, templateId: row.id, templateNumber: index })));
    }
  });
}

async function seedDirectory(db: Database) {
  const [existing] = await db.select({ n: count() }).from(companies);
  if ((existing?.n ?? 0) > 0) return;
  const packageIds = new Map((await db.select({ id: packages.id, name: packages.name }).from(packages)).map((p) => [p.name, p.id]));
  const rows = generateSeedCompanies().map((c) => {
    const packageId = packageIds.get(c.packageName);
    if (!packageId) throw new Error(`seed company names unknown package "${c.packageName}"`);
    return { name: c.name, email: c.email, sector: c.sector, location: c.location, packageId };
  });
  await db.transaction(async (tx) => {
    for (let i = 0; i < rows.length; i += 500) {
      await tx
        .insert(companies)
        .values(rows.slice(i, i + 500))
        .onConflictDoNothing();
    }
  });
}

export interface AdminCredentials {
  email: string;
  password: string;
}

/**
 * Makes sure the administrator account exists with a confirmed e-mail and the 'admin' package.
 * Returns true when it was created now (the only time its password is known to be current).
 */
export async function ensureAdmin(db: Database, credentials: AdminCredentials): Promise<boolean> {
  const email = credentials.email.trim().toLowerCase();
  const [adminPackage] = await db.select({ id: packages.id }).from(packages).where(eq(packages.name, ADMIN_PACKAGE));
  if (!adminPackage) throw new Error(`the '${ADMIN_PACKAGE}' package is missing: seed the database first`);
  const [existing] = await db.select({ id: user.id }).from(user).where(eq(user.email, email));
  if (existing) {
    await db.update(profiles).set({ packageId: adminPackage.id }).where(eq(profiles.id, existing.id));
    return false;
  }
  const id = randomUUID();
  const passwordHash = await hashPassword(credentials.password);
  await db.transaction(async (tx) => {
    await tx.insert(user).values({ id, name: 'Administrator', email, emailVerified: true });
    await tx.insert(account).values({ id: randomUUID(), accountId: id, providerId: 'credential', userId: id, password: passwordHash });
    await tx.insert(profiles).values({ id, email, packageId: adminPackage.id, messagesRemaining: 0 });
  });
  return true;
}

/** The e-mail addresses of the accounts on the 'admin' package, oldest first. */
export async function administratorEmails(db: Database): Promise<string[]> {
  const rows = await db
    .select({ email: user.email })
    .from(profiles)
    .innerJoin(packages, eq(packages.id, profiles.packageId))
    .innerJoin(user, eq(user.id, profiles.id))
    .where(eq(packages.name, ADMIN_PACKAGE))
    .orderBy(user.createdAt);
  return rows.map((row) => row.email);
}

/** Used by tests and /readyz: the database answers and is migrated. */
export async function databaseIsReady(db: Database): Promise<boolean> {
  await db.execute(sql`select 1 from packages limit 1`);
  return true;
}

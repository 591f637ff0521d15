import { normalizePhone } from '@sira/shared';
import {
  checkFooterContact,
  checkFooterLinkInput,
  checkFooterSectionInput,
  checkSocialLinks,
  SOCIAL_NETWORKS,
} from '@sira/shared/messages/content-admin';
import type { AdminFooter, AdminFooterLink, AdminFooterSection, FooterContact, SocialLinks } from '@sira/shared/schemas/content-admin';
import { asc, eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { footerLinks, footerSections } from '../../db/schema';
import { type AuditEntry, recordAudit } from '../../lib/audit';
import { badRequest, notFound } from '../../lib/errors';
import { readSetting, writeSetting } from '../../lib/settings';

type Actor = AuditEntry['actor'];
type SectionRow = typeof footerSections.$inferSelect;
type LinkRow = typeof footerLinks.$inferSelect;

export interface FooterSectionWrite {
  title: string;
  order: number;
}
export interface FooterLinkWrite {
  title: string;
  url: string;
  icon: string | null;
  order: number;
  sectionId: string | null;
}

const toSection = (row: SectionRow): AdminFooterSection => ({
  id: row.id,
  title: row.title,
  order: row.order,
  updatedAt: row.updatedAt.toISOString(),
});
const toLink = (row: LinkRow): AdminFooterLink => ({
  id: row.id,
  title: row.title,
  url: row.url,
  icon: row.icon,
  order: row.order,
  sectionId: row.sectionId,
  updatedAt: row.updatedAt.toISOString(),
});
const sectionSnapshot = (row: SectionRow) => ({ title: row.title, order: row.order });
const linkSnapshot = (row: LinkRow) => ({ title: row.title, url: row.url, icon: row.icon, order: row.order, sectionId: row.sectionId });

async function readSocialLinks(db: Database): Promise<SocialLinks> {
  const stored = (await readSetting<Partial<SocialLinks>>(db, 'social_media')) ?? {};
  return Object.fromEntries(SOCIAL_NETWORKS.map((n) => [n, stored[n] ?? ''])) as SocialLinks;
}

interface StoredFooterSettings {
  show_contact: boolean;
  show_social: boolean;
  show_email: boolean;
  show_phone: boolean;
}

/** The three settings behind the footer's text and contact block, as the form edits them. */
async function readFooterContact(db: Database): Promise<FooterContact> {
  const [description, contact, flags] = await Promise.all([
    readSetting<{ text?: string }>(db, 'footer_description'),
    readSetting<{ email?: string; phone?: string }>(db, 'contact_info'),
    readSetting<Partial<StoredFooterSettings>>(db, 'footer_settings'),
  ]);
  return {
    description: description?.text ?? '',
    email: contact?.email ?? '',
    phone: contact?.phone ?? '',
    // footer_settings default to shown (spec §3).
    showContact: flags?.show_contact ?? true,
    showEmail: flags?.show_email ?? true,
    showPhone: flags?.show_phone ?? true,
    showSocial: flags?.show_social ?? true,
  };
}

export async function updateFooterContact(db: Database, actor: Actor, input: FooterContact): Promise<FooterContact> {
  const rule = checkFooterContact(input);
  if (rule) throw badRequest(rule);
  const value: FooterContact = {
    ...input,
    description: input.description.trim(),
    email: input.email.trim().toLowerCase(),
    phone: normalizePhone(input.phone),
  };
  return db.transaction(async (tx) => {
    const before = await readFooterContact(tx);
    await writeSetting(tx, 'footer_description', { text: value.description });
    await writeSetting(tx, 'contact_info', { email: value.email, phone: value.phone });
    await writeSetting(tx, 'footer_settings', {
      show_contact: value.showContact,
      show_email: value.showEmail,
      show_phone: value.showPhone,
      show_social: value.showSocial,
    } satisfies StoredFooterSettings);
    await recordAudit(tx, { actor, action: 'settings.update', entity: 'settings', entityId: 'footer_contact', before, after: value });
    return value;
  });
}

/** Everything the footer tab edits: text and contact, social links, then sections and links in display order. */
export async function getAdminFooter(db: Database): Promise<AdminFooter> {
  const [contact, social, sections, links] = await Promise.all([
    readFooterContact(db),
    readSocialLinks(db),
    db.select().from(footerSections).orderBy(asc(footerSections.order), asc(footerSections.title)),
    db.select().from(footerLinks).orderBy(asc(footerLinks.order), asc(footerLinks.title)),
  ]);
  return { contact, social, sections: sections.map(toSection), links: links.map(toLink) };
}

export async function updateSocialLinks(db: Database, actor: Actor, input: SocialLinks): Promise<SocialLinks> {
  const rule = checkSocialLinks(input);
  if (rule) throw badRequest(rule);
  const value = Object.fromEntries(SOCIAL_NETWORKS.map((n) => [n, input[n].trim()])) as SocialLinks;
  return db.transaction(async (tx) => {
    const before = await readSocialLinks(tx);
    await writeSetting(tx, 'social_media', value);
    await recordAudit(tx, { actor, action: 'settings.update', entity: 'settings', entityId: 'social_media', before, after: value });
    return value;
  });
}

function cleanSection(input: FooterSectionWrite): FooterSectionWrite {
  const rule = checkFooterSectionInput(input);
  if (rule) throw badRequest(rule);
  return { title: input.title.trim(), order: input.order };
}

export async function createFooterSection(db: Database, actor: Actor, input: FooterSectionWrite): Promise<AdminFooterSection> {
  const clean = cleanSection(input);
  return db.transaction(async (tx) => {
    const [row] = await tx.insert(footerSections).values(clean).returning();
    if (!row) throw new Error('footer section insert returned nothing');
    await recordAudit(tx, {
      actor,
      action: 'footer_sections.create',
      entity: 'footer_sections',
      entityId: row.id,
      after: sectionSnapshot(row),
    });
    return toSection(row);
  });
}

export async function updateFooterSection(db: Database, actor: Actor, id: string, input: FooterSectionWrite): Promise<AdminFooterSection> {
  const clean = cleanSection(input);
  return db.transaction(async (tx) => {
    const [current] = await tx.select().from(footerSections).where(eq(footerSections.id, id)).for('update');
    if (!current) throw notFound();
    const [row] = await tx.update(footerSections).set(clean).where(eq(footerSections.id, id)).returning();
    if (!row) throw notFound();
    await recordAudit(tx, {
      actor,
      action: 'footer_sections.update',
      entity: 'footer_sections',
      entityId: id,
      before: sectionSnapshot(current),
      after: sectionSnapshot(row),
    });
    return toSection(row);
  });
}

/** Deletes a section and, through the foreign key's cascade, its links; the audit keeps both. */
export async function deleteFooterSection(db: Database, actor: Actor, id: string): Promise<void> {
  await db.transaction(async (tx) => {
    const [current] = await tx.select().from(footerSections).where(eq(footerSections.id, id)).for('update');
    if (!current) throw notFound();
    const links = await tx.select().from(footerLinks).where(eq(footerLinks.sectionId, id)).orderBy(asc(footerLinks.order));
    await tx.delete(footerSections).where(eq(footerSections.id, id));
    await recordAudit(tx, {
      actor,
      action: 'footer_sections.delete',
      entity: 'footer_sections',
      entityId: id,
      before: { ...sectionSnapshot(current), links: links.map((l) => ({ id: l.id, ...linkSnapshot(l) })) },
    });
  });
}

/** Spec §5: empty icon stored as null; title, url (a safe address) and an existing section required. */
async function cleanLink(db: Database, input: FooterLinkWrite): Promise<FooterLinkWrite> {
  const sectionId = input.sectionId?.trim() || null;
  const rule = checkFooterLinkInput({ ...input, sectionId });
  if (rule) throw badRequest(rule);
  const [section] = await db
    .select({ id: footerSections.id })
    .from(footerSections)
    .where(eq(footerSections.id, sectionId as string));
  if (!section) throw badRequest('FOOTER_SECTION_NOT_FOUND');
  return { title: input.title.trim(), url: input.url.trim(), icon: input.icon?.trim() || null, order: input.order, sectionId };
}

export async function createFooterLink(db: Database, actor: Actor, input: FooterLinkWrite): Promise<AdminFooterLink> {
  return db.transaction(async (tx) => {
    const clean = await cleanLink(tx, input);
    const [row] = await tx.insert(footerLinks).values(clean).returning();
    if (!row) throw new Error('footer link insert returned nothing');
    await recordAudit(tx, { actor, action: 'footer_links.create', entity: 'footer_links', entityId: row.id, after: linkSnapshot(row) });
    return toLink(row);
  });
}

export async function updateFooterLink(db: Database, actor: Actor, id: string, input: FooterLinkWrite): Promise<AdminFooterLink> {
  return db.transaction(async (tx) => {
    const [current] = await tx.select().from(footerLinks).where(eq(footerLinks.id, id)).for('update');
    if (!current) throw notFound();
    const clean = await cleanLink(tx, input);
    const [row] = await tx.update(footerLinks).set(clean).where(eq(footerLinks.id, id)).returning();
    if (!row) throw notFound();
    await recordAudit(tx, {
      actor,
      action: 'footer_links.update',
      entity: 'footer_links',
      entityId: id,
      before: linkSnapshot(current),
      after: linkSnapshot(row),
    });
    return toLink(row);
  });
}

export async function deleteFooterLink(db: Database, actor: Actor, id: string): Promise<void> {
  await db.transaction(async (tx) => {
    const [current] = await tx.select().from(footerLinks).where(eq(footerLinks.id, id)).for('update');
    if (!current) throw notFound();
    await tx.delete(footerLinks).where(eq(footerLinks.id, id));
    await recordAudit(tx, { actor, action: 'footer_links.delete', entity: 'footer_links', entityId: id, before: linkSnapshot(current) });
  });
}

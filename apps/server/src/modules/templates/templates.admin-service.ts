import { ADMIN_PACKAGE, unknownPlaceholders } from '@sira/shared';
import { checkTemplateInput } from '@sira/shared/messages/templates-admin';
import type { HtmlRemovals } from '@sira/shared/rules/rich-html';
import type { AdminTemplate, AdminTemplateList, AdminTemplateSaved, TemplatePackageOption } from '@sira/shared/schemas/templates-admin';
import { and, asc, eq, inArray, ne, notInArray, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { packages, packageTemplates, templates } from '../../db/schema';
import { type AuditEntry, recordAudit } from '../../lib/audit';
import { badRequest, notFound } from '../../lib/errors';
import { cleanRichHtml } from '../../lib/html';
import { htmlToText } from '../sending/mime';

export interface TemplateWrite {
  name: string;
  subject: string;
  content: string;
  packageIds: string[];
}
type Actor = AuditEntry['actor'];

/** Every package but the administrators' can offer templates; cheapest first, as on /pricing. */
async function packageOptions(db: Database): Promise<TemplatePackageOption[]> {
  return db
    .select({ id: packages.id, name: packages.name })
    .from(packages)
    .where(ne(packages.name, ADMIN_PACKAGE))
    .orderBy(asc(packages.price), asc(packages.name));
}

async function linkedPackageIds(db: Database, templateIds: string[]): Promise<Map<string, string[]>> {
  const byTemplate = new Map<string, string[]>();
  if (templateIds.length === 0) return byTemplate;
  const rows = await db
    .select({ templateId: packageTemplates.templateId, packageId: packageTemplates.packageId })
    .from(packageTemplates)
    .innerJoin(packages, eq(packages.id, packageTemplates.packageId))
    .where(inArray(packageTemplates.templateId, templateIds))
    .orderBy(asc(packages.price), asc(packages.name));
  for (const row of rows) byTemplate.set(row.templateId, [...(byTemplate.get(row.templateId) ?? []), row.packageId]);
  return byTemplate;
}

type TemplateRow = typeof templates.$inferSelect;
const toAdminTemplate = (row: TemplateRow, packageIds: string[]): AdminTemplate => ({
  id: row.id,
  name: row.name,
  subject: row.subject,
  content: row.content,
  packageIds,
  updatedAt: row.updatedAt.toISOString(),
});
/** What the audit log keeps of a template. */
const snapshot = (t: AdminTemplate) => ({ name: t.name, subject: t.subject, content: t.content, packageIds: t.packageIds });

/** Templates ordered by name (spec §7) with their packages, and the package choices. */
export async function listAdminTemplates(db: Database): Promise<AdminTemplateList> {
  const [rows, options] = await Promise.all([db.select().from(templates).orderBy(asc(templates.name)), packageOptions(db)]);
  const linked = await linkedPackageIds(
    db,
    rows.map((r) => r.id),
  );
  return { templates: rows.map((r) => toAdminTemplate(r, linked.get(r.id) ?? [])), packages: options };
}

/** Applies the spec's rules, sanitises the HTML (saying what that removed) and checks that every package exists. */
async function prepare(db: Database, input: TemplateWrite): Promise<TemplateWrite & { removed: HtmlRemovals }> {
  const packageIds = [...new Set(input.packageIds)];
  const rule = checkTemplateInput({ ...input, packageIds });
  if (rule) throw badRequest(rule);
  // A template is the body of e-mails: images only with an https address (lib/html.ts).
  const cleaned = cleanRichHtml(input.content, 'mail');
  const content = cleaned.html.trim();
  // Content made only of script or styling is empty once sanitised; content with no words (`<p> </p>`,
  // a lone image) would be refused when a user sends it (/send-resume asks for text), so it is refused here.
  if (!content || !htmlToText(content)) throw badRequest('TEMPLATE_FIELDS_REQUIRED');
  if (unknownPlaceholders(`${input.subject}\n${content}`).length > 0) throw badRequest('TEMPLATE_PLACEHOLDER_UNKNOWN');
  const known = await db
    .select({ id: packages.id })
    .from(packages)
    .where(and(inArray(packages.id, packageIds), ne(packages.name, ADMIN_PACKAGE)));
  if (known.length !== packageIds.length) throw badRequest('TEMPLATE_PACKAGE_UNKNOWN');
  return { name: input.name.trim(), subject: input.subject.trim(), content, packageIds, removed: cleaned.removed };
}

/** Adds a template at the end of each package's list. */
async function linkPackages(db: Database, templateId: string, packageIds: string[]) {
  for (const packageId of packageIds) {
    const [last] = await db
      .select({ n: sql<number>`coalesce(max(${packageTemplates.templateNumber}), -1)::int` })
      .from(packageTemplates)
      .where(eq(packageTemplates.packageId, packageId));
    await db.insert(packageTemplates).values({ packageId, templateId, templateNumber: (last?.n ?? -1) + 1 });
  }
}

export async function createTemplate(db: Database, actor: Actor, input: TemplateWrite): Promise<AdminTemplateSaved> {
  return db.transaction(async (tx) => {
    const clean = await prepare(tx, input);
    const [row] = await tx
      .insert(templates)
      .values({ name: clean.name, subject: clean.subject, content: clean.content, metadata: { package_ids: clean.packageIds } })
      .returning();
    if (!row) throw new Error('template insert returned nothing');
    await linkPackages(tx, row.id, clean.packageIds);
    const created = toAdminTemplate(row, (await linkedPackageIds(tx, [row.id])).get(row.id) ?? []);
    await recordAudit(tx, { actor, action: 'templates.create', entity: 'templates', entityId: row.id, after: snapshot(created) });
    return { ...created, removed: clean.removed };
  });
}

export async function updateTemplate(db: Database, actor: Actor, id: string, input: TemplateWrite): Promise<AdminTemplateSaved> {
  return db.transaction(async (tx) => {
    const [current] = await tx.select().from(templates).where(eq(templates.id, id)).for('update');
    if (!current) throw notFound();
    const clean = await prepare(tx, input);
    const before = toAdminTemplate(current, (await linkedPackageIds(tx, [id])).get(id) ?? []);
    const metadata = { ...(current.metadata as Record<string, unknown>), package_ids: clean.packageIds };
    const [row] = await tx
      .update(templates)
      .set({ name: clean.name, subject: clean.subject, content: clean.content, metadata })
      .where(eq(templates.id, id))
      .returning();
    if (!row) throw notFound();
    await tx
      .delete(packageTemplates)
      .where(and(eq(packageTemplates.templateId, id), notInArray(packageTemplates.packageId, clean.packageIds)));
    // Packages that already offered it keep its place in their list; new ones add it at the end.
    await linkPackages(
      tx,
      id,
      clean.packageIds.filter((p) => !before.packageIds.includes(p)),
    );
    const after = toAdminTemplate(row, (await linkedPackageIds(tx, [id])).get(id) ?? []);
    await recordAudit(tx, {
      actor,
      action: 'templates.update',
      entity: 'templates',
      entityId: id,
      before: snapshot(before),
      after: snapshot(after),
    });
    return { ...after, removed: clean.removed };
  });
}

export async function deleteTemplate(db: Database, actor: Actor, id: string): Promise<void> {
  await db.transaction(async (tx) => {
    const [current] = await tx.select().from(templates).where(eq(templates.id, id)).for('update');
    if (!current) throw notFound();
    const before = toAdminTemplate(current, (await linkedPackageIds(tx, [id])).get(id) ?? []);
    // package_templates rows go with it (ON DELETE CASCADE).
    await tx.delete(templates).where(eq(templates.id, id));
    await recordAudit(tx, { actor, action: 'templates.delete', entity: 'templates', entityId: id, before: snapshot(before) });
  });
}

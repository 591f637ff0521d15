import { and, asc, desc, eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test-support/app';
import { signedInAdmin, signedInUser } from '../../../test-support/auth';
import { auditLog, packages, packageTemplates, templates } from '../../db/schema';

const ctx = useTestApp();
let admin: { email: string; cookie: string };
let pkg: Record<string, string>;

beforeAll(async () => {
  admin = await signedInAdmin(ctx);
  const rows = await ctx.db.select({ id: packages.id, name: packages.name }).from(packages);
  pkg = Object.fromEntries(rows.map((r) => [r.name, r.id]));
});

const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown, cookie = admin.cookie) =>
  ctx.app.inject({ method, url, headers: { cookie }, ...(payload === undefined ? {} : { payload: payload as object }) });

const valid = () => ({
  name: 'قالب الاختبار',
  subject: 'طلب وظيفة',
  content: '<p>مرحباً {{company_name}}</p>',
  packageIds: [pkg['باقة نمو']],
});

async function linksOf(templateId: string) {
  return ctx.db
    .select({ packageId: packageTemplates.packageId, number: packageTemplates.templateNumber })
    .from(packageTemplates)
    .where(eq(packageTemplates.templateId, templateId));
}
const auditFor = (entityId: string) =>
  ctx.db.select().from(auditLog).where(eq(auditLog.entityId, entityId)).orderBy(asc(auditLog.createdAt));
const packageIdsOf = (metadata: unknown) => [...((metadata as { package_ids?: string[] } | undefined)?.package_ids ?? [])].sort();
const templateCount = async () => (await ctx.db.select({ n: sql<number>`count(*)::int` }).from(templates))[0]?.n;

describe('GET /api/admin/templates', () => {
  it('lists the templates by name with their packages, and every package but admin as a choice', async () => {
    const res = await call('GET', '/api/admin/templates');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    const names = body.templates.map((t: { name: string }) => t.name);
    expect(names.length).toBeGreaterThan(0);
    // The database's own collation decides (PGlite and PostgreSQL may differ from code-point order).
    const byName = await ctx.db.select({ name: templates.name }).from(templates).orderBy(asc(templates.name));
    expect(names).toEqual(byName.map((r) => r.name));
    for (const t of body.templates) expect(t.packageIds.length).toBeGreaterThan(0);
    const choices = body.packages.map((p: { name: string }) => p.name);
    expect(choices).toContain('باقة التميز');
    expect(choices).not.toContain('admin');
  });

  it('is for administrators only', async () => {
    const user = await signedInUser(ctx);
    expect((await call('GET', '/api/admin/templates', undefined, user.cookie)).statusCode).toBe(403);
    expect((await ctx.app.inject('/api/admin/templates')).statusCode).toBe(401);
  });
});

describe('POST /api/admin/templates', () => {
  it('creates a sanitised template, links its packages at the end of their lists, mirrors metadata, and audits it', async () => {
    const [lastGrowth] = await ctx.db
      .select({ n: packageTemplates.templateNumber })
      .from(packageTemplates)
      .where(eq(packageTemplates.packageId, pkg['باقة نمو'] as string))
      .orderBy(desc(packageTemplates.templateNumber))
      .limit(1);
    const res = await call('POST', '/api/admin/templates', {
      name: '  قالب جديد  ',
      subject: ' طلب توظيف ',
      content: '<p onclick="x()">أهلاً</p><script>alert(1)</script><img src=x onerror="alert(2)">',
      packageIds: [pkg['باقة نمو'], pkg['باقة التميز'], pkg['باقة نمو']],
    });
    expect(res.statusCode).toBe(201);
    const created = res.json();
    expect(created.name).toBe('قالب جديد');
    expect(created.subject).toBe('طلب توظيف');
    expect(created.content).toContain('أهلاً');
    expect(created.content).not.toMatch(/script|onerror|onclick/);
    // The answer says what cleaning removed, so the tab can tell the administrator.
    // An image without an https address would be broken in every e-mail: it goes with its handler.
    expect(created.removed).toEqual({ elements: ['img', 'script'], attributes: ['onclick'] });
    expect(created.content).not.toContain('<img');
    expect([...created.packageIds].sort()).toEqual([pkg['باقة نمو'], pkg['باقة التميز']].sort());

    const [row] = await ctx.db.select().from(templates).where(eq(templates.id, created.id));
    expect(row?.content).toBe(created.content);
    expect(packageIdsOf(row?.metadata)).toEqual([...created.packageIds].sort());
    const links = await linksOf(created.id);
    expect(links).toHaveLength(2);
    expect(links.find((l) => l.packageId === pkg['باقة نمو'])?.number).toBe((lastGrowth?.n ?? -1) + 1);

    const [entry] = await auditFor(created.id);
    expect(entry).toMatchObject({ actorEmail: admin.email, action: 'templates.create', entity: 'templates', before: null });
    expect(entry?.after).toMatchObject({ name: 'قالب جديد', content: created.content });
  });

  it.each([
    ['an empty name', { name: '   ' }, 'TEMPLATE_FIELDS_REQUIRED'],
    ['empty content', { content: '' }, 'TEMPLATE_FIELDS_REQUIRED'],
    ['content that is only script', { content: '<script>alert(1)</script>' }, 'TEMPLATE_FIELDS_REQUIRED'],
    ['content with no words (it could never be sent)', { content: '<p> </p><br><p>&nbsp;</p>' }, 'TEMPLATE_FIELDS_REQUIRED'],
    ['no package', { packageIds: [] }, 'TEMPLATE_PACKAGE_REQUIRED'],
    ['no name and no package (fields are checked first)', { name: '', packageIds: [] }, 'TEMPLATE_FIELDS_REQUIRED'],
    ['an unknown package', { packageIds: ['00000000-0000-4000-8000-000000000000'] }, 'TEMPLATE_PACKAGE_UNKNOWN'],
    ['a misspelt placeholder in the content', { content: '<p>إلى {{company}}</p>' }, 'TEMPLATE_PLACEHOLDER_UNKNOWN'],
    ['an unknown placeholder in the subject', { subject: 'طلب لدى {{الشركة}}' }, 'TEMPLATE_PLACEHOLDER_UNKNOWN'],
  ])('refuses %s with %s and writes nothing', async (_label, change, code) => {
    const before = await templateCount();
    const res = await call('POST', '/api/admin/templates', { ...valid(), ...change });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ code });
    expect(await templateCount()).toBe(before);
  });

  it('refuses the administrators’ package', async () => {
    const res = await call('POST', '/api/admin/templates', { ...valid(), packageIds: [pkg.admin] });
    expect(res.json()).toEqual({ code: 'TEMPLATE_PACKAGE_UNKNOWN' });
  });

  it('rolls the template back when its audit entry cannot be written (same transaction)', async () => {
    const before = await templateCount();
    await ctx.db.execute(sql`alter table audit_log rename to audit_log_off`);
    try {
      const res = await call('POST', '/api/admin/templates', valid());
      expect(res.statusCode).toBe(500);
    } finally {
      await ctx.db.execute(sql`alter table audit_log_off rename to audit_log`);
    }
    expect(await templateCount()).toBe(before);
  });
});

describe('direction controls in template text', () => {
  it('drops overrides and isolates from the name and subject', async () => {
    const res = await call('POST', '/api/admin/templates', {
      ...valid(),
      name: '\u202eقالب معكوس\u202c',
      subject: 'طلب \u2067وظيفة\u2069',
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ name: 'قالب معكوس', subject: 'طلب وظيفة' });
    const [row] = await ctx.db.select().from(templates).where(eq(templates.id, res.json().id));
    expect([row?.name, row?.subject]).toEqual(['قالب معكوس', 'طلب وظيفة']);
  });
});

describe('PUT /api/admin/templates/:id', () => {
  it('updates fields and packages: kept packages keep their place, removed ones lose the link; audited with before and after', async () => {
    const created = (await call('POST', '/api/admin/templates', { ...valid(), packageIds: [pkg['باقة نمو'], pkg['باقة البداية']] })).json();
    const keptNumber = (await linksOf(created.id)).find((l) => l.packageId === pkg['باقة نمو'])?.number;

    const res = await call('PUT', `/api/admin/templates/${created.id}`, {
      name: 'اسم معدل',
      subject: 'عنوان معدل',
      content: '<p>نص معدل</p><iframe src="https://evil.example"></iframe>',
      packageIds: [pkg['باقة نمو'], pkg['باقة المحترف']],
    });
    expect(res.statusCode).toBe(200);
    const updated = res.json();
    expect(updated).toMatchObject({ name: 'اسم معدل', subject: 'عنوان معدل', content: '<p>نص معدل</p>' });
    expect(updated.removed).toEqual({ elements: ['iframe'], attributes: [] });
    expect(Date.parse(updated.updatedAt)).toBeGreaterThanOrEqual(Date.parse(created.updatedAt));

    const links = await linksOf(created.id);
    expect(links.map((l) => l.packageId).sort()).toEqual([pkg['باقة نمو'], pkg['باقة المحترف']].sort());
    expect(links.find((l) => l.packageId === pkg['باقة نمو'])?.number).toBe(keptNumber);
    const [row] = await ctx.db.select().from(templates).where(eq(templates.id, created.id));
    expect(packageIdsOf(row?.metadata)).toEqual([...updated.packageIds].sort());

    const entries = await auditFor(created.id);
    const entry = entries.find((e) => e.action === 'templates.update');
    expect(entry?.before).toMatchObject({ name: 'قالب الاختبار' });
    expect((entry?.before as { packageIds?: string[] } | undefined)?.packageIds).toContain(pkg['باقة البداية']);
    expect(entry?.after).toMatchObject({ name: 'اسم معدل' });
    expect((entry?.after as { packageIds?: string[] } | undefined)?.packageIds).toEqual(updated.packageIds);
  });

  it('applies the same rules as creation', async () => {
    const created = (await call('POST', '/api/admin/templates', valid())).json();
    expect((await call('PUT', `/api/admin/templates/${created.id}`, { ...valid(), content: ' ' })).json()).toEqual({
      code: 'TEMPLATE_FIELDS_REQUIRED',
    });
    expect((await call('PUT', `/api/admin/templates/${created.id}`, { ...valid(), packageIds: [] })).json()).toEqual({
      code: 'TEMPLATE_PACKAGE_REQUIRED',
    });
    expect(await linksOf(created.id)).toHaveLength(1);
  });

  it('answers 404 for an unknown template', async () => {
    const res = await call('PUT', '/api/admin/templates/00000000-0000-4000-8000-000000000000', valid());
    expect(res.statusCode).toBe(404);
  });
});

describe('DELETE /api/admin/templates/:id', () => {
  it('deletes the template and its package links, and audits what was deleted', async () => {
    const created = (await call('POST', '/api/admin/templates', valid())).json();
    const res = await call('DELETE', `/api/admin/templates/${created.id}`);
    expect(res.statusCode).toBe(204);
    expect(await ctx.db.select().from(templates).where(eq(templates.id, created.id))).toEqual([]);
    expect(await linksOf(created.id)).toEqual([]);
    const [entry] = await ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, created.id), eq(auditLog.action, 'templates.delete')));
    expect(entry).toMatchObject({ actorEmail: admin.email, after: null });
    expect(entry?.before).toMatchObject({ name: created.name, packageIds: created.packageIds });

    expect((await call('DELETE', `/api/admin/templates/${created.id}`)).statusCode).toBe(404);
  });

  it('is refused to a non-admin and deletes nothing', async () => {
    const created = (await call('POST', '/api/admin/templates', valid())).json();
    const user = await signedInUser(ctx);
    expect((await call('DELETE', `/api/admin/templates/${created.id}`, undefined, user.cookie)).statusCode).toBe(403);
    expect(await ctx.db.select().from(templates).where(eq(templates.id, created.id))).toHaveLength(1);
  });
});

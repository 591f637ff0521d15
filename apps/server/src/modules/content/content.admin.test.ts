import { and, asc, eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test-support/app';
import { signedInAdmin, signedInUser } from '../../../test-support/auth';
import { auditLog, footerLinks, footerSections, pages } from '../../db/schema';
import { readSetting } from '../../lib/settings';

const ctx = useTestApp();
let admin: { email: string; cookie: string };
let userCookie: string;

beforeAll(async () => {
  admin = await signedInAdmin(ctx);
  userCookie = (await signedInUser(ctx)).cookie;
});

const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown, cookie = admin.cookie) =>
  ctx.app.inject({ method, url, headers: { cookie }, ...(payload === undefined ? {} : { payload: payload as object }) });

const lastAudit = async (entityId: string, action: string) =>
  (
    await ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, entityId), eq(auditLog.action, action)))
  )[0];
const pageBySlug = async (slug: string) => (await ctx.db.select().from(pages).where(eq(pages.slug, slug)))[0];
const count = async (table: typeof footerSections | typeof footerLinks) =>
  (await ctx.db.select({ n: sql<number>`count(*)::int` }).from(table))[0]?.n;

const XSS = '<p>من نحن</p><img src=x onerror="window.__xss=1"><script>window.__xss=2</script><a href="javascript:alert(1)">x</a>';

describe('admin pages', () => {
  it('lists every page by title with its slug and last update', async () => {
    const res = await call('GET', '/api/admin/pages');
    expect(res.statusCode).toBe(200);
    const list = res.json() as Array<{ title: string; slug: string; updatedAt: string }>;
    expect(list.map((p) => p.slug).sort()).toEqual(['about', 'how-to-prepare-cv', 'privacy', 'support', 'terms']);
    // The database's own collation decides (PGlite and PostgreSQL may differ from code-point order).
    const byTitle = await ctx.db.select({ title: pages.title }).from(pages).orderBy(asc(pages.title));
    expect(list.map((p) => p.title)).toEqual(byTitle.map((r) => r.title));
    expect(Number.isNaN(Date.parse(list[0]?.updatedAt ?? ''))).toBe(false);
  });

  it('saves title and sanitised content, serves it publicly, and audits before and after', async () => {
    const about = await pageBySlug('about');
    if (!about) throw new Error('no about page');
    const res = await call('PUT', `/api/admin/pages/${about.id}`, { title: '  من نحن  ', content: XSS });
    expect(res.statusCode).toBe(200);
    const saved = res.json();
    expect(saved).toMatchObject({ id: about.id, slug: 'about', title: 'من نحن' });
    expect(saved.content).toContain('<p>من نحن</p>');
    expect(saved.content).not.toMatch(/onerror|script|javascript:|__xss/);
    expect(saved.removed).toEqual({ elements: ['script'], attributes: ['href', 'onerror'] });
    expect((await pageBySlug('about'))?.content).toBe(saved.content);

    const pub = (await ctx.app.inject('/api/content/pages/about')).json();
    expect(pub.content).toBe(saved.content);

    // Any target opens another tab: each gets _blank with the opener cut; <bdi> keeps a number left-to-right.
    const links = await call('PUT', `/api/admin/pages/${about.id}`, {
      title: 'من نحن',
      content:
        '<p><a href="https://a.example" target="_Blank" rel="opener">أ</a> <a href="https://b.example" target="w">ب</a> <bdi>+966 11 000 0000</bdi></p>',
    });
    const kept = links.json().content as string;
    expect(kept.match(/target="_blank" rel="noopener noreferrer"/g)).toHaveLength(2);
    expect(kept).not.toMatch(/rel="opener"|target="w"|_Blank/);
    expect(kept).toContain('<bdi>+966 11 000 0000</bdi>');
    expect(links.json().removed).toEqual({ elements: [], attributes: [] });

    const entry = await lastAudit(about.id, 'pages.update');
    expect(entry).toMatchObject({ actorEmail: admin.email, entity: 'pages' });
    expect(entry?.before).toMatchObject({ slug: 'about', content: about.content });
    expect(entry?.after).toMatchObject({ title: 'من نحن', content: saved.content });
  });

  it('requires a title, and changes nothing without one', async () => {
    const privacy = await pageBySlug('privacy');
    if (!privacy) throw new Error('no privacy page');
    const res = await call('PUT', `/api/admin/pages/${privacy.id}`, { title: ' ', content: '<p>جديد</p>' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ code: 'PAGE_TITLE_REQUIRED' });
    expect((await pageBySlug('privacy'))?.content).toBe(privacy.content);
  });

  it('answers 404 for an unknown page and 403 to a non-admin', async () => {
    expect((await call('PUT', '/api/admin/pages/00000000-0000-4000-8000-000000000000', { title: 'x', content: '' })).statusCode).toBe(404);
    const terms = await pageBySlug('terms');
    const res = await call('PUT', `/api/admin/pages/${terms?.id}`, { title: 'x', content: 'y' }, userCookie);
    expect(res.statusCode).toBe(403);
    expect((await pageBySlug('terms'))?.title).toBe(terms?.title);
  });
});

describe('admin footer: social links', () => {
  const links = {
    facebook: 'https://facebook.com/sira',
    twitter: ' https://x.com/sira ',
    instagram: '',
    linkedin: 'http://linkedin.com/company/sira',
  };

  it('reads the stored links', async () => {
    const res = await call('GET', '/api/admin/footer');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(Object.keys(body.social).sort()).toEqual(['facebook', 'instagram', 'linkedin', 'twitter']);
    expect(body.social.facebook).toMatch(/^https?:\/\//);
  });

  it('saves trimmed http(s) links and empty ones; the public footer drops the empty network; audited', async () => {
    const before = await readSetting(ctx.db, 'social_media');
    const res = await call('PUT', '/api/admin/footer/social', links);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ...links, twitter: 'https://x.com/sira' });
    expect(await readSetting(ctx.db, 'social_media')).toEqual({ ...links, twitter: 'https://x.com/sira' });
    const footer = (await ctx.app.inject('/api/content/footer')).json();
    expect(footer.social.map((s: { network: string }) => s.network)).toEqual(['facebook', 'twitter', 'linkedin']);
    const entry = await lastAudit('social_media', 'settings.update');
    expect(entry?.before).toEqual(before);
    expect(entry?.after).toMatchObject({ instagram: '' });
  });

  it.each(['javascript:alert(1)', 'ftp://files.example', 'not a url', 'facebook.com/sira'])('refuses %s', async (bad) => {
    const stored = await readSetting(ctx.db, 'social_media');
    const res = await call('PUT', '/api/admin/footer/social', { ...links, instagram: bad });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ code: 'SOCIAL_URL_INVALID' });
    expect(await readSetting(ctx.db, 'social_media')).toEqual(stored);
  });
});

describe('admin footer: text and contact', () => {
  it('reads what the footer shows, saves it cleaned, and the public footer follows; audited', async () => {
    const read = (await call('GET', '/api/admin/footer')).json().contact;
    expect(read).toMatchObject({ showContact: true, showEmail: true, showPhone: true, showSocial: true });
    expect(read.description.length).toBeGreaterThan(0);

    const saved = await call('PUT', '/api/admin/footer/contact', {
      description: '  نبذة جديدة  ',
      email: ' Help@Sira.Example ',
      phone: '+٩٦٦ ١١ ٢٣٤ ٥٦٧٨',
      showContact: true,
      showEmail: true,
      showPhone: false,
      showSocial: false,
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({ description: 'نبذة جديدة', email: 'help@sira.example', phone: '+966112345678' });
    const footer = (await ctx.app.inject('/api/content/footer')).json();
    expect(footer).toMatchObject({ description: 'نبذة جديدة', contact: { email: 'help@sira.example', phone: null }, social: [] });
    expect(await readSetting(ctx.db, 'contact_info')).toEqual({ email: 'help@sira.example', phone: '+966112345678' });
    expect((await lastAudit('footer_contact', 'settings.update'))?.after).toMatchObject({ email: 'help@sira.example', showPhone: false });

    // Emptied: nothing shown, however the flags are set.
    await call('PUT', '/api/admin/footer/contact', {
      ...(saved.json() as object),
      email: '',
      phone: '',
      showPhone: true,
      showSocial: true,
    });
    expect((await ctx.app.inject('/api/content/footer')).json().contact).toEqual({ email: null, phone: null });
  });

  it('refuses a malformed e-mail or phone, and changes nothing; a non-admin is refused', async () => {
    const before = await readSetting(ctx.db, 'contact_info');
    const body = {
      description: '',
      email: 'help@sira.example',
      phone: '',
      showContact: true,
      showEmail: true,
      showPhone: true,
      showSocial: true,
    };
    for (const [patch, code] of [
      [{ email: 'not-an-address' }, 'FOOTER_CONTACT_EMAIL_INVALID'],
      [{ phone: '05-abc' }, 'FOOTER_CONTACT_PHONE_INVALID'],
    ] as const) {
      const res = await call('PUT', '/api/admin/footer/contact', { ...body, ...patch });
      expect([res.statusCode, res.json().code]).toEqual([400, code]);
    }
    expect(await readSetting(ctx.db, 'contact_info')).toEqual(before);
    expect((await call('PUT', '/api/admin/footer/contact', body, userCookie)).statusCode).toBe(403);
  });
});

describe('direction controls in footer and page text', () => {
  it('drops them from the description, section and link titles and page titles, and refuses them in the contact e-mail', async () => {
    const contact = {
      description: 'نبذة\u202e مقلوبة\u202c',
      email: 'help@sira.example',
      phone: '',
      showContact: true,
      showEmail: true,
      showPhone: true,
      showSocial: true,
    };
    expect((await call('PUT', '/api/admin/footer/contact', contact)).json().description).toBe('نبذة مقلوبة');
    const badEmail = await call('PUT', '/api/admin/footer/contact', { ...contact, email: 'help\u202e@sira.example' });
    expect([badEmail.statusCode, badEmail.json().code]).toEqual([400, 'FOOTER_CONTACT_EMAIL_INVALID']);

    const section = await call('POST', '/api/admin/footer/sections', { title: '\u202eروابط\u202c' });
    expect(section.json().title).toBe('روابط');
    const link = await call('POST', '/api/admin/footer/links', {
      title: '\u2067الدعم\u2069',
      url: '/support',
      sectionId: section.json().id,
    });
    expect(link.json().title).toBe('الدعم');
    const page = await pageBySlug('about');
    const saved = await call('PUT', `/api/admin/pages/${page?.id}`, { title: '\u202dمن نحن\u202c', content: '<p>نص</p>' });
    expect(saved.json().title).toBe('من نحن');
  });
});

describe('admin footer: sections', () => {
  it('adds a section (order 0 when not given), lists it in order, and audits it', async () => {
    const res = await call('POST', '/api/admin/footer/sections', { title: '  روابط جديدة ' });
    expect(res.statusCode).toBe(201);
    const section = res.json();
    expect(section).toMatchObject({ title: 'روابط جديدة', order: 0 });
    const footer = (await call('GET', '/api/admin/footer')).json();
    const orders = footer.sections.map((s: { order: number }) => s.order);
    expect(orders).toEqual([...orders].sort((a, b) => a - b));
    expect(footer.sections.some((s: { id: string }) => s.id === section.id)).toBe(true);
    expect((await lastAudit(section.id, 'footer_sections.create'))?.after).toEqual({ title: 'روابط جديدة', order: 0 });
  });

  it('requires a title and a numeric order', async () => {
    const before = await count(footerSections);
    const empty = await call('POST', '/api/admin/footer/sections', { title: '   ', order: 3 });
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toEqual({ code: 'FOOTER_SECTION_TITLE_REQUIRED' });
    const notNumeric = await call('POST', '/api/admin/footer/sections', { title: 'قسم', order: 'abc' });
    expect(notNumeric.statusCode).toBe(400);
    expect(notNumeric.json().code).toBe('VALIDATION');
    expect(await count(footerSections)).toBe(before);
  });

  it('updates title and order with an audit of before and after; 404 for an unknown one', async () => {
    const section = (await call('POST', '/api/admin/footer/sections', { title: 'قديم', order: 4 })).json();
    const res = await call('PUT', `/api/admin/footer/sections/${section.id}`, { title: 'جديد', order: 7 });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ title: 'جديد', order: 7 });
    const entry = await lastAudit(section.id, 'footer_sections.update');
    expect(entry).toMatchObject({ before: { title: 'قديم', order: 4 }, after: { title: 'جديد', order: 7 } });
    const missing = await call('PUT', '/api/admin/footer/sections/00000000-0000-4000-8000-000000000000', { title: 'x', order: 0 });
    expect(missing.statusCode).toBe(404);
    const empty = await call('PUT', `/api/admin/footer/sections/${section.id}`, { title: '', order: 0 });
    expect(empty.json()).toEqual({ code: 'FOOTER_SECTION_TITLE_REQUIRED' });
  });

  it('deletes a section with its links; the audit keeps the links; the public footer no longer shows it', async () => {
    const section = (await call('POST', '/api/admin/footer/sections', { title: 'قسم مؤقت', order: 50 })).json();
    const link = (await call('POST', '/api/admin/footer/links', { title: 'رابط مؤقت', url: '/about', sectionId: section.id })).json();
    expect((await ctx.app.inject('/api/content/footer')).json().sections.some((s: { id: string }) => s.id === section.id)).toBe(true);

    const res = await call('DELETE', `/api/admin/footer/sections/${section.id}`);
    expect(res.statusCode).toBe(204);
    expect(await ctx.db.select().from(footerLinks).where(eq(footerLinks.id, link.id))).toEqual([]);
    expect((await ctx.app.inject('/api/content/footer')).json().sections.some((s: { id: string }) => s.id === section.id)).toBe(false);
    const entry = await lastAudit(section.id, 'footer_sections.delete');
    expect(entry?.before).toMatchObject({ title: 'قسم مؤقت', links: [{ id: link.id, title: 'رابط مؤقت', url: '/about' }] });
    expect((await call('DELETE', `/api/admin/footer/sections/${section.id}`)).statusCode).toBe(404);
  });

  it('rolls the section back when its audit entry cannot be written (same transaction)', async () => {
    const before = await count(footerSections);
    await ctx.db.execute(sql`alter table audit_log rename to audit_log_off`);
    try {
      expect((await call('POST', '/api/admin/footer/sections', { title: 'بلا تدقيق' })).statusCode).toBe(500);
    } finally {
      await ctx.db.execute(sql`alter table audit_log_off rename to audit_log`);
    }
    expect(await count(footerSections)).toBe(before);
  });

  it('is refused to a non-admin', async () => {
    expect((await call('POST', '/api/admin/footer/sections', { title: 'x' }, userCookie)).statusCode).toBe(403);
    expect((await call('GET', '/api/admin/footer', undefined, userCookie)).statusCode).toBe(403);
  });
});

describe('admin footer: links', () => {
  let sectionId: string;
  beforeAll(async () => {
    sectionId = (await call('POST', '/api/admin/footer/sections', { title: 'قسم الروابط', order: 9 })).json().id;
  });

  it('adds a link with an empty icon stored as null and order 0 by default, and audits it', async () => {
    const res = await call('POST', '/api/admin/footer/links', { title: ' الدعم ', url: ' /support ', icon: '  ', sectionId });
    expect(res.statusCode).toBe(201);
    const link = res.json();
    expect(link).toMatchObject({ title: 'الدعم', url: '/support', icon: null, order: 0, sectionId });
    const [row] = await ctx.db.select().from(footerLinks).where(eq(footerLinks.id, link.id));
    expect(row?.icon).toBeNull();
    expect((await lastAudit(link.id, 'footer_links.create'))?.after).toMatchObject({ title: 'الدعم', icon: null });
  });

  it.each([
    ['no title', { title: '' }, 'FOOTER_LINK_FIELDS_REQUIRED'],
    ['no url', { url: '  ' }, 'FOOTER_LINK_FIELDS_REQUIRED'],
    ['no section (empty)', { sectionId: '' }, 'FOOTER_LINK_FIELDS_REQUIRED'],
    ['no section (null)', { sectionId: null }, 'FOOTER_LINK_FIELDS_REQUIRED'],
    ['a javascript: url', { url: 'javascript:alert(1)' }, 'FOOTER_LINK_URL_INVALID'],
    ['a protocol-relative url', { url: '//evil.example/x' }, 'FOOTER_LINK_URL_INVALID'],
    ['a path hiding a host behind a tab (browsers drop it)', { url: '/\t/evil.example' }, 'FOOTER_LINK_URL_INVALID'],
    // A line break is refused before the address is read: the url is a one-line field.
    ['a path hiding a host behind a line break', { url: '/\n/evil.example' }, 'LINE_BREAKS'],
    ['a bare word url', { url: 'about' }, 'FOOTER_LINK_URL_INVALID'],
    ['an unknown section', { sectionId: '00000000-0000-4000-8000-000000000000' }, 'FOOTER_SECTION_NOT_FOUND'],
  ])('refuses %s with %s and writes nothing', async (_label, change, code) => {
    const before = await count(footerLinks);
    const res = await call('POST', '/api/admin/footer/links', {
      title: 'رابط',
      url: 'https://example.com',
      icon: 'link',
      order: 1,
      sectionId,
      ...change,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe(code);
    expect(await count(footerLinks)).toBe(before);
  });

  it.each(['https://example.com/a', 'mailto:help@sira.example', 'tel:+966110000000', '/how-to-prepare-cv'])('accepts %s', async (url) => {
    expect((await call('POST', '/api/admin/footer/links', { title: 'مقبول', url, sectionId })).statusCode).toBe(201);
  });

  it('updates a link (moving it to another section, clearing its icon) with an audit; the public footer follows', async () => {
    const other = (await call('POST', '/api/admin/footer/sections', { title: 'قسم آخر', order: 10 })).json();
    const link = (
      await call('POST', '/api/admin/footer/links', { title: 'خارجي', url: 'https://a.example', icon: 'link', order: 2, sectionId })
    ).json();
    const res = await call('PUT', `/api/admin/footer/links/${link.id}`, {
      title: 'داخلي',
      url: '/pricing',
      icon: '',
      order: 5,
      sectionId: other.id,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ title: 'داخلي', url: '/pricing', icon: null, order: 5, sectionId: other.id });
    const entry = await lastAudit(link.id, 'footer_links.update');
    expect(entry?.before).toMatchObject({ title: 'خارجي', icon: 'link', sectionId });
    expect(entry?.after).toMatchObject({ title: 'داخلي', icon: null, sectionId: other.id });
    const pub = (await ctx.app.inject('/api/content/footer')).json();
    const moved = pub.sections.find((s: { id: string }) => s.id === other.id);
    expect(moved.links.map((l: { title: string }) => l.title)).toEqual(['داخلي']);

    const bad = await call('PUT', `/api/admin/footer/links/${link.id}`, { title: 'داخلي', url: '/pricing', sectionId: '' });
    expect(bad.json()).toEqual({ code: 'FOOTER_LINK_FIELDS_REQUIRED' });
    const missing = await call('PUT', '/api/admin/footer/links/00000000-0000-4000-8000-000000000000', { title: 'x', url: '/x', sectionId });
    expect(missing.statusCode).toBe(404);
  });

  it('deletes a link with an audit of what it was', async () => {
    const link = (await call('POST', '/api/admin/footer/links', { title: 'للحذف', url: '/terms', sectionId })).json();
    expect((await call('DELETE', `/api/admin/footer/links/${link.id}`)).statusCode).toBe(204);
    expect(await ctx.db.select().from(footerLinks).where(eq(footerLinks.id, link.id))).toEqual([]);
    expect(await lastAudit(link.id, 'footer_links.delete')).toMatchObject({
      actorEmail: admin.email,
      before: { title: 'للحذف' },
      after: null,
    });
    expect((await call('DELETE', `/api/admin/footer/links/${link.id}`)).statusCode).toBe(404);
  });

  it('is refused to a non-admin', async () => {
    const res = await call('POST', '/api/admin/footer/links', { title: 'x', url: '/x', sectionId }, userCookie);
    expect(res.statusCode).toBe(403);
  });
});

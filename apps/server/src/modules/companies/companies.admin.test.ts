import { ADMIN_COMPANIES_PAGE_SIZE, ADMIN_COMPANIES_PAGE_SIZES, messageForCode } from '@sira/shared';
import type { AdminCompaniesPage } from '@sira/shared/schemas/companies-admin';
import { and, asc, count, desc, eq, inArray, like, type SQL } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test-support/app';
import { signedInAdmin, signedInUser } from '../../../test-support/auth';
import { auditLog, companies, packages } from '../../db/schema';
import { listCompanies } from './companies.service';

const ctx = useTestApp();
let admin: { email: string; cookie: string };
const pkg: Record<string, string> = {};

const get = (url: string, cookie = admin.cookie) => ctx.app.inject({ method: 'GET', url, headers: { cookie } });
const send = (method: 'POST' | 'PUT' | 'DELETE', url: string, payload?: object, cookie = admin.cookie) =>
  ctx.app.inject({ method, url, headers: { cookie }, ...(payload ? { payload } : {}) });

const company = (overrides: Partial<Record<'name' | 'email' | 'sector' | 'location', string>> & { packageId?: string | null } = {}) => ({
  name: 'شركة الاختبار',
  email: `test.${Math.random().toString(36).slice(2)}@firm.example`,
  sector: 'التقنية',
  location: 'الرياض',
  packageId: pkg['باقة نمو'] as string,
  ...overrides,
});

beforeAll(async () => {
  admin = await signedInAdmin(ctx);
  for (const p of await ctx.db.select({ id: packages.id, name: packages.name }).from(packages)) pkg[p.name] = p.id;
});

type Page = AdminCompaniesPage;
const list = async (query: Record<string, string | undefined>) => {
  const params = new URLSearchParams(Object.entries(query).filter((e): e is [string, string] => e[1] !== undefined));
  const res = await get(`/api/admin/companies?${params}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as Page;
};
const ids = (page: Page) => page.items.map((c) => c.id);

/** Every page from the first by "next", or from the last by "previous": the rows in the order they were shown. */
async function walk(query: Record<string, string | undefined>, way: 'forward' | 'backward') {
  const seen: Page[] = [];
  let page = await list(way === 'forward' ? query : { ...query, cursor: (await list(query)).cursors.last ?? undefined });
  for (;;) {
    seen.push(page);
    const cursor = way === 'forward' ? page.cursors.next : page.cursors.previous;
    if (!cursor) break;
    page = await list({ ...query, cursor });
  }
  return way === 'forward' ? seen : seen.reverse();
}

/** `n` companies whose names repeat (four of each), tagged so a search finds them alone. */
async function tagged(n: number, packageOf: (i: number) => string = () => pkg['باقة نمو'] as string) {
  const tag = `kset${Date.now()}${Math.random().toString(36).slice(2, 6)}`;
  await ctx.db.insert(companies).values(
    Array.from({ length: n }, (_, i) => ({
      name: `شركة ${tag} ${Math.floor(i / 4)}`,
      email: `c${i}@${tag}.example`,
      packageId: packageOf(i),
    })),
  );
  return tag;
}
const inOrder = async (where: SQL | undefined) =>
  (await ctx.db.select({ id: companies.id }).from(companies).where(where).orderBy(asc(companies.name), asc(companies.id))).map((r) => r.id);

describe('GET /api/admin/companies', () => {
  it('answers the first 1000 by name with the exact total, and the cursors to the pages around it', async () => {
    const [{ n } = { n: 0 }] = await ctx.db.select({ n: count() }).from(companies);
    expect(n).toBeGreaterThan(ADMIN_COMPANIES_PAGE_SIZE * 2);
    const page = await list({});
    expect(page).toMatchObject({ total: n, totalIsEstimate: false, from: 1, fromIsEstimate: false, pageSize: 1000 });
    expect(page.items).toHaveLength(1000);
    const expected = await ctx.db.select({ id: companies.id }).from(companies).orderBy(asc(companies.name), asc(companies.id)).limit(1000);
    expect(ids(page)).toEqual(expected.map((c) => c.id));
    expect(page.items[0]).toHaveProperty('packageName');
    expect(page.cursors.previous).toBeNull();
    expect(page.cursors.next).toEqual(expect.any(String));

    // The last page: the final 1000 rows, placed from the end.
    const last = await list({ cursor: page.cursors.last ?? undefined });
    const tail = await ctx.db.select({ id: companies.id }).from(companies).orderBy(desc(companies.name), desc(companies.id)).limit(1000);
    expect(ids(last)).toEqual(tail.map((c) => c.id).reverse());
    expect(last).toMatchObject({ total: n, from: n - 999, cursors: { next: null, last: null } });
  });

  it('walks every page forward and backward, each row once and in order, names tied or not', async () => {
    const tag = await tagged(103);
    const expected = await inOrder(like(companies.email, `%@${tag}.example`));
    for (const way of ['forward', 'backward'] as const) {
      const pages = await walk({ search: tag, pageSize: '25' }, way);
      expect(pages.map((p) => p.items.length)).toEqual(way === 'forward' ? [25, 25, 25, 25, 3] : [3, 25, 25, 25, 25]);
      expect(pages.flatMap(ids)).toEqual(expected);
      // "Showing X to Y of N": the places follow on from page to page, and end at the total.
      for (const p of pages) expect(p.total).toBe(103);
      expect(pages.map((p) => p.from)).toEqual(way === 'forward' ? [1, 26, 51, 76, 101] : [1, 4, 29, 54, 79]);
    }
    // The whole directory, 1000 a page: every company once.
    const all = (await walk({}, 'forward')).flatMap(ids);
    const [{ n } = { n: 0 }] = await ctx.db.select({ n: count() }).from(companies);
    expect(new Set(all).size).toBe(n);
    expect(all).toHaveLength(n);
  });

  it('keeps walking when rows are deleted or added between pages', async () => {
    const tag = await tagged(60);
    const query = { search: tag, pageSize: '25' };
    const expected = await inOrder(like(companies.email, `%@${tag}.example`));
    const first = await list(query);
    // The row the next page starts after, and the next page's first row, are deleted; a row sorts in before it.
    await ctx.db.delete(companies).where(inArray(companies.id, [expected[24] as string, expected[25] as string]));
    await ctx.db.insert(companies).values({ name: `شركة ${tag} 0`, email: `new@${tag}.example`, packageId: pkg['باقة نمو'] as string });
    const second = await list({ ...query, cursor: first.cursors.next ?? undefined });
    expect(ids(second)).toEqual(expected.slice(26, 51));
    expect(second.from).toBe(26);
    // Going back from there shows the rows before it as they are now.
    const back = await list({ ...query, cursor: second.cursors.previous ?? undefined });
    expect(ids(back)).toEqual((await inOrder(like(companies.email, `%@${tag}.example`))).slice(0, 25));
    // The page size changed on a page keeps its first row at the top.
    const wider = await list({ ...query, pageSize: '50', cursor: second.cursors.current ?? undefined });
    expect(wider.items[0]?.id).toBe(second.items[0]?.id);
    expect(wider.from).toBe(26);
    // Everything after the page deleted: "next" answers the last page rather than an empty one.
    await ctx.db.delete(companies).where(inArray(companies.id, expected.slice(26)));
    const gone = await list({ ...query, cursor: first.cursors.next ?? undefined });
    expect(ids(gone)).toEqual((await inOrder(like(companies.email, `%@${tag}.example`))).slice(-25));
    expect(gone.cursors.next).toBeNull();
  });

  it('pages a search narrowed to one package', async () => {
    const growth = pkg['باقة نمو'] as string;
    const pro = pkg['باقة المحترف'] as string;
    const tag = await tagged(70, (i) => (i % 3 === 0 ? pro : growth));
    const expected = await inOrder(and(like(companies.email, `%@${tag}.example`), eq(companies.packageId, pro)));
    expect(expected).toHaveLength(24);
    for (const way of ['forward', 'backward'] as const) {
      const pages = await walk({ search: tag, packageId: pro, pageSize: '25' }, way);
      expect(pages.flatMap(ids)).toEqual(expected);
    }
    const pages = await walk({ search: tag, packageId: growth, pageSize: '25' }, 'backward');
    expect(pages.flatMap((p) => p.items.map((c) => c.packageId))).toEqual(Array(46).fill(growth));
    expect(pages[0]).toMatchObject({ from: 1, total: 46 });
  });

  it('refuses a cursor it did not make for this list and these filters', async () => {
    const tag = await tagged(30);
    const page = await list({ search: tag, pageSize: '25' });
    const next = page.cursors.next as string;
    const decoded = JSON.parse(Buffer.from(next, 'base64url').toString());
    const forged = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
    for (const cursor of [
      'not a cursor',
      'AAAA',
      `x${next}`,
      forged({ ...decoded, k: ['x', 'not-a-uuid'] }),
      forged({ ...decoded, p: -5 }),
      forged({ ...decoded, d: 'sideways' }),
      forged({ ...decoded, f: '00000000' }),
      'x'.repeat(3000),
    ]) {
      const res = await get(`/api/admin/companies?search=${tag}&pageSize=25&cursor=${encodeURIComponent(cursor)}`);
      expect([cursor.slice(0, 20), res.statusCode, res.json().code]).toEqual([cursor.slice(0, 20), 400, 'CURSOR_INVALID']);
    }
    // A cursor of another search is not one of this one's.
    const other = await get(`/api/admin/companies?search=${tag}x&pageSize=25&cursor=${next}`);
    expect([other.statusCode, other.json().code]).toEqual([400, 'CURSOR_INVALID']);
    // The Arabic text the panel shows for it.
    expect(messageForCode('CURSOR_INVALID')).toMatch(/الصفحة الأولى/);
  });

  it('pages by the size asked for, one of the sizes offered, the same order throughout', async () => {
    const first = await list({ pageSize: '1000' });
    const small = await list({ pageSize: '25' });
    const second = await list({ pageSize: '25', cursor: small.cursors.next ?? undefined });
    expect(second).toMatchObject({ pageSize: 25, from: 26 });
    expect(ids(second)).toEqual(first.items.slice(25, 50).map((c) => c.id));
    for (const size of ADMIN_COMPANIES_PAGE_SIZES) expect((await list({ pageSize: String(size) })).items).toHaveLength(size);
    for (const wrong of ['0', '24', '1001', '5000', 'x'])
      expect((await get(`/api/admin/companies?pageSize=${wrong}`)).statusCode).toBe(400);
  });

  it('searches name or e-mail, case-insensitively, with % and _ taken literally', async () => {
    const token = `zq${Date.now()}`;
    await ctx.db.insert(companies).values([
      { name: `Alpha ${token.toUpperCase()} Co`, email: `a@${token}-one.example`, packageId: pkg['باقة نمو'] as string },
      { name: 'مؤسسة البحث', email: `contact@${token}-two.example`, packageId: pkg['باقة المحترف'] as string },
      { name: 'Fifty 50% off', email: `percent@${token}.example`, packageId: pkg['باقة نمو'] as string },
    ]);
    const names = async (query: string) =>
      (await get(`/api/admin/companies?${query}`)).json().items.map((c: { name: string }) => c.name) as string[];
    expect(await names(`search=${token}`)).toEqual([`Alpha ${token.toUpperCase()} Co`, 'Fifty 50% off', 'مؤسسة البحث']);
    expect(await names(`search=${encodeURIComponent('البحث')}`)).toContain('مؤسسة البحث');
    expect(await names(`search=${token}-TWO`)).toEqual(['مؤسسة البحث']);
    expect(await names('search=50%25')).toEqual(['Fifty 50% off']);
    expect(await names(`search=${token}&packageId=${pkg['باقة المحترف']}`)).toEqual(['مؤسسة البحث']);
    expect((await get('/api/admin/companies?search=no-such-company-anywhere')).json()).toMatchObject({
      items: [],
      total: 0,
      from: 0,
      cursors: { previous: null, next: null, last: null, current: null },
    });
    // The name's end and the e-mail's start are two fields: a search spanning them matches nothing.
    expect(await names(`search=${encodeURIComponent('off percent@')}`)).toEqual([]);
    expect(await names(`search=${encodeURIComponent('offpercent@')}`)).toEqual([]);
    expect((await get(`/api/admin/companies?search=${token}`)).json()).toMatchObject({ total: 3, totalIsEstimate: false });
  });

  it('counts exactly up to the limit and estimates past it, saying so', async () => {
    const tag = await tagged(30);
    const limits = { all: 3, search: 3 };
    const over = await listCompanies(ctx.db, { search: tag, pageSize: 25 }, limits);
    expect(over).toMatchObject({ totalIsEstimate: true, from: 1, fromIsEstimate: false });
    expect(over.total).toBeGreaterThan(3);
    // The page itself is not cut short by the count: the rows are all there, in name order.
    expect(over.items).toHaveLength(25);
    // The last page: its place counted back from the estimate is an estimate too.
    const last = await listCompanies(ctx.db, { search: tag, pageSize: 25, cursor: over.cursors.last ?? undefined }, limits);
    expect(last.items).toHaveLength(25);
    expect(last.fromIsEstimate).toBe(last.totalIsEstimate);
    // Walked to the end from the start, the rows seen are the count.
    const end = await listCompanies(ctx.db, { search: tag, pageSize: 25, cursor: over.cursors.next ?? undefined }, limits);
    expect(end).toMatchObject({ total: 30, totalIsEstimate: false, from: 26 });
    expect(await listCompanies(ctx.db, { search: tag, pageSize: 25 }, { all: 3, search: 30 })).toMatchObject({
      total: 30,
      totalIsEstimate: false,
    });
    // Without a search, the directory's own limit.
    const [{ n } = { n: 0 }] = await ctx.db.select({ n: count() }).from(companies);
    expect(await listCompanies(ctx.db, {}, { all: n, search: 3 })).toMatchObject({ total: n, totalIsEstimate: false });
    expect(await listCompanies(ctx.db, {}, { all: 3, search: n })).toMatchObject({ totalIsEstimate: true });
  });

  it('filters by package with the exact total', async () => {
    const id = pkg['باقة البداية'] as string;
    const [{ n } = { n: 0 }] = await ctx.db.select({ n: count() }).from(companies).where(eq(companies.packageId, id));
    const page = (await get(`/api/admin/companies?packageId=${id}`)).json();
    expect(page.total).toBe(n);
    expect(
      page.items.every((c: { packageId: string; packageName: string }) => c.packageId === id && c.packageName === 'باقة البداية'),
    ).toBe(true);
    expect((await get('/api/admin/companies?packageId=nope')).statusCode).toBe(400);
  });

  it('lists the packages a company can belong to, never admin', async () => {
    const names = (await get('/api/admin/companies/packages')).json().map((p: { name: string }) => p.name);
    expect(names).toEqual(expect.arrayContaining(['تجريبي', 'باقة نمو', 'باقة البداية', 'باقة المحترف', 'باقة التميز']));
    expect(names).not.toContain('admin');
  });
});

describe('add, edit and delete a company (spec §5)', () => {
  it('applies the add rules in the spec order with their own codes', async () => {
    const cases: Array<[object, string]> = [
      [company({ name: '  ' }), 'COMPANY_FIELDS_REQUIRED'],
      [company({ email: '' }), 'COMPANY_FIELDS_REQUIRED'],
      [company({ name: '', email: 'bad' }), 'COMPANY_FIELDS_REQUIRED'],
      [company({ email: 'not-an-email' }), 'COMPANY_EMAIL_INVALID'],
      [company({ email: 'bad', packageId: null }), 'COMPANY_EMAIL_INVALID'],
      [company({ packageId: null }), 'COMPANY_PACKAGE_REQUIRED'],
      [company({ packageId: '00000000-0000-4000-8000-000000000000' }), 'PACKAGE_NOT_FOUND'],
      [company({ packageId: pkg.admin as string }), 'PACKAGE_NOT_FOUND'],
    ];
    for (const [body, code] of cases) {
      const res = await send('POST', '/api/admin/companies', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json()).toEqual({ code });
    }
  });

  it('adds a company with defaults for sector and location, lower-cases the e-mail, and audits it', async () => {
    const res = await send(
      'POST',
      '/api/admin/companies',
      company({ name: ' شركة جديدة ', email: ' New.Co@Firm.Example ', sector: '', location: ' ' }),
    );
    expect(res.statusCode).toBe(201);
    const created = res.json();
    expect(created).toMatchObject({
      name: 'شركة جديدة',
      email: 'new.co@firm.example',
      sector: 'غير محدد',
      location: 'غير محدد',
      packageName: 'باقة نمو',
    });
    const [audit] = await ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, created.id), eq(auditLog.action, 'companies.create')));
    expect(audit).toMatchObject({ entity: 'companies', actorEmail: admin.email });
    expect(audit?.after).toMatchObject({ email: 'new.co@firm.example' });

    const duplicate = await send('POST', '/api/admin/companies', company({ email: 'NEW.CO@firm.example' }));
    expect(duplicate.statusCode).toBe(409);
    expect(duplicate.json()).toEqual({ code: 'COMPANY_EMAIL_TAKEN' });
  });

  it('cleans what the form sends as the import cleans a cell: invisible marks go; control characters are refused', async () => {
    const res = await send(
      'POST',
      '/api/admin/companies',
      company({ name: 'شركة \u202eالنظيفة\u200f', email: '\u200bclean.co@firm.example', sector: 'تقنية', location: 'الرياض' }),
    );
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ name: 'شركة النظيفة', email: 'clean.co@firm.example', sector: 'تقنية' });
    // A form never types a NUL or a bell: the request is refused, naming the fields, rather than quietly edited.
    const control = await send('POST', '/api/admin/companies', company({ name: 'شركة\u0000', sector: 'تقنية\u0007' }));
    expect([control.statusCode, control.json()]).toEqual([
      400,
      {
        code: 'CONTROL_CHARACTERS',
        issues: [
          { path: 'name', code: 'CONTROL_CHARACTERS' },
          { path: 'sector', code: 'CONTROL_CHARACTERS' },
        ],
      },
    ]);
  });

  it('edits every field, keeps its own e-mail, refuses another company’s, and audits before and after', async () => {
    const a = (await send('POST', '/api/admin/companies', company())).json();
    const b = (await send('POST', '/api/admin/companies', company())).json();
    const res = await send('PUT', `/api/admin/companies/${a.id}`, {
      name: 'اسم معدّل',
      email: a.email,
      sector: 'الطاقة',
      location: 'جدة',
      packageId: pkg['باقة التميز'],
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: a.id, name: 'اسم معدّل', sector: 'الطاقة', location: 'جدة', packageName: 'باقة التميز' });
    const [audit] = await ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, a.id), eq(auditLog.action, 'companies.update')));
    expect(audit?.before).toMatchObject({ name: 'شركة الاختبار', packageName: 'باقة نمو' });
    expect(audit?.after).toMatchObject({ name: 'اسم معدّل' });

    const taken = await send('PUT', `/api/admin/companies/${a.id}`, { ...company(), email: b.email.toUpperCase() });
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toEqual({ code: 'COMPANY_EMAIL_TAKEN' });
    const invalid = await send('PUT', `/api/admin/companies/${a.id}`, { ...company(), packageId: null });
    expect(invalid.json()).toEqual({ code: 'COMPANY_PACKAGE_REQUIRED' });
    const [stored] = await ctx.db.select().from(companies).where(eq(companies.id, a.id));
    expect(stored).toMatchObject({ name: 'اسم معدّل', email: a.email });

    const missing = await send('PUT', '/api/admin/companies/00000000-0000-4000-8000-000000000000', company());
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ code: 'COMPANY_NOT_FOUND' });
  });

  it('deletes a company once, and audits what it was', async () => {
    const a = (await send('POST', '/api/admin/companies', company())).json();
    const res = await send('DELETE', `/api/admin/companies/${a.id}`);
    expect(res.statusCode).toBe(204);
    expect(await ctx.db.select().from(companies).where(eq(companies.id, a.id))).toEqual([]);
    const [audit] = await ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, a.id), eq(auditLog.action, 'companies.delete')));
    expect(audit?.before).toMatchObject({ email: a.email });
    const again = await send('DELETE', `/api/admin/companies/${a.id}`);
    expect(again.statusCode).toBe(404);
    expect(again.json()).toEqual({ code: 'COMPANY_NOT_FOUND' });
  });

  it('keeps every companies route to administrators', async () => {
    const user = await signedInUser(ctx);
    const someId = '00000000-0000-4000-8000-000000000000';
    const calls: Array<['GET' | 'POST' | 'PUT' | 'DELETE', string]> = [
      ['GET', '/api/admin/companies'],
      ['GET', '/api/admin/companies/packages'],
      ['POST', '/api/admin/companies'],
      ['PUT', `/api/admin/companies/${someId}`],
      ['DELETE', `/api/admin/companies/${someId}`],
    ];
    for (const [method, url] of calls) {
      const payload = method === 'POST' || method === 'PUT' ? company({ email: 'intruder@firm.example' }) : undefined;
      expect((await ctx.app.inject({ method, url, headers: { cookie: user.cookie }, ...(payload ? { payload } : {}) })).statusCode).toBe(
        403,
      );
      expect((await ctx.app.inject({ method, url, ...(payload ? { payload } : {}) })).statusCode).toBe(401);
    }
    expect(await ctx.db.select().from(companies).where(eq(companies.email, 'intruder@firm.example'))).toEqual([]);
  });
});

import { ADMIN_COMPANIES_PAGE_SIZE, ADMIN_COMPANIES_PAGE_SIZES } from '@sira/shared';
import { and, asc, count, eq } from 'drizzle-orm';
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

describe('GET /api/admin/companies', () => {
  it('answers the first 1000 by name with the exact total and page count', async () => {
    const [{ n } = { n: 0 }] = await ctx.db.select({ n: count() }).from(companies);
    expect(n).toBeGreaterThan(ADMIN_COMPANIES_PAGE_SIZE * 2);
    const res = await get('/api/admin/companies');
    expect(res.statusCode).toBe(200);
    const page = res.json();
    expect(page).toMatchObject({ total: n, page: 1, pageSize: 1000, pageCount: Math.ceil(n / 1000) });
    expect(page.items).toHaveLength(1000);
    const expected = await ctx.db.select({ id: companies.id }).from(companies).orderBy(asc(companies.name), asc(companies.id)).limit(1000);
    expect(page.items.map((c: { id: string }) => c.id)).toEqual(expected.map((c) => c.id));
    expect(page.items[0]).toHaveProperty('packageName');

    const last = (await get(`/api/admin/companies?page=${page.pageCount}`)).json();
    expect(last.items).toHaveLength(n - (page.pageCount - 1) * 1000);
    // Past the end (rows deleted since the page was shown): the last page, not an empty one.
    const past = (await get(`/api/admin/companies?page=${page.pageCount + 1}`)).json();
    expect(past).toMatchObject({ page: page.pageCount, pageCount: page.pageCount });
    expect(past.items).toEqual(last.items);
  });

  it('pages by the size asked for, one of the sizes offered, the same order throughout', async () => {
    const [{ n } = { n: 0 }] = await ctx.db.select({ n: count() }).from(companies);
    const first = (await get('/api/admin/companies?pageSize=1000')).json();
    const second = await get('/api/admin/companies?pageSize=25&page=2');
    expect(second.statusCode).toBe(200);
    expect(second.json()).toMatchObject({ total: n, page: 2, pageSize: 25, pageCount: Math.ceil(n / 25) });
    expect(second.json().items.map((c: { id: string }) => c.id)).toEqual(first.items.slice(25, 50).map((c: { id: string }) => c.id));
    for (const size of ADMIN_COMPANIES_PAGE_SIZES)
      expect((await get(`/api/admin/companies?pageSize=${size}`)).json().items).toHaveLength(size);
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
    expect((await get('/api/admin/companies?search=no-such-company-anywhere')).json()).toMatchObject({ items: [], total: 0, pageCount: 0 });
    // The name's end and the e-mail's start are two fields: a search spanning them matches nothing.
    expect(await names(`search=${encodeURIComponent('off percent@')}`)).toEqual([]);
    expect(await names(`search=${encodeURIComponent('offpercent@')}`)).toEqual([]);
    expect((await get(`/api/admin/companies?search=${token}`)).json()).toMatchObject({ total: 3, totalIsLowerBound: false });
  });

  it('counts a broad search only up to the limit, and says that more match', async () => {
    const token = `broad${Date.now()}`;
    await ctx.db.insert(companies).values(
      Array.from({ length: 5 }, (_, i) => ({
        name: `شركة ${token} ${i}`,
        email: `c${i}@${token}.example`,
        packageId: pkg['باقة نمو'] as string,
      })),
    );
    const over = await listCompanies(ctx.db, { search: token, page: 1 }, 3);
    expect(over).toMatchObject({ total: 3, totalIsLowerBound: true, pageCount: 1 });
    // The page itself is not cut short by the count: the rows are all there, in name order.
    expect(over.items.map((c) => c.email)).toEqual([0, 1, 2, 3, 4].map((i) => `c${i}@${token}.example`));
    expect(await listCompanies(ctx.db, { search: token, page: 1 }, 5)).toMatchObject({ total: 5, totalIsLowerBound: false });
    // Without a search the directory's size is exact, whatever the limit.
    const [{ n } = { n: 0 }] = await ctx.db.select({ n: count() }).from(companies);
    expect(await listCompanies(ctx.db, { page: 1 }, 3)).toMatchObject({ total: n, totalIsLowerBound: false });
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
    expect((await get('/api/admin/companies?page=0')).statusCode).toBe(400);
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

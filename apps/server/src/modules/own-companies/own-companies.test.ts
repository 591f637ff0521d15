import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { OWN_LIST_MAX_ROWS } from '@sira/shared/messages/own-companies';
import { and, eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test-support/app';
import { signedInAdmin, signedInUser, uniqueEmail } from '../../../test-support/auth';
import { profileIdOf } from '../../../test-support/sending';
import { multipart, workbook } from '../../../test-support/uploads';
import { auditLog, companies, companyOptOuts, deliveries, excelFiles, packages, profiles, sendJobs, userCompanies } from '../../db/schema';
import { IMPORT_BATCH_SIZE } from '../companies/companies-import.service';
import { listOwnCompanies } from './own-companies.service';
import { importOwnCompanies } from './own-companies-import.service';

const ctx = useTestApp();
const fixture = (name: string) => readFileSync(join(import.meta.dirname, '..', 'companies', 'fixtures', name));
const NOBODY = '00000000-0000-4000-8000-000000000000';

type Account = { email: string; cookie: string; id: string };
let withList: { id: string; name: string };
let withoutList: { id: string; name: string };
let admin: Account;

async function makePackage(name: string, canUploadExcel: boolean) {
  const [row] = await ctx.db
    .insert(packages)
    .values({ name, price: 0, messagesLimit: 100, canUploadExcel })
    .returning({ id: packages.id, name: packages.name });
  return row as { id: string; name: string };
}

/** A signed-in user on a package with (or without) "my companies". */
async function user(allowed = true): Promise<Account> {
  const account = await signedInUser(ctx);
  const id = await profileIdOf(ctx, account.email);
  await ctx.db
    .update(profiles)
    .set({ packageId: (allowed ? withList : withoutList).id })
    .where(eq(profiles.id, id));
  return { ...account, id };
}

const api = (account: Account, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown) =>
  ctx.app.inject({ method, url, headers: { cookie: account.cookie }, ...(payload === undefined ? {} : { payload: payload as object }) });

async function add(account: Account, body: Record<string, unknown>) {
  const res = await api(account, 'POST', '/api/my-companies', body);
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { id: string; email: string; contacted: boolean };
}

function upload(account: Account, file: Buffer, filename: string, accept?: string) {
  const body = multipart([{ name: 'file', filename, content: file }]);
  return ctx.app.inject({
    method: 'POST',
    url: '/api/my-companies/import',
    headers: { cookie: account.cookie, ...(accept ? { accept } : {}), ...body.headers },
    payload: body.payload,
  });
}

const listedEmails = async (account: Account, search?: string) => {
  const res = await api(account, 'GET', `/api/my-companies${search ? `?search=${encodeURIComponent(search)}` : ''}`);
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { items: Array<{ email: string }> }).items.map((row) => row.email);
};

const summary = async (account: Account) => {
  const res = await api(account, 'GET', '/api/my-companies/summary');
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { allowed: boolean; total: number; reachable: number; maxRows: number; packagesWithFeature: Array<{ id: string }> };
};

/** A delivery of `account` to `email` in `status`, as a send would leave it. */
async function delivered(account: Account, email: string, status: 'sent' | 'pending' | 'failed') {
  const [job] = await ctx.db
    .insert(sendJobs)
    .values({ profileId: account.id, subject: 'طلب توظيف', content: '<p>سيرتي</p>', resumePath: 'cv.pdf' })
    .returning({ id: sendJobs.id });
  await ctx.db.insert(deliveries).values({
    jobId: job?.id as string,
    profileId: account.id,
    recipientEmail: email,
    companyName: 'شركة',
    sector: 'التقنية',
    location: 'الرياض',
    status,
  });
}

const tag = () => uniqueEmail('own').split('@')[0]?.replace(/\./g, '-') as string;

beforeAll(async () => {
  const suffix = tag();
  withList = await makePackage(`باقة قائمتي ${suffix}`, true);
  withoutList = await makePackage(`باقة بلا قائمة ${suffix}`, false);
  const account = await signedInAdmin(ctx);
  admin = { ...account, id: await profileIdOf(ctx, account.email) };
});

describe('my companies: the list', () => {
  it('adds, edits and deletes rows; the address is checked, unique per user, and any case matches', async () => {
    const a = await user();
    const row = await add(a, {
      name: '  شركة الأفق ',
      email: 'HR@Ufuq.example',
      sector: 'التقنية',
      city: 'الرياض',
      contactName: 'أ. سالم',
    });
    expect(row).toMatchObject({ email: 'hr@ufuq.example', contacted: false });
    const listed = (await api(a, 'GET', '/api/my-companies')).json();
    expect(listed.items).toEqual([
      expect.objectContaining({ name: 'شركة الأفق', email: 'hr@ufuq.example', sector: 'التقنية', city: 'الرياض', contactName: 'أ. سالم' }),
    ]);
    expect(listed).toMatchObject({ total: 1, from: 1 });

    const dup = await api(a, 'POST', '/api/my-companies', { name: 'أخرى', email: 'hr@UFUQ.example' });
    expect([dup.statusCode, dup.json()]).toEqual([409, { code: 'OWN_COMPANY_EMAIL_TAKEN' }]);
    const invalid = await api(a, 'POST', '/api/my-companies', { name: 'شركة', email: 'not-an-email' });
    expect([invalid.statusCode, invalid.json()]).toEqual([400, { code: 'OWN_COMPANY_EMAIL_INVALID' }]);
    const empty = await api(a, 'POST', '/api/my-companies', { name: ' ', email: 'x@y.example' });
    expect([empty.statusCode, empty.json()]).toEqual([400, { code: 'OWN_COMPANY_FIELDS_REQUIRED' }]);

    const other = await add(a, { name: 'شركة ثانية', email: 'jobs@second.example' });
    const clash = await api(a, 'PUT', `/api/my-companies/${other.id}`, { name: 'شركة ثانية', email: 'hr@ufuq.example' });
    expect([clash.statusCode, clash.json()]).toEqual([409, { code: 'OWN_COMPANY_EMAIL_TAKEN' }]);
    const edited = await api(a, 'PUT', `/api/my-companies/${other.id}`, { name: 'شركة معدلة', email: 'careers@second.example' });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json()).toMatchObject({ name: 'شركة معدلة', email: 'careers@second.example', sector: 'غير محدد', contactName: null });

    expect((await api(a, 'DELETE', `/api/my-companies/${other.id}`)).statusCode).toBe(204);
    expect((await api(a, 'DELETE', `/api/my-companies/${other.id}`)).statusCode).toBe(404);
    expect(await listedEmails(a)).toEqual(['hr@ufuq.example']);
  });

  it('searches name and e-mail, and pages by name then id', async () => {
    const a = await user();
    for (const [name, email] of [
      ['ب شركة', 'b@page.example'],
      ['أ شركة', 'a@page.example'],
      ['ج شركة', 'c@page.example'],
      ['د مؤسسة', 'hr@match.example'],
    ])
      await add(a, { name, email });
    expect(await listedEmails(a, 'MATCH')).toEqual(['hr@match.example']);
    expect(await listedEmails(a, 'شركة')).toEqual(['a@page.example', 'b@page.example', 'c@page.example']);
    // Literal LIKE characters.
    expect(await listedEmails(a, '%')).toEqual([]);

    const first = await listOwnCompanies(ctx.db, a.id, {}, 3);
    expect(first.items.map((r) => r.name)).toEqual(['أ شركة', 'ب شركة', 'ج شركة']);
    expect(first.total).toBe(4);
    const second = await listOwnCompanies(ctx.db, a.id, { cursor: first.cursors.next as string }, 3);
    expect(second.items.map((r) => r.name)).toEqual(['د مؤسسة']);
    expect(second.from).toBe(4);
  });

  it('counts what a send may still take: not contacted, not opted out, no hard failure', async () => {
    const a = await user();
    const b = await user();
    for (const email of [
      'sent@reach.example',
      'waiting@reach.example',
      'failed@reach.example',
      'optout@reach.example',
      'bounced@reach.example',
      'fresh@reach.example',
    ])
      await add(a, { name: email, email });
    await delivered(a, 'SENT@reach.example', 'sent');
    await delivered(a, 'waiting@reach.example', 'pending');
    await delivered(a, 'failed@reach.example', 'failed');
    // Another user's message says nothing about A's list.
    await delivered(b, 'fresh@reach.example', 'sent');
    await ctx.db.insert(companyOptOuts).values({ email: 'optout@reach.example', companyName: 'شركة', source: 'admin' });
    await ctx.db
      .update(userCompanies)
      .set({ hardFailures: 1 })
      .where(and(eq(userCompanies.profileId, a.id), eq(userCompanies.email, 'bounced@reach.example')));

    expect(await summary(a)).toMatchObject({ allowed: true, total: 6, reachable: 2, maxRows: OWN_LIST_MAX_ROWS });
    const items = (await api(a, 'GET', '/api/my-companies')).json().items as Array<{ email: string; contacted: boolean }>;
    expect(Object.fromEntries(items.map((r) => [r.email, r.contacted]))).toEqual({
      'bounced@reach.example': false,
      'failed@reach.example': false,
      'fresh@reach.example': false,
      'optout@reach.example': false,
      'sent@reach.example': true,
      'waiting@reach.example': true,
    });
  });

  it('refuses to add or edit without the package feature, even called directly; deleting stays allowed', async () => {
    const a = await user();
    const row = await add(a, { name: 'شركة', email: 'kept@downgrade.example' });
    await ctx.db.update(profiles).set({ packageId: withoutList.id }).where(eq(profiles.id, a.id));

    const s = await summary(a);
    expect(s).toMatchObject({ allowed: false, total: 1 });
    expect(s.packagesWithFeature.map((p) => p.id)).toContain(withList.id);
    expect(s.packagesWithFeature.map((p) => p.id)).not.toContain(withoutList.id);

    const created = await api(a, 'POST', '/api/my-companies', { name: 'شركة', email: 'new@downgrade.example' });
    expect([created.statusCode, created.json()]).toEqual([403, { code: 'OWN_LIST_NOT_IN_PACKAGE' }]);
    const updated = await api(a, 'PUT', `/api/my-companies/${row.id}`, { name: 'شركة', email: 'new@downgrade.example' });
    expect([updated.statusCode, updated.json()]).toEqual([403, { code: 'OWN_LIST_NOT_IN_PACKAGE' }]);
    const uploaded = await upload(a, fixture('companies.xlsx'), 'companies.xlsx');
    expect([uploaded.statusCode, uploaded.json()]).toEqual([403, { code: 'OWN_LIST_NOT_IN_PACKAGE' }]);
    await expect(
      importOwnCompanies(ctx.db, { profileId: a.id, filename: 'c.xlsx', buffer: fixture('companies.xlsx') }),
    ).rejects.toMatchObject({
      code: 'OWN_LIST_NOT_IN_PACKAGE',
    });
    expect(await listedEmails(a)).toEqual(['kept@downgrade.example']);

    expect((await api(a, 'DELETE', `/api/my-companies/${row.id}`)).statusCode).toBe(204);
    expect(await listedEmails(a)).toEqual([]);
  });

  it(`holds at most ${OWN_LIST_MAX_ROWS} rows`, async () => {
    const a = await user();
    await ctx.db.execute(sql`
      insert into user_companies (profile_id, name, email)
      select ${a.id}, 'شركة ' || n, 'full' || n || '@limit.example' from generate_series(1, ${OWN_LIST_MAX_ROWS}) as n`);
    const res = await api(a, 'POST', '/api/my-companies', { name: 'واحدة أخرى', email: 'one-more@limit.example' });
    expect([res.statusCode, res.json()]).toEqual([409, { code: 'OWN_LIST_FULL' }]);
    const up = await upload(
      a,
      workbook([
        ['Company', 'Email'],
        ['شركة', 'sheet@limit.example'],
      ]),
      'more.xlsx',
    );
    expect([up.statusCode, up.json()]).toEqual([409, { code: 'OWN_LIST_UPLOAD_TOO_MANY' }]);
    // An address already listed is a duplicate, not a new row: the full list still takes the file.
    const same = await upload(
      a,
      workbook([
        ['Company', 'Email'],
        ['شركة', 'full1@limit.example'],
      ]),
      'same.xlsx',
    );
    expect(same.statusCode, same.body).toBe(200);
    expect(same.json()).toMatchObject({ added: 0, duplicates: 1 });
    expect((await summary(a)).total).toBe(OWN_LIST_MAX_ROWS);
  });
});

describe('my companies: another user', () => {
  it('cannot list, read, edit, delete, suggest or count the rows of someone else', async () => {
    const a = await user();
    const b = await user();
    const row = await add(a, { name: 'شركة خاصة', email: 'secret@private.example' });
    await add(a, { name: 'شركة خاصة ثانية', email: 'secret2@private.example' });
    await add(b, { name: 'شركة ب', email: 'b@private.example' });

    expect(await listedEmails(b)).toEqual(['b@private.example']);
    expect(await listedEmails(b, 'secret')).toEqual([]);
    expect(await summary(b)).toMatchObject({ total: 1, reachable: 1 });

    // A's row answers B exactly as an id that does not exist.
    for (const id of [row.id, NOBODY]) {
      const put = await api(b, 'PUT', `/api/my-companies/${id}`, { name: 'مسروقة', email: 'stolen@private.example' });
      expect([put.statusCode, put.json()]).toEqual([404, { code: 'OWN_COMPANY_NOT_FOUND' }]);
      const del = await api(b, 'DELETE', `/api/my-companies/${id}`);
      expect([del.statusCode, del.json()]).toEqual([404, { code: 'OWN_COMPANY_NOT_FOUND' }]);
      const suggest = await api(b, 'POST', '/api/my-companies/suggest', { ids: [id] });
      expect([suggest.statusCode, suggest.json()]).toEqual([404, { code: 'OWN_SUGGEST_NONE' }]);
    }
    // Mixed with B's own id: only B's row is suggested.
    const mine = (await api(b, 'GET', '/api/my-companies')).json().items[0].id as string;
    const mixed = await api(b, 'POST', '/api/my-companies/suggest', { ids: [row.id, mine] });
    expect(mixed.json()).toEqual({ suggested: 1 });

    // A cursor of A's list is refused on B's.
    const page = await listOwnCompanies(ctx.db, a.id, {}, 1);
    const walked = await api(b, 'GET', `/api/my-companies?cursor=${page.cursors.next}`);
    expect([walked.statusCode, walked.json()]).toEqual([400, { code: 'CURSOR_INVALID' }]);

    const [kept] = await ctx.db.select().from(userCompanies).where(eq(userCompanies.id, row.id));
    expect(kept).toMatchObject({ email: 'secret@private.example', suggestion: null, profileId: a.id });

    // Uploads are private too.
    await upload(
      a,
      workbook([
        ['Company', 'Email'],
        ['شركة', 'upload@private.example'],
      ]),
      'a-private.xlsx',
    );
    const uploads = (await api(b, 'GET', '/api/my-companies/uploads')).json() as Array<{ filename: string }>;
    expect(uploads).toEqual([]);
    expect(((await api(a, 'GET', '/api/my-companies/uploads')).json() as Array<{ filename: string }>).map((u) => u.filename)).toEqual([
      'a-private.xlsx',
    ]);
  });

  it('a signed-out visitor gets 401 and a user 403 on the admin suggestions', async () => {
    const a = await user();
    expect((await ctx.app.inject({ method: 'GET', url: '/api/my-companies' })).statusCode).toBe(401);
    expect((await api(a, 'GET', '/api/admin/companies/suggestions')).statusCode).toBe(403);
    const decide = await api(a, 'POST', '/api/admin/companies/suggestions/decision', { decision: 'decline', ids: [NOBODY] });
    expect(decide.statusCode).toBe(403);
  });
});

describe('my companies: upload', () => {
  // companies.xlsx (LibreOffice): its package column is not read for a user's list. Row 3 has no name, row 4
  // no address, row 5 a bad one, row 8 repeats row 2, row 11 is blank, row 12 is already in the list.
  for (const file of ['companies.xlsx', 'companies.xls']) {
    it(`imports a real ${file.endsWith('.xls') ? '.xls' : '.xlsx'} into the list (${file})`, async () => {
      const a = await user();
      await add(a, { name: 'شركة أخيرة', email: 'last@firm.example' });
      const res = await upload(a, fixture(file), file);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({
        rows: 10,
        added: 6,
        skipped: 2,
        duplicates: 2,
        duplicateRows: [
          { row: 8, email: 'hr@ufuq.example', firstRow: 2 },
          { row: 12, email: 'last@firm.example' },
        ],
        skippedRows: [
          { row: 4, reason: 'EMAIL_MISSING' },
          { row: 5, reason: 'EMAIL_INVALID' },
        ],
      });
      const fileId = res.json().fileId as string;
      const rows = await ctx.db.select().from(userCompanies).where(eq(userCompanies.profileId, a.id));
      expect(rows).toHaveLength(7);
      expect(rows.find((r) => r.email === 'spaced@firm.example')).toMatchObject({ name: 'شركة المسافات', excelFileId: fileId });
      expect(rows.find((r) => r.email === 'jobs@noname.example')?.name).toMatch(/^شركة بدون اسم /);
      expect(rows.find((r) => r.email === 'last@firm.example')?.excelFileId).toBeNull();
      const [record] = await ctx.db.select().from(excelFiles).where(eq(excelFiles.id, fileId));
      expect(record).toMatchObject({ profileId: a.id, scope: 'own_list', filename: file, rowsAdded: 6, rowsSkipped: 4 });
      // Nothing reaches the directory or the audit log: the list is the user's.
      expect(await ctx.db.select().from(companies).where(eq(companies.email, 'no-package@firm.example'))).toEqual([]);
      expect(await ctx.db.select().from(auditLog).where(eq(auditLog.entityId, fileId))).toEqual([]);
      expect((await api(a, 'GET', '/api/my-companies/uploads')).json()).toEqual([
        expect.objectContaining({ id: fileId, filename: file, added: 6, skipped: 4 }),
      ]);
    });
  }

  it('reads English headers, the contact column and bidi marks like the admin import', async () => {
    const a = await user();
    const res = await upload(
      a,
      workbook([
        ['Company', 'E-mail', 'Industry', 'City', 'Contact name'],
        ['\u202bشركة الشرق\u202c', 'HR@East.example', 'IT', 'Riyadh', 'Mona'],
      ]),
      'english.xlsx',
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ added: 1 });
    const [east] = await ctx.db
      .select()
      .from(userCompanies)
      .where(and(eq(userCompanies.profileId, a.id), eq(userCompanies.email, 'hr@east.example')));
    expect(east).toMatchObject({ name: 'شركة الشرق', sector: 'IT', location: 'Riyadh', contactName: 'Mona' });
  });

  it('stores the text a formula shows and lists the formula cells (formula-cells.xlsx)', async () => {
    const a = await user();
    const res = await upload(a, fixture('formula-cells.xlsx'), 'formula-cells.xlsx');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      added: 3,
      formulaCells: [
        { row: 2, column: 'اسم الشركة' },
        { row: 3, column: 'اسم الشركة' },
        { row: 3, column: 'القطاع' },
      ],
    });
    const names = (await ctx.db.select().from(userCompanies).where(eq(userCompanies.profileId, a.id))).map((r) => r.name).sort();
    expect(names).toEqual(['click', 'شركة الصيغة', 'شركة عادية'].sort());
  });

  it('refuses a file past the list, its own limits, and other files, adding nothing', async () => {
    const a = await user();
    const rows = [['Company', 'Email'], ...Array.from({ length: 5 }, (_, i) => [`شركة ${i}`, `r${i}@over.example`])];
    await expect(
      importOwnCompanies(ctx.db, { profileId: a.id, filename: 'over.xlsx', buffer: workbook(rows), limits: { maxListRows: 4 } }),
    ).rejects.toMatchObject({ statusCode: 409, code: 'OWN_LIST_UPLOAD_TOO_MANY' });
    expect(await listedEmails(a)).toEqual([]);
    expect(await ctx.db.select().from(excelFiles).where(eq(excelFiles.profileId, a.id))).toEqual([]);

    const big = await importOwnCompanies(ctx.db, {
      profileId: a.id,
      filename: 'big.xlsx',
      buffer: workbook(rows),
      limits: { maxBytes: { xlsx: 10, xls: 10 } },
    }).catch((e: unknown) => e);
    expect(big).toMatchObject({ statusCode: 413, code: 'OWN_LIST_FILE_TOO_LARGE' });
    const many = await importOwnCompanies(ctx.db, {
      profileId: a.id,
      filename: 'many.xlsx',
      buffer: workbook(rows),
      limits: { maxRows: 4 },
    }).catch((e: unknown) => e);
    expect(many).toMatchObject({ code: 'OWN_LIST_TOO_MANY_ROWS' });
    const pdf = await upload(a, Buffer.from('%PDF-1.4'), 'cv.pdf');
    expect([pdf.statusCode, pdf.json()]).toEqual([400, { code: 'EXCEL_FILE_TYPE' }]);
    const headers = await upload(a, fixture('unknown-headers.xlsx'), 'unknown.xlsx');
    expect([headers.statusCode, headers.json()]).toEqual([400, { code: 'EXCEL_HEADERS_UNRECOGNISED' }]);
    expect(await summary(a)).toMatchObject({ total: 0 });
  });

  it('adds each address once when one user uploads the same file twice at the same moment', async () => {
    const a = await user();
    const file = workbook([['Company', 'Email'], ...Array.from({ length: 40 }, (_, i) => [`شركة ${i}`, `same${i}@twice.example`])]);
    const [one, two] = await Promise.all([upload(a, file, 'one.xlsx'), upload(a, file, 'two.xlsx')]);
    expect([one.statusCode, two.statusCode]).toEqual([200, 200]);
    expect(one.json().added + two.json().added).toBe(40);
    expect(one.json().duplicates + two.json().duplicates).toBe(40);
    expect((await summary(a)).total).toBe(40);
  });

  it('reports progress as lines when asked for application/x-ndjson', async () => {
    const a = await user();
    const n = 600;
    const file = workbook([['Company', 'Email'], ...Array.from({ length: n }, (_, i) => [`شركة ${i}`, `p${i}@progress.example`])]);
    const res = await upload(a, file, 'progress.xlsx', 'application/x-ndjson');
    expect(res.statusCode).toBe(200);
    const lines = res.body
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line));
    const batchSize = IMPORT_BATCH_SIZE[ctx.handle.kind];
    const written = Array.from({ length: Math.ceil(n / batchSize) }, (_, i) => Math.min(n, (i + 1) * batchSize));
    expect(lines.slice(0, -1)).toEqual([0, ...written].map((done) => ({ progress: { done, total: n } })));
    expect(lines.at(-1)).toMatchObject({ result: { rows: n, added: n } });
  });
});

describe('suggestions to the directory', () => {
  it('the admin sees suggested rows only, accepts them into a package once, and declines others', async () => {
    const a = await user();
    const b = await user();
    const t = tag();
    const hidden = await add(a, { name: 'لم تُقترح', email: `hidden.${t}@suggest.example` });
    const one = await add(a, { name: 'مقترحة', email: `one.${t}@suggest.example`, sector: 'التقنية', city: 'جدة' });
    const both = await add(a, { name: 'مقترحة من اثنين', email: `both.${t}@suggest.example` });
    const bBoth = await add(b, { name: 'مقترحة من اثنين', email: `BOTH.${t}@suggest.example` });
    const listed = await add(b, { name: 'في الدليل', email: `listed.${t}@suggest.example` });
    const declined = await add(b, { name: 'سترفض', email: `declined.${t}@suggest.example` });
    await ctx.db.insert(companies).values({ name: 'في الدليل', email: `listed.${t}@suggest.example`, packageId: withList.id });

    expect((await api(a, 'POST', '/api/my-companies/suggest', { ids: [one.id, both.id] })).json()).toEqual({ suggested: 2 });
    expect((await api(b, 'POST', '/api/my-companies/suggest', { ids: [bBoth.id, listed.id, declined.id] })).json()).toEqual({
      suggested: 3,
    });

    const res = await api(admin, 'GET', '/api/admin/companies/suggestions');
    expect(res.statusCode).toBe(200);
    const { items, total } = res.json() as {
      items: Array<{ id: string; email: string; inDirectory: boolean; city: string }>;
      total: number;
    };
    const ours = items.filter((i) => i.email.toLowerCase().includes(t));
    expect(ours.map((i) => i.id).sort()).toEqual([one.id, both.id, bBoth.id, listed.id, declined.id].sort());
    expect(total).toBeGreaterThanOrEqual(5);
    // Never a row its owner did not suggest.
    expect(JSON.stringify(res.json())).not.toContain(hidden.email);
    expect(ours.find((i) => i.id === listed.id)?.inDirectory).toBe(true);
    expect(ours.find((i) => i.id === one.id)).toMatchObject({ inDirectory: false, city: 'جدة' });

    const declineRes = await api(admin, 'POST', '/api/admin/companies/suggestions/decision', { decision: 'decline', ids: [declined.id] });
    expect(declineRes.json()).toEqual({ added: 0, duplicates: 0, declined: 1 });
    const accept = await api(admin, 'POST', '/api/admin/companies/suggestions/decision', {
      decision: 'accept',
      ids: [one.id, both.id, bBoth.id, listed.id, declined.id, hidden.id],
      packageId: withList.id,
    });
    expect(accept.statusCode, accept.body).toBe(200);
    // one and both are added; B's "both" and "listed" are already there; declined and hidden are not pending.
    expect(accept.json()).toEqual({ added: 2, duplicates: 2, declined: 0 });
    const inDirectory = await ctx.db
      .select({ email: companies.email, packageId: companies.packageId, sector: companies.sector, location: companies.location })
      .from(companies)
      .where(sql`${companies.email} like ${`%.${t}@suggest.example`}`);
    expect(inDirectory).toHaveLength(3);
    expect(inDirectory.find((c) => c.email === `one.${t}@suggest.example`)).toMatchObject({
      packageId: withList.id,
      sector: 'التقنية',
      location: 'جدة',
    });

    const states = Object.fromEntries(
      (await ctx.db.select({ id: userCompanies.id, s: userCompanies.suggestion }).from(userCompanies)).map((r) => [r.id, r.s]),
    );
    expect([one, both, bBoth, listed, declined, hidden].map((r) => states[r.id])).toEqual([
      'accepted',
      'accepted',
      'accepted',
      'accepted',
      'declined',
      null,
    ]);
    // Suggesting again leaves a decided row as it is.
    expect((await api(a, 'POST', '/api/my-companies/suggest', { ids: [one.id] })).json()).toEqual({ suggested: 0 });
    const after = (await api(admin, 'GET', '/api/admin/companies/suggestions')).json() as { items: Array<{ email: string }> };
    expect(after.items.filter((i) => i.email.toLowerCase().includes(t))).toEqual([]);

    // The audit records the decision in figures, never the addresses.
    const entries = await ctx.db
      .select({ action: auditLog.action, after: auditLog.after })
      .from(auditLog)
      .where(sql`${auditLog.action} in ('companies.accept_suggestions', 'companies.decline_suggestions')`);
    expect(entries).toEqual(
      expect.arrayContaining([
        { action: 'companies.decline_suggestions', after: { declined: 1 } },
        { action: 'companies.accept_suggestions', after: { packageName: withList.name, accepted: 4, added: 2, duplicates: 2 } },
      ]),
    );
    expect(JSON.stringify(entries)).not.toContain('@suggest.example');

    const noPackage = await api(admin, 'POST', '/api/admin/companies/suggestions/decision', {
      decision: 'accept',
      ids: [one.id],
      packageId: NOBODY,
    });
    expect([noPackage.statusCode, noPackage.json()]).toEqual([400, { code: 'SUGGESTION_PACKAGE_NOT_FOUND' }]);
  });

  it('the admin users list counts each user’s own companies, without their addresses', async () => {
    const a = await user();
    await add(a, { name: 'شركة', email: 'count1@users.example' });
    await add(a, { name: 'شركة', email: 'count2@users.example' });
    const res = await api(admin, 'GET', `/api/admin/users?search=${encodeURIComponent(a.email)}`);
    expect(res.statusCode).toBe(200);
    expect(res.json().rows).toEqual([expect.objectContaining({ email: a.email, ownCompanies: 2 })]);
    expect(res.body).not.toContain('count1@users.example');
  });
});

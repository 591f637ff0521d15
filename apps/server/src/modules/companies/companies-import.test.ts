import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { EXCEL_MAX_UNCOMPRESSED_BYTES } from '@sira/shared/messages/companies-admin';
import { eq, inArray, sql } from 'drizzle-orm';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test-support/app';
import { signedInAdmin, signedInUser } from '../../../test-support/auth';
import { deflatedZeros, multipart, workbook, zip, zipBomb } from '../../../test-support/uploads';
import { rowsOf } from '../../db/client';
import { auditLog, companies, excelFiles, packages, profiles } from '../../db/schema';
import { IMPORT_BATCH_SIZE, importCompanies } from './companies-import.service';

const ctx = useTestApp();
let admin: { email: string; cookie: string; id: string };

const fixture = (name: string) => readFileSync(join(import.meta.dirname, 'fixtures', name));
const MB = 1024 * 1024;

/** Every address the fixtures can add; removed before each test so each starts from the same directory. */
const FIXTURE_EMAILS = [
  'hr@ufuq.example',
  'jobs@noname.example',
  'unknown-package@firm.example',
  'no-package@firm.example',
  'spaced@firm.example',
  'last@firm.example',
  'first@nocolumn.example',
  'second@nocolumn.example',
  'hr@horizon-en.example',
  'jobs@east-en.example',
  'hr@horizon-unknown.example',
  'formula-link@firm.example',
  'formula-concat@firm.example',
  'plain@formula.example',
];
const HEADER = ['اسم الشركة', 'البريد الإلكتروني', 'القطاع', 'الموقع', 'الباقة'];

async function packageId(name: string) {
  const [row] = await ctx.db.select({ id: packages.id }).from(packages).where(eq(packages.name, name));
  if (!row) throw new Error(`no package ${name}`);
  return row.id;
}

function upload(file: Buffer, filename: string, fields: Record<string, string> = {}, cookie = admin.cookie) {
  const body = multipart([
    ...Object.entries(fields).map(([name, content]) => ({ name, content })),
    { name: 'file', filename, content: file },
  ]);
  return ctx.app.inject({
    method: 'POST',
    url: '/api/admin/companies/import',
    headers: { cookie, ...body.headers },
    payload: body.payload,
  });
}

async function directoryRow(email: string) {
  const [row] = await ctx.db
    .select({ name: companies.name, sector: companies.sector, location: companies.location, packageName: packages.name })
    .from(companies)
    .innerJoin(packages, eq(packages.id, companies.packageId))
    .where(sql`lower(${companies.email}) = ${email}`);
  return row;
}

const count = async (table: typeof companies | typeof excelFiles | typeof auditLog) =>
  Number(rowsOf<{ n: number }>(await ctx.db.execute(sql`select count(*)::int as n from ${table}`))[0]?.n);

beforeAll(async () => {
  const account = await signedInAdmin(ctx);
  const [profile] = await ctx.db.select({ id: profiles.id }).from(profiles).where(eq(profiles.email, account.email));
  admin = { ...account, id: profile?.id as string };
  await ctx.db
    .insert(companies)
    .values({ name: 'شركة قديمة', email: 'existing@directory.example', packageId: await packageId('باقة المحترف') });
});

beforeEach(async () => {
  await ctx.db.delete(companies).where(inArray(sql`lower(${companies.email})`, FIXTURE_EMAILS));
});

// companies.xlsx (LibreOffice): row 1 is the header, then one row per rule; row 11 is blank.
const expectedWithoutDefault = {
  rows: 10,
  added: 4,
  skipped: 4,
  duplicates: 2,
  // Row 8 repeats row 2's address; row 9's is already in the directory.
  duplicateRows: [
    { row: 8, email: 'hr@ufuq.example', firstRow: 2 },
    { row: 9, email: 'existing@directory.example' },
  ],
  formulaCells: [],
  skippedRows: [
    { row: 4, reason: 'EMAIL_MISSING' },
    { row: 5, reason: 'EMAIL_INVALID' },
    { row: 6, reason: 'PACKAGE_UNKNOWN' },
    { row: 7, reason: 'PACKAGE_MISSING' },
  ],
};

describe('POST /api/admin/companies/import — column headers', () => {
  it('reads the obvious English headers (Company, Email, Sector, City, Package) like the Arabic ones', async () => {
    const res = await upload(fixture('english-headers.xlsx'), 'english.xlsx', { defaultPackageId: await packageId('باقة البداية') });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ rows: 2, added: 2, skipped: 0, duplicates: 0 });
    expect(await directoryRow('hr@horizon-en.example')).toEqual({
      name: 'Horizon Tech',
      sector: 'IT',
      location: 'Riyadh',
      packageName: 'باقة نمو',
    });
    expect(await directoryRow('jobs@east-en.example')).toMatchObject({
      name: 'شركة الشرق',
      sector: 'غير محدد',
      packageName: 'باقة البداية',
    });
  });

  it('answers one EXCEL_HEADERS_UNRECOGNISED for a sheet whose headers name no e-mail column, and adds nothing', async () => {
    const files = await count(excelFiles);
    const withDefault: Record<string, string> = { defaultPackageId: await packageId('باقة نمو') };
    for (const fields of [{}, withDefault]) {
      const res = await upload(fixture('unknown-headers.xlsx'), 'unknown.xlsx', fields);
      expect([res.statusCode, res.json()]).toEqual([400, { code: 'EXCEL_HEADERS_UNRECOGNISED' }]);
    }
    expect(await directoryRow('hr@horizon-unknown.example')).toBeUndefined();
    expect(await count(excelFiles)).toBe(files);
  });
});

describe('POST /api/admin/companies/import — formula cells', () => {
  // formula-cells.csv, saved by LibreOffice as .xlsx (which keeps each formula's text result) and as .xls
  // (which keeps none): row 2's name is =HYPERLINK("http://evil.example.com","click"), row 3's name joins two
  // quoted texts with & and its sector is =UPPER("it").
  for (const file of ['formula-cells.xlsx', 'formula-cells.xls']) {
    it(`stores the text a formula shows, the same from .xlsx and .xls, and lists every formula cell (${file})`, async () => {
      const res = await upload(fixture(file), file);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({
        rows: 3,
        added: 3,
        formulaCells: [
          { row: 2, column: 'اسم الشركة' },
          { row: 3, column: 'اسم الشركة' },
          { row: 3, column: 'القطاع' },
        ],
      });
      expect(await directoryRow('formula-link@firm.example')).toMatchObject({ name: 'click', sector: 'تقنية' });
      // Text joined by the formula itself is read from the formula; a formula that computes (UPPER) is not
      // trusted to a cached result one format lacks: the field is left to its default.
      expect(await directoryRow('formula-concat@firm.example')).toMatchObject({ name: 'شركة الصيغة', sector: 'غير محدد' });
      expect(await directoryRow('plain@formula.example')).toMatchObject({ name: 'شركة عادية' });
    });
  }
});

describe('POST /api/admin/companies/import — the rows (spec §5)', () => {
  it('imports a real .xlsx: skips bad rows, fills defaults, matches packages by name, reports duplicates', async () => {
    const filesBefore = await count(excelFiles);
    const res = await upload(fixture('companies.xlsx'), 'دليل الشركات.xlsx');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject(expectedWithoutDefault);

    expect(await directoryRow('hr@ufuq.example')).toEqual({
      name: 'شركة الأفق للتقنية',
      sector: 'تقنية المعلومات',
      location: 'الرياض',
      packageName: 'باقة نمو',
    });
    const unnamed = await directoryRow('jobs@noname.example');
    expect(unnamed?.name).toMatch(/^شركة بدون اسم \d{4}-\d{2}-\d{2} \d{2}:\d{2} #3$/);
    expect(unnamed).toMatchObject({ sector: 'غير محدد', location: 'غير محدد', packageName: 'باقة البداية' });
    // Spaces around every value and inside the package name do not matter; e-mails are stored lower-case.
    expect(await directoryRow('spaced@firm.example')).toMatchObject({ name: 'شركة المسافات', packageName: 'باقة المحترف' });
    expect(await directoryRow('last@firm.example')).toMatchObject({ packageName: 'تجريبي' });
    expect(await directoryRow('unknown-package@firm.example')).toBeUndefined();
    expect(await directoryRow('no-package@firm.example')).toBeUndefined();
    // The company already in the directory is neither duplicated nor overwritten.
    expect(await directoryRow('existing@directory.example')).toMatchObject({ name: 'شركة قديمة' });

    expect(await count(excelFiles)).toBe(filesBefore + 1);
    const [file] = await ctx.db.select().from(excelFiles).where(eq(excelFiles.id, body.fileId));
    expect(file).toMatchObject({ profileId: admin.id, filename: 'دليل الشركات.xlsx', rowsAdded: 4, rowsSkipped: 6 });
    const [audit] = await ctx.db.select().from(auditLog).where(eq(auditLog.entityId, body.fileId));
    expect(audit).toMatchObject({ action: 'companies.import', entity: 'excel_files', actorEmail: admin.email, actorId: admin.id });
    expect(audit?.after).toMatchObject({ added: 4, skipped: 4, duplicates: 2 });
  });

  it('never inserts a company twice: uploading the same file again adds nothing', async () => {
    expect((await upload(fixture('companies.xlsx'), 'a.xlsx')).json().added).toBe(4);
    const total = await count(companies);
    const again = (await upload(fixture('companies.xlsx'), 'a.xlsx')).json();
    expect(again).toMatchObject({ added: 0, skipped: 4, duplicates: 6 });
    expect(again.duplicateRows).toEqual([
      { row: 2, email: 'hr@ufuq.example' },
      { row: 3, email: 'jobs@noname.example' },
      { row: 8, email: 'hr@ufuq.example', firstRow: 2 },
      { row: 9, email: 'existing@directory.example' },
      { row: 10, email: 'spaced@firm.example' },
      { row: 12, email: 'last@firm.example' },
    ]);
    expect(await count(companies)).toBe(total);
  });

  it('gives rows without a package, or with an unknown one, the default package; a named package still wins', async () => {
    const res = await upload(fixture('companies.xlsx'), 'a.xlsx', { defaultPackageId: await packageId('باقة التميز') });
    expect(res.json()).toMatchObject({
      added: 6,
      skipped: 2,
      skippedRows: [
        { row: 4, reason: 'EMAIL_MISSING' },
        { row: 5, reason: 'EMAIL_INVALID' },
      ],
    });
    expect(await directoryRow('unknown-package@firm.example')).toMatchObject({ packageName: 'باقة التميز' });
    expect(await directoryRow('no-package@firm.example')).toMatchObject({ packageName: 'باقة التميز' });
    expect(await directoryRow('jobs@noname.example')).toMatchObject({ packageName: 'باقة البداية' });
  });

  it('reads a real .xls (BIFF8) exactly like the .xlsx', async () => {
    const res = await upload(fixture('companies.xls'), 'companies.xls');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject(expectedWithoutDefault);
    expect(await directoryRow('hr@ufuq.example')).toMatchObject({ name: 'شركة الأفق للتقنية', packageName: 'باقة نمو' });
  });

  it('needs a default package when the sheet has no package column', async () => {
    const files = await count(excelFiles);
    const refused = await upload(fixture('no-package-column.xlsx'), 'b.xlsx');
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({ code: 'EXCEL_PACKAGE_REQUIRED' });
    expect(await count(excelFiles)).toBe(files);

    const res = await upload(fixture('no-package-column.xlsx'), 'b.xlsx', { defaultPackageId: await packageId('باقة نمو') });
    expect(res.json()).toMatchObject({ added: 2, skipped: 0, duplicates: 0 });
    expect(await directoryRow('second@nocolumn.example')).toMatchObject({ packageName: 'باقة نمو', sector: 'الصحة' });
  });

  it('answers EXCEL_EMPTY for a header without rows, a sheet of blank rows, and a zero-byte file', async () => {
    const files = await count(excelFiles);
    for (const [file, name] of [
      [fixture('header-only.xlsx'), 'h.xlsx'],
      [workbook([HEADER, [], ['', '  ']]), 'blank.xlsx'],
      [Buffer.alloc(0), 'zero.xlsx'],
    ] as const) {
      const res = await upload(file, name);
      expect(res.statusCode, name).toBe(422);
      expect(res.json()).toEqual({ code: 'EXCEL_EMPTY' });
    }
    expect(await count(excelFiles)).toBe(files);
  });

  it('refuses an unknown default package, the admin package as a default, and a malformed id', async () => {
    const [adminPackage] = await ctx.db.select({ id: packages.id }).from(packages).where(eq(packages.name, 'admin'));
    for (const id of ['00000000-0000-4000-8000-000000000000', adminPackage?.id as string, 'not-a-uuid']) {
      const res = await upload(fixture('companies.xlsx'), 'a.xlsx', { defaultPackageId: id });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ code: 'PACKAGE_NOT_FOUND' });
    }
    expect(await directoryRow('hr@ufuq.example')).toBeUndefined();
  });

  it('adds each company once when the same file is uploaded twice at the same moment', async () => {
    const [a, b] = await Promise.all([upload(fixture('companies.xlsx'), 'a.xlsx'), upload(fixture('companies.xlsx'), 'b.xlsx')]);
    expect(a.json().added + b.json().added).toBe(4);
    const rows = await ctx.db
      .select()
      .from(companies)
      .where(inArray(sql`lower(${companies.email})`, FIXTURE_EMAILS));
    expect(rows).toHaveLength(4);
  });
});

describe('POST /api/admin/companies/import — files it refuses', () => {
  it('refuses names that do not end in .xlsx or .xls, whatever the content', async () => {
    for (const name of ['companies.csv', 'companies.xlsx.pdf', 'companies', 'companies.xlsm']) {
      const res = await upload(fixture('companies.xlsx'), name);
      expect(res.statusCode, name).toBe(400);
      expect(res.json()).toEqual({ code: 'EXCEL_FILE_TYPE' });
    }
  });

  it('refuses files that are not really workbooks: text, an image, another zip, a truncated workbook', async () => {
    const png = Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex');
    const otherZip = zip([{ name: 'word/document.xml', data: Buffer.from('<w/>'), method: 0, declaredSize: 4 }]);
    const real = fixture('companies.xlsx');
    for (const [file, name] of [
      [fixture('companies.csv'), 'companies.xlsx'],
      [png, 'logo.xls'],
      [otherZip, 'letter.xlsx'],
      [real.subarray(0, real.length / 2), 'half.xlsx'],
    ] as const) {
      const res = await upload(file, name);
      expect(res.statusCode, name).toBe(400);
      expect(res.json()).toEqual({ code: 'EXCEL_NOT_SPREADSHEET' });
    }
  });

  it('answers EXCEL_UNREADABLE when the workbook container is right but its content is not', async () => {
    const ole = Buffer.concat([Buffer.from('d0cf11e0a1b11ae1', 'hex'), Buffer.alloc(2048, 7)]);
    const res = await upload(ole, 'broken.xls');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ code: 'EXCEL_UNREADABLE' });
  });

  it('refuses a zip bomb before parsing, whether its headers tell the truth or lie', async () => {
    const overLimit = EXCEL_MAX_UNCOMPRESSED_BYTES + MB;
    for (const declared of [overLimit, 1000]) {
      const started = Date.now();
      const res = await upload(await zipBomb(overLimit, declared), 'bomb.xlsx');
      expect(res.statusCode, `declared ${declared}`).toBe(400);
      expect(res.json()).toEqual({ code: 'EXCEL_UNCOMPRESSED_TOO_LARGE' });
      expect(Date.now() - started).toBeLessThan(15_000);
    }
  });

  it('refuses a zip whose local headers disagree with its directory (a bomb listed as stored, 0 bytes)', async () => {
    const workbookXml = Buffer.from('<workbook/>');
    const sheet = await deflatedZeros(50 * MB);
    const lying = zip([
      { name: 'xl/workbook.xml', data: workbookXml, method: 0, declaredSize: workbookXml.length },
      { name: 'xl/worksheets/sheet1.xml', data: sheet, method: 8, declaredSize: 50 * MB, central: { method: 0, declaredSize: 0 } },
    ]);
    const res = await upload(lying, 'lying.xlsx');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ code: 'EXCEL_NOT_SPREADSHEET' });
  });

  it('imports addresses as people paste them, refuses ones the sender could not use, and drops control characters', async () => {
    const res = await upload(
      workbook([
        HEADER,
        ['شركة اللصق', ' mailto:HR@Paste.example; '],
        ['شركة الفاصلة', 'a,b@comma.example'],
        ['شركة الاسم', 'Jobs <jobs@named.example>'],
        ['شركة\u0000 الصفر', 'hr@nul.example'],
      ]),
      'paste.xlsx',
      { defaultPackageId: await packageId('باقة البداية') },
    );
    expect(res.statusCode, res.body).toBe(200);
    const rows = await ctx.db
      .select()
      .from(companies)
      .where(inArray(companies.email, ['hr@paste.example', 'hr@nul.example']));
    expect(rows.map((r) => [r.email, r.name]).sort()).toEqual([
      ['hr@nul.example', 'شركة الصفر'],
      ['hr@paste.example', 'شركة اللصق'],
    ]);
    expect(res.json().skippedRows).toEqual([
      { row: 3, reason: 'EMAIL_INVALID' },
      { row: 4, reason: 'EMAIL_INVALID' },
    ]);
  });

  it('refuses an .xlsx over 10 MB and an .xls over 20 MB', async () => {
    for (const [size, name] of [
      [10 * MB + 1, 'big.xlsx'],
      [20 * MB + 1, 'big.xls'],
    ] as const) {
      const res = await upload(Buffer.alloc(size, 1), name);
      expect([res.statusCode, res.json()], name).toEqual([413, { code: 'EXCEL_FILE_TOO_LARGE' }]);
    }
  });

  it('accepts a real .xls past the .xlsx limit: the format keeps no compression', async () => {
    // 2,000 companies with twelve notes each (columns the import does not read; the library writes at most 255
    // characters a cell to an .xls): about 12 MB as .xls.
    const note = (row: number, column: number) => `ملاحظة ${row}-${column} `.repeat(30).slice(0, 250);
    const notes = (row: number) => Array.from({ length: 12 }, (_, column) => note(row, column));
    const rows = Array.from({ length: 2_000 }, (_, i) => [
      `شركة طويلة ${i}`,
      `long${i}@xls.example`,
      'تقنية',
      'الرياض',
      'باقة نمو',
      ...notes(i),
    ]);
    const file = workbook([[...HEADER, ...Array.from({ length: 12 }, () => 'ملاحظات')], ...rows], 'xls');
    expect(file.length).toBeGreaterThan(10 * MB);
    expect(file.length).toBeLessThan(20 * MB);
    const res = await upload(file, 'long-notes.xls');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ rows: 2_000, added: 2_000, skipped: 0 });
    expect(await directoryRow('long1999@xls.example')).toEqual({
      name: 'شركة طويلة 1999',
      sector: 'تقنية',
      location: 'الرياض',
      packageName: 'باقة نمو',
    });
    await ctx.db.delete(companies).where(sql`${companies.email} like '%@xls.example'`);
  }, 60_000);

  it('refuses a real sheet of 100,001 rows and writes nothing', async () => {
    const rows: string[][] = [['البريد الإلكتروني']];
    for (let i = 0; i < 100_001; i++) rows.push([`r${i}@bulk.example`]);
    const before = await count(companies);
    const res = await upload(workbook(rows), 'bulk.xlsx', { defaultPackageId: await packageId('باقة نمو') });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ code: 'EXCEL_TOO_MANY_ROWS' });
    expect(await count(companies)).toBe(before);
  }, 60_000);

  it('accepts exactly the row limit and refuses one more (limit injected)', async () => {
    const rows = (n: number) => [
      HEADER,
      ...Array.from({ length: n }, (_, i) => [`حد ${i}`, `limit${n}-${i}@cap.example`, '', '', 'باقة نمو']),
    ];
    const input = { actor: admin, filename: 'cap.xlsx', defaultPackageId: null, limits: { maxRows: 5 } };
    expect((await importCompanies(ctx.db, { ...input, buffer: workbook(rows(5)) })).added).toBe(5);
    await expect(importCompanies(ctx.db, { ...input, buffer: workbook(rows(6)) })).rejects.toMatchObject({ code: 'EXCEL_TOO_MANY_ROWS' });
    await expect(importCompanies(ctx.db, { ...input, buffer: workbook(rows(6), 'xls') })).rejects.toMatchObject({
      code: 'EXCEL_TOO_MANY_ROWS',
    });
  });

  it('answers EXCEL_FILE_MISSING without a file part, and keeps non-admins out', async () => {
    const noFile = multipart([{ name: 'defaultPackageId', content: '' }]);
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/admin/companies/import',
      headers: { cookie: admin.cookie, ...noFile.headers },
      payload: noFile.payload,
    });
    expect(res.json()).toEqual({ code: 'EXCEL_FILE_MISSING' });
    const user = await signedInUser(ctx);
    expect((await upload(fixture('companies.xlsx'), 'a.xlsx', {}, user.cookie)).statusCode).toBe(403);
    expect((await upload(fixture('companies.xlsx'), 'a.xlsx', {}, '')).statusCode).toBe(401);
    expect(await directoryRow('hr@ufuq.example')).toBeUndefined();
  });
});

describe('all or nothing', () => {
  async function withFailingInsertOf(email: string, run: () => Promise<void>) {
    // A real database failure on one row: the trigger raises as PostgreSQL would on any write error.
    await ctx.db.execute(
      sql.raw(`create function fail_import() returns trigger language plpgsql as $$
      begin if lower(new.email) = '${email}' then raise exception 'simulated write failure'; end if; return new; end $$`),
    );
    await ctx.db.execute(sql`create trigger fail_import before insert on companies for each row execute function fail_import()`);
    try {
      await run();
    } finally {
      await ctx.db.execute(sql`drop trigger fail_import on companies`);
      await ctx.db.execute(sql`drop function fail_import()`);
    }
  }

  it('rolls back every row, the excel_files record and the audit entry when a write fails', async () => {
    const before = { companies: await count(companies), files: await count(excelFiles), audit: await count(auditLog) };
    await withFailingInsertOf('last@firm.example', async () => {
      const res = await upload(fixture('companies.xlsx'), 'a.xlsx');
      expect(res.statusCode).toBe(500);
      expect(res.json()).toEqual({ code: 'COMPANIES_IMPORT_FAILED' });
      // Batches of two rows (in e-mail order): the failing row is in the second batch, after the first was written.
      const direct = importCompanies(ctx.db, {
        actor: admin,
        filename: 'a.xlsx',
        buffer: fixture('companies.xlsx'),
        defaultPackageId: null,
        limits: { batchSize: 2 },
      });
      await expect(direct).rejects.toMatchObject({ code: 'COMPANIES_IMPORT_FAILED' });
    });
    expect({ companies: await count(companies), files: await count(excelFiles), audit: await count(auditLog) }).toEqual(before);
    expect(await directoryRow('hr@ufuq.example')).toBeUndefined();
  });
});

describe('a large import beside other requests', () => {
  const rows = (tag: string, n: number) => [
    HEADER,
    ...Array.from({ length: n }, (_, i) => [`شركة ${i}`, `${tag}${i}@batches.example`, '', '', 'باقة نمو']),
  ];
  const directoryTotal = async (tag: string) => {
    const res = await ctx.app.inject({
      method: 'GET',
      url: `/api/admin/companies?search=${tag}&page=1`,
      headers: { cookie: admin.cookie },
    });
    return res.json().total as number;
  };

  it('lets other requests through between its batches instead of after the whole import', async () => {
    const n = 5000;
    let finished = false;
    const importing = upload(workbook(rows('between', n)), 'between.xlsx').finally(() => {
      finished = true;
    });
    // On PGlite one transaction for the whole file held the only connection: other requests waited for all of
    // it and only ever saw none or all of its rows. Between batches they are answered, and see part of it.
    const seen: number[] = [];
    while (!finished) seen.push(await directoryTotal('between'));
    expect((await importing).statusCode).toBe(200);
    expect(await directoryTotal('between')).toBe(n);
    expect(seen.filter((total) => total > 0 && total < n).length, `totals seen during the import: ${seen.join(', ')}`).toBeGreaterThan(0);
  }, 60_000);

  it('reports its progress as lines when asked for application/x-ndjson, then the result', async () => {
    const n = 2500;
    const body = multipart([{ name: 'file', filename: 'progress.xlsx', content: workbook(rows('progress', n)) }]);
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/admin/companies/import',
      headers: { cookie: admin.cookie, accept: 'application/x-ndjson', ...body.headers },
      payload: body.payload,
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/x-ndjson/);
    const lines = res.body
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line));
    // Batches of 250 on PGlite (each holds the only connection), of 2,000 on PostgreSQL.
    const batchSize = IMPORT_BATCH_SIZE[ctx.handle.kind];
    const written = Array.from({ length: Math.ceil(n / batchSize) }, (_, i) => Math.min(n, (i + 1) * batchSize));
    expect(lines.slice(0, -1)).toEqual([0, ...written].map((done) => ({ progress: { done, total: n } })));
    expect(lines.at(-1)).toMatchObject({ result: { rows: n, added: n, skipped: 0, duplicates: 0 } });
    expect(await directoryTotal('progress')).toBe(n);
  }, 60_000);

  it('still refuses a file it cannot read with its own status when progress is asked for', async () => {
    const body = multipart([{ name: 'file', filename: 'empty.xlsx', content: fixture('header-only.xlsx') }]);
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/admin/companies/import',
      headers: { cookie: admin.cookie, accept: 'application/x-ndjson', ...body.headers },
      payload: body.payload,
    });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({ code: 'EXCEL_EMPTY' });
  });

  it('ends the progress stream with an error line, and takes the written rows back, when a write fails', async () => {
    // late999 is the last address in e-mail order, so it fails in the last batch on either database.
    await ctx.db.execute(
      sql.raw(`create function fail_late() returns trigger language plpgsql as $$
      begin if lower(new.email) = 'late999@batches.example' then raise exception 'simulated write failure'; end if; return new; end $$`),
    );
    await ctx.db.execute(sql`create trigger fail_late before insert on companies for each row execute function fail_late()`);
    try {
      const body = multipart([{ name: 'file', filename: 'late.xlsx', content: workbook(rows('late', 3000)) }]);
      const res = await ctx.app.inject({
        method: 'POST',
        url: '/api/admin/companies/import',
        headers: { cookie: admin.cookie, accept: 'application/x-ndjson', ...body.headers },
        payload: body.payload,
      });
      const lines = res.body
        .trim()
        .split('\n')
        .map((line) => JSON.parse(line));
      expect(lines.at(-1)).toEqual({ error: { code: 'COMPANIES_IMPORT_FAILED' } });
      expect(lines.some((line) => line.progress?.done > 0)).toBe(true);
    } finally {
      await ctx.db.execute(sql`drop trigger fail_late on companies`);
      await ctx.db.execute(sql`drop function fail_late()`);
    }
    expect(await directoryTotal('late')).toBe(0);
  }, 60_000);
});

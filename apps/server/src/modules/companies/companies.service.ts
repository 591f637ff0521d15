import { ADMIN_COMPANIES_COUNT_LIMIT, ADMIN_COMPANIES_PAGE_SIZE, ADMIN_COMPANIES_SEARCH_COUNT_LIMIT, ADMIN_PACKAGE } from '@sira/shared';
import { checkCompanyInput, UNSPECIFIED } from '@sira/shared/messages/companies-admin';
import type { AdminCompaniesPage, AdminCompany, AdminCompanyBody, CompanyPackageOption } from '@sira/shared/schemas/companies-admin';
import { and, asc, desc, eq, gte, like, lte, ne, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Database } from '../../db/client';
import { companies, companyOptOuts, packages } from '../../db/schema';
import { recordAudit } from '../../lib/audit';
import { AppError } from '../../lib/errors';
import { cappedCount, decodeCursor, fingerprintOf, keysetPage } from '../../lib/keyset';
import { companyText } from './company-text';
import { packageKey } from './import-plan';

type Actor = { id: string; email: string };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The LIKE pattern for `companies.search_text` (lower-cased name and e-mail): the search lower-cased the same
 * way by the database, with `%`, `_` and `\` typed in the search box looked for literally. Control characters
 * are dropped: no company text holds one, and the one between name and e-mail must not be matched.
 */
const searchPattern = (text: string) => sql`lower(${`%${text.replace(/\p{Cc}/gu, '').replace(/[\\%_]/g, (c) => `\\${c}`)}%`})`;

const companyColumns = {
  id: companies.id,
  name: companies.name,
  email: companies.email,
  sector: companies.sector,
  location: companies.location,
  packageId: companies.packageId,
  packageName: packages.name,
  hardFailures: companies.hardFailures,
  // The receiver asked for no more CVs at this address (ADR 013): no user's send reaches it any more.
  optedOut: sql<boolean>`exists (select 1 from ${companyOptOuts} where ${companyOptOuts.email} = lower(${companies.email}))`,
  updatedAt: companies.updatedAt,
};

const toDto = (row: Omit<AdminCompany, 'updatedAt'> & { updatedAt: Date }): AdminCompany => ({
  ...row,
  updatedAt: row.updatedAt.toISOString(),
});

/**
 * One page of the directory (spec §7 "admin list"): name or e-mail contains the search text
 * (case-insensitive), optionally one package, ordered by name then id, read by key from the page the cursor
 * names (lib/keyset.ts: no OFFSET, so any page costs what the first does, 1,000,000 companies or 1,000). The
 * total is exact up to `countLimits` (a search's is lower: each match is a LIKE) and the planner's estimate
 * past it, said to be one (`totalIsEstimate`): an exact count of every company cost more than the page.
 */
export async function listCompanies(
  db: Database,
  query: { search?: string | undefined; packageId?: string | undefined; cursor?: string | undefined; pageSize?: number },
  countLimits = { all: ADMIN_COMPANIES_COUNT_LIMIT, search: ADMIN_COMPANIES_SEARCH_COUNT_LIMIT },
): Promise<AdminCompaniesPage> {
  const search = query.search?.trim();
  const matches = search ? like(companies.searchText, searchPattern(search)) : undefined;
  const where = and(matches, query.packageId ? eq(companies.packageId, query.packageId) : undefined);
  // The page reads one package as "= any(array[…])": with "=" the planner drops the package from the order
  // (one value) and, ordering by name alone, walked companies_name_idx skipping the other packages' rows —
  // 250,000 of them (0.45–1.3 s) before the last page of a package whose companies sort early, at 1,000,000
  // companies. With the package first in the order it reads companies_package_name_idx: 2 ms.
  const pageWhere = and(matches, query.packageId ? sql`${companies.packageId} = any(array[${query.packageId}]::uuid[])` : undefined);

  const fingerprint = fingerprintOf('companies', search ?? '', query.packageId ?? '');
  const cursor = decodeCursor(query.cursor, companyKey, fingerprint);
  type Row = Awaited<ReturnType<typeof readRows>>[number];
  const readRows = async ({
    key,
    inclusive,
    backward,
    limit,
  }: {
    key?: CompanyKey;
    inclusive?: boolean;
    backward?: boolean;
    limit: number;
  }) => {
    // The name alone as well: a bound that companies_package_name_idx (package_id, name) can start from too.
    const beyond = key
      ? and(
          sql`(${companies.name}, ${companies.id}) ${backward ? sql`<` : inclusive ? sql`>=` : sql`>`} (${key[0]}, ${key[1]}::uuid)`,
          backward ? lte(companies.name, key[0]) : gte(companies.name, key[0]),
        )
      : undefined;
    const way = backward ? desc : asc;
    // Within one package, ordered by it first: one value, so the same rows in the same order (see pageWhere).
    const order = [...(query.packageId ? [way(companies.packageId)] : []), way(companies.name), way(companies.id)];
    const within = and(pageWhere, beyond);
    const rowsOf = (ids?: string[]) =>
      db
        .select(companyColumns)
        .from(companies)
        .innerJoin(packages, eq(packages.id, companies.packageId))
        .where(ids ? sql`${companies.id} = any(${sql.param(ids)}::uuid[])` : within)
        .orderBy(...order)
        .limit(limit);
    // A search is read as planned (a rare word's few matches are found by the trigram index and sorted), and
    // the whole directory in companies_name_idx order, which is the order asked for.
    if (search || !query.packageId) return rowsOf();
    // Within a package the page is the next rows of companies_package_name_idx, read in its order: misjudging
    // how many names lie before a key (2,500 for 50,000 at 1,000,000 companies), the planner fetched the
    // whole range through companies_name_idx and sorted it (0.2–0.8 s for a previous page). Sorting is ruled
    // out for that read, which takes ids only (joined to packages it found another way round), then the rows
    // are read by id.
    const ids = await db.transaction(async (tx) => {
      await tx.execute(sql`set local enable_sort = off`);
      return tx
        .select({ id: companies.id })
        .from(companies)
        .where(within)
        .orderBy(...order)
        .limit(limit);
    });
    return ids.length ? rowsOf(ids.map((row) => row.id)) : [];
  };
  const page = await keysetPage<Row, CompanyKey>(
    {
      fingerprint,
      keyOf: (row) => [row.name, row.id],
      read: readRows,
      count: () => cappedCount(db, sql`${companies}`, where, search ? countLimits.search : countLimits.all),
    },
    cursor,
    query.pageSize ?? ADMIN_COMPANIES_PAGE_SIZE,
  );
  return { ...page, items: page.items.map(toDto) };
}

/** A directory row's place in its order: name, then id between equal names. */
const companyKey = z.tuple([z.string().max(1000), z.uuid()]);
type CompanyKey = z.output<typeof companyKey>;

/** Every package a company may belong to: all but the administrators' one. */
export async function listCompanyPackages(db: Database): Promise<CompanyPackageOption[]> {
  return db
    .select({ id: packages.id, name: packages.name })
    .from(packages)
    .where(ne(packages.name, ADMIN_PACKAGE))
    .orderBy(asc(packages.price), asc(packages.name));
}

export async function findCompanyPackage(db: Database, id: string): Promise<CompanyPackageOption | undefined> {
  if (!UUID.test(id)) return undefined;
  const [row] = await db
    .select({ id: packages.id, name: packages.name })
    .from(packages)
    .where(and(eq(packages.id, id), ne(packages.name, ADMIN_PACKAGE)));
  return row;
}

/** Package ids by normalised name, for matching a sheet's "الباقة" column. */
export async function companyPackageMap(db: Database): Promise<Map<string, string>> {
  return new Map((await listCompanyPackages(db)).map((p) => [packageKey(p.name), p.id]));
}

/** Applies the add/edit rule (spec §5) and returns the row to write. */
async function validCompany(db: Database, raw: AdminCompanyBody) {
  // Cleaned as an imported cell is, before the rule: the same company text whichever way it arrives.
  const body = {
    ...raw,
    name: companyText(raw.name),
    email: companyText(raw.email),
    sector: raw.sector === undefined || raw.sector === null ? raw.sector : companyText(raw.sector),
    location: raw.location === undefined || raw.location === null ? raw.location : companyText(raw.location),
  };
  const rule = checkCompanyInput(body);
  if (rule) throw new AppError(400, rule);
  if (!body.packageId || !(await findCompanyPackage(db, body.packageId))) throw new AppError(400, 'PACKAGE_NOT_FOUND');
  return {
    name: body.name,
    email: body.email.toLowerCase(),
    sector: body.sector || UNSPECIFIED,
    location: body.location || UNSPECIFIED,
    packageId: body.packageId,
  };
}

async function readCompany(db: Database, id: string): Promise<AdminCompany | undefined> {
  if (!UUID.test(id)) return undefined;
  const [row] = await db
    .select(companyColumns)
    .from(companies)
    .innerJoin(packages, eq(packages.id, companies.packageId))
    .where(eq(companies.id, id));
  return row ? toDto(row) : undefined;
}

async function readCompanyOrThrow(db: Database, id: string): Promise<AdminCompany> {
  const company = await readCompany(db, id);
  if (!company) throw new AppError(404, 'COMPANY_NOT_FOUND');
  return company;
}

export async function createCompany(db: Database, actor: Actor, body: AdminCompanyBody): Promise<AdminCompany> {
  const values = await validCompany(db, body);
  const id = await withUniqueEmail(() =>
    db.transaction(async (tx) => {
      const [row] = await tx.insert(companies).values(values).returning({ id: companies.id });
      if (!row) throw new Error('company insert returned nothing');
      await recordAudit(tx, { actor, action: 'companies.create', entity: 'companies', entityId: row.id, after: values });
      return row.id;
    }),
  );
  return readCompanyOrThrow(db, id);
}

export async function updateCompany(db: Database, actor: Actor, id: string, body: AdminCompanyBody): Promise<AdminCompany> {
  const values = await validCompany(db, body);
  await withUniqueEmail(() =>
    db.transaction(async (tx) => {
      const before = await readCompany(tx, id);
      if (!before) throw new AppError(404, 'COMPANY_NOT_FOUND');
      const updated = await tx.update(companies).set(values).where(eq(companies.id, id)).returning({ id: companies.id });
      // Deleted by someone else between the read and the write.
      if (updated.length === 0) throw new AppError(404, 'COMPANY_NOT_FOUND');
      await recordAudit(tx, { actor, action: 'companies.update', entity: 'companies', entityId: id, before, after: values });
    }),
  );
  return readCompanyOrThrow(db, id);
}

export async function deleteCompany(db: Database, actor: Actor, id: string): Promise<void> {
  await db.transaction(async (tx) => {
    const before = await readCompany(tx, id);
    if (!before) throw new AppError(404, 'COMPANY_NOT_FOUND');
    const deleted = await tx.delete(companies).where(eq(companies.id, id)).returning({ id: companies.id });
    if (deleted.length === 0) throw new AppError(404, 'COMPANY_NOT_FOUND');
    await recordAudit(tx, { actor, action: 'companies.delete', entity: 'companies', entityId: id, before });
  });
}

/** Turns the directory's unique-e-mail violation into COMPANY_EMAIL_TAKEN; the unique index is the judge. */
async function withUniqueEmail<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError(409, 'COMPANY_EMAIL_TAKEN');
    throw error;
  }
}

function isUniqueViolation(error: unknown): boolean {
  for (let e = error as { code?: unknown; cause?: unknown } | undefined, depth = 0; e && depth < 5; depth++) {
    if (e.code === '23505') return true;
    e = e.cause as typeof e;
  }
  return false;
}

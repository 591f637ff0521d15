import { ADMIN_PACKAGE, FREE_PACKAGE, PAYLINK_MIN_AMOUNT } from '@sira/shared';
import { UNSPECIFIED } from '@sira/shared/messages/companies-admin';
import { checkOwnCompanyInput, OWN_LIST_MAX_BYTES, OWN_LIST_MAX_ROWS } from '@sira/shared/messages/own-companies';
import type { OwnCompaniesPage, OwnCompaniesSummary, OwnCompany, OwnCompanyBody, OwnUpload } from '@sira/shared/schemas/own-companies';
import { and, asc, desc, eq, gte, notInArray, or, type SQL, sql } from 'drizzle-orm';
import { z } from 'zod';
import { type Database, rowsOf } from '../../db/client';
import { excelFiles, packages, profiles, userCompanies } from '../../db/schema';
import { AppError } from '../../lib/errors';
import { decodeCursor, fingerprintOf, keysetPage } from '../../lib/keyset';
import { companyText } from '../companies/company-text';
import { stillReachable } from '../sending/contacted';

/** Rows per page of the list. */
export const OWN_LIST_PAGE_SIZE = 100;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** This user has a message to the row's address that did not fail (contacted.ts's contacted set, by address). */
const contactedSql = (profileId: string) => sql<boolean>`exists (
  select 1 from deliveries d
  where d.profile_id = ${profileId} and d.status <> 'failed' and lower(d.recipient_email) = lower(${userCompanies.email}))`;

const ownColumns = (profileId: string) => ({
  id: userCompanies.id,
  name: userCompanies.name,
  email: userCompanies.email,
  sector: userCompanies.sector,
  city: userCompanies.location,
  contactName: userCompanies.contactName,
  hardFailures: userCompanies.hardFailures,
  suggestion: userCompanies.suggestion,
  contacted: contactedSql(profileId),
  createdAt: userCompanies.createdAt,
});

type OwnRow = Omit<OwnCompany, 'createdAt' | 'suggestion'> & { createdAt: Date; suggestion: string | null };

const toDto = (row: OwnRow): OwnCompany => ({
  ...row,
  contacted: !!row.contacted,
  suggestion: row.suggestion as OwnCompany['suggestion'],
  createdAt: row.createdAt.toISOString(),
});

/** The package's can_upload_excel: whether this user may upload and add (ADR 029). */
export async function ownListAllowed(db: Database, profileId: string): Promise<boolean> {
  const [row] = await db
    .select({ allowed: packages.canUploadExcel })
    .from(profiles)
    .innerJoin(packages, eq(packages.id, profiles.packageId))
    .where(eq(profiles.id, profileId));
  return !!row?.allowed;
}

/** Refuses an upload or an addition when the package does not include the list. */
export async function requireOwnListAllowed(db: Database, profileId: string): Promise<void> {
  if (!(await ownListAllowed(db, profileId))) throw new AppError(403, 'OWN_LIST_NOT_IN_PACKAGE');
}

/** What the page shows above the list: whether it may grow, the packages that allow it, and its counts. */
export async function ownCompaniesSummary(db: Database, profileId: string): Promise<OwnCompaniesSummary> {
  const reachable = stillReachable(profileId);
  const [allowed, packagesWithFeature, [counts]] = await Promise.all([
    ownListAllowed(db, profileId),
    // As /pricing lists packages (packages.service.ts), those that include the list.
    db
      .select({ id: packages.id, name: packages.name, price: packages.price })
      .from(packages)
      .where(
        and(
          eq(packages.canUploadExcel, true),
          notInArray(packages.name, [ADMIN_PACKAGE, FREE_PACKAGE]),
          or(eq(packages.price, 0), gte(packages.price, PAYLINK_MIN_AMOUNT)),
        ),
      )
      .orderBy(asc(packages.price), asc(packages.name)),
    // Reachable: the one rule a send takes the list by (sending/contacted.ts), so the number shown is the
    // number a send to the list schedules.
    db.execute(sql`
      with ${reachable.with}
      select count(*)::int as total, (count(*) filter (where ${reachable.own}))::int as reachable
      from user_companies u where u.profile_id = ${profileId}`),
  ]).then(([a, p, c]) => [a, p, rowsOf<{ total: number; reachable: number }>(c)] as const);
  return {
    allowed,
    packagesWithFeature,
    total: Number(counts?.total ?? 0),
    reachable: Number(counts?.reachable ?? 0),
    maxRows: OWN_LIST_MAX_ROWS,
    maxBytes: { ...OWN_LIST_MAX_BYTES },
  };
}

/** A row's place in the list's order: name, then id between equal names. */
const ownKey = z.tuple([z.string().max(1000), z.uuid()]);
type OwnKey = z.output<typeof ownKey>;

/** `%`, `_` and `\` typed in the search box are looked for literally; the match ignores case. */
const likePattern = (text: string) =>
  `%${text
    .replace(/\p{Cc}/gu, '')
    .replace(/[\\%_]/g, (c) => `\\${c}`)
    .toLowerCase()}%`;

/**
 * One page of the user's own list, by name then id (keyset, lib/keyset.ts), searched in name and e-mail. Every
 * read is bound to the owner's id: another user's rows never match, whatever the cursor or the search.
 */
export async function listOwnCompanies(
  db: Database,
  profileId: string,
  query: { search?: string | undefined; cursor?: string | undefined },
  pageSize = OWN_LIST_PAGE_SIZE,
): Promise<OwnCompaniesPage> {
  const search = query.search?.trim();
  const pattern = search ? likePattern(search) : undefined;
  const matches: SQL | undefined = pattern
    ? sql`(lower(${userCompanies.name}) like ${pattern} or lower(${userCompanies.email}) like ${pattern})`
    : undefined;
  const where = and(eq(userCompanies.profileId, profileId), matches);
  // The owner is part of the fingerprint: a cursor made for one user's list is refused on another's.
  const fingerprint = fingerprintOf('own-companies', profileId, search ?? '');
  const cursor = decodeCursor(query.cursor, ownKey, fingerprint);
  const page = await keysetPage<OwnRow, OwnKey>(
    {
      fingerprint,
      keyOf: (row) => [row.name, row.id],
      read: async ({ key, inclusive, backward, limit }) => {
        const beyond = key
          ? sql`(${userCompanies.name}, ${userCompanies.id}) ${backward ? sql`<` : inclusive ? sql`>=` : sql`>`} (${key[0]}, ${key[1]}::uuid)`
          : undefined;
        const way = backward ? desc : asc;
        return db
          .select(ownColumns(profileId))
          .from(userCompanies)
          .where(and(where, beyond))
          .orderBy(way(userCompanies.name), way(userCompanies.id))
          .limit(limit);
      },
      // A list holds OWN_LIST_MAX_ROWS at most: counted exactly.
      count: async () => {
        const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(userCompanies).where(where);
        return { total: Number(row?.n ?? 0), isEstimate: false };
      },
    },
    cursor,
    pageSize,
  );
  return { ...page, items: page.items.map(toDto) };
}

/** One of the owner's rows; undefined for an unknown id and for another user's alike. */
async function readOwnCompany(db: Database, profileId: string, id: string): Promise<OwnCompany | undefined> {
  if (!UUID.test(id)) return undefined;
  const [row] = await db
    .select(ownColumns(profileId))
    .from(userCompanies)
    .where(and(eq(userCompanies.id, id), eq(userCompanies.profileId, profileId)));
  return row ? toDto(row) : undefined;
}

/** The admin form's rule (name and a well-formed address), on text cleaned as an imported cell is. */
function validOwnCompany(raw: OwnCompanyBody) {
  const clean = (value: string | null | undefined) => (value === undefined || value === null ? '' : companyText(value));
  const body = { name: clean(raw.name), email: clean(raw.email) };
  const rule = checkOwnCompanyInput(body);
  if (rule) throw new AppError(400, rule);
  return {
    name: body.name,
    email: body.email.toLowerCase(),
    sector: clean(raw.sector) || UNSPECIFIED,
    location: clean(raw.city) || UNSPECIFIED,
    contactName: clean(raw.contactName) || null,
  };
}

/**
 * Takes the owner's profile row for the length of a write that counts the list: two additions or uploads of
 * one user then follow each other, and the list never passes OWN_LIST_MAX_ROWS between a count and an insert.
 */
export async function lockOwner(tx: Database, profileId: string): Promise<void> {
  await tx.execute(sql`select 1 from profiles where id = ${profileId} for update`);
}

export async function ownListSize(tx: Database, profileId: string): Promise<number> {
  const [row] = await tx.select({ n: sql<number>`count(*)::int` }).from(userCompanies).where(eq(userCompanies.profileId, profileId));
  return Number(row?.n ?? 0);
}

export async function createOwnCompany(db: Database, profileId: string, body: OwnCompanyBody): Promise<OwnCompany> {
  await requireOwnListAllowed(db, profileId);
  const values = validOwnCompany(body);
  const id = await withUniqueEmail(() =>
    db.transaction(async (tx) => {
      await lockOwner(tx, profileId);
      if ((await ownListSize(tx, profileId)) >= OWN_LIST_MAX_ROWS) throw new AppError(409, 'OWN_LIST_FULL');
      const [row] = await tx
        .insert(userCompanies)
        .values({ ...values, profileId })
        .returning({ id: userCompanies.id });
      if (!row) throw new Error('user_companies insert returned nothing');
      return row.id;
    }),
  );
  return readOwnOrThrow(db, profileId, id);
}

export async function updateOwnCompany(db: Database, profileId: string, id: string, body: OwnCompanyBody): Promise<OwnCompany> {
  // An unknown id answers 404 before the package's 403: a user without the feature learns nothing either way.
  if (!(await readOwnCompany(db, profileId, id))) throw new AppError(404, 'OWN_COMPANY_NOT_FOUND');
  await requireOwnListAllowed(db, profileId);
  const values = validOwnCompany(body);
  await withUniqueEmail(async () => {
    const updated = await db
      .update(userCompanies)
      .set(values)
      .where(and(eq(userCompanies.id, id), eq(userCompanies.profileId, profileId)))
      .returning({ id: userCompanies.id });
    if (updated.length === 0) throw new AppError(404, 'OWN_COMPANY_NOT_FOUND');
  });
  return readOwnOrThrow(db, profileId, id);
}

/** Allowed whatever the package: the list is the user's data. Deliveries already made keep their snapshot. */
export async function deleteOwnCompany(db: Database, profileId: string, id: string): Promise<void> {
  if (!UUID.test(id)) throw new AppError(404, 'OWN_COMPANY_NOT_FOUND');
  const deleted = await db
    .delete(userCompanies)
    .where(and(eq(userCompanies.id, id), eq(userCompanies.profileId, profileId)))
    .returning({ id: userCompanies.id });
  if (deleted.length === 0) throw new AppError(404, 'OWN_COMPANY_NOT_FOUND');
}

async function readOwnOrThrow(db: Database, profileId: string, id: string): Promise<OwnCompany> {
  const row = await readOwnCompany(db, profileId, id);
  if (!row) throw new AppError(404, 'OWN_COMPANY_NOT_FOUND');
  return row;
}

/** The user's own uploads, newest first. */
export async function listOwnUploads(db: Database, profileId: string): Promise<OwnUpload[]> {
  const rows = await db
    .select({
      id: excelFiles.id,
      filename: excelFiles.filename,
      createdAt: excelFiles.createdAt,
      added: excelFiles.rowsAdded,
      skipped: excelFiles.rowsSkipped,
    })
    .from(excelFiles)
    .where(and(eq(excelFiles.profileId, profileId), eq(excelFiles.scope, 'own_list')))
    .orderBy(desc(excelFiles.createdAt), desc(excelFiles.id));
  return rows.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() }));
}

/**
 * Offers the owner's rows to the directory: each becomes 'pending' unless the admin already decided on it
 * (accepted and declined ones stay as they are). Ids of other users' rows match nothing; when none of the ids
 * is the user's, the answer is 404, as for one unknown row.
 */
export async function suggestOwnCompanies(db: Database, profileId: string, ids: string[]): Promise<{ suggested: number }> {
  const unique = [...new Set(ids)];
  const [counts] = rowsOf<{ mine: number; marked: number }>(
    await db.execute(sql`
      with mine as (
        select id from user_companies where profile_id = ${profileId} and id = any(${sql.param(unique)}::uuid[])),
      marked as (
        update user_companies set suggestion = 'pending', suggested_at = now()
        where id in (select id from mine) and suggestion is null
        returning id)
      select (select count(*)::int from mine) as mine, (select count(*)::int from marked) as marked`),
  );
  if (!counts || Number(counts.mine) === 0) throw new AppError(404, 'OWN_SUGGEST_NONE');
  return { suggested: Number(counts.marked) };
}

/** Turns the list's unique-address violation into OWN_COMPANY_EMAIL_TAKEN; the unique index is the judge. */
async function withUniqueEmail<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError(409, 'OWN_COMPANY_EMAIL_TAKEN');
    throw error;
  }
}

export function isUniqueViolation(error: unknown): boolean {
  for (let e = error as { code?: unknown; cause?: unknown } | undefined, depth = 0; e && depth < 5; depth++) {
    if (e.code === '23505') return true;
    e = e.cause as typeof e;
  }
  return false;
}

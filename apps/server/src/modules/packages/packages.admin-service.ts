import { isSellablePrice, RESERVED_PACKAGE_NAMES } from '@sira/shared';
import type { AdminPackage, AdminPackageCreate, AdminPackageUpdate } from '@sira/shared/schemas/packages-admin';
import { and, asc, eq, ne, sql } from 'drizzle-orm';
import { type Database, rowsOf } from '../../db/client';
import { packages } from '../../db/schema';
import { type AuditEntry, recordAudit } from '../../lib/audit';
import { badRequest, conflict, notFound } from '../../lib/errors';
import { stillPayableInvoice } from '../billing/reconciliation';

type Actor = AuditEntry['actor'];

const isReserved = (name: string) => RESERVED_PACKAGE_NAMES.includes(name);

const adminColumns = {
  id: packages.id,
  name: packages.name,
  price: packages.price,
  messagesLimit: packages.messagesLimit,
  features: packages.features,
  canUploadExcel: packages.canUploadExcel,
  description: packages.description,
  icon: packages.icon,
  ctaText: packages.ctaText,
  highlighted: packages.highlighted,
  originalPrice: packages.originalPrice,
  discountPercent: packages.discountPercent,
  updatedAt: packages.updatedAt,
  // Spelled out: drizzle leaves a single-table select's columns unqualified, and a bare "id" in the subquery
  // would name the inner table's column.
  profilesCount: sql<number>`(select count(*)::int from profiles p where p.package_id = "packages"."id")`,
  companiesCount: sql<number>`(select count(*)::int from companies c where c.package_id = "packages"."id")`,
};

type AdminRow = Omit<AdminPackage, 'reserved' | 'updatedAt'> & { updatedAt: Date };
const toAdminPackage = (row: AdminRow): AdminPackage => ({
  ...row,
  reserved: isReserved(row.name),
  updatedAt: row.updatedAt.toISOString(),
});

/** Every package, reserved ones included, cheapest first (spec §7 "ordered by price ascending"). */
export async function listAdminPackages(db: Database): Promise<AdminPackage[]> {
  const rows = await db.select(adminColumns).from(packages).orderBy(asc(packages.price), asc(packages.name));
  return rows.map(toAdminPackage);
}

async function readAdminPackage(db: Database, id: string): Promise<AdminPackage> {
  const [row] = await db.select(adminColumns).from(packages).where(eq(packages.id, id));
  if (!row) throw notFound('PACKAGE_NOT_FOUND');
  return toAdminPackage(row);
}

/** The form's fields as table columns; numeric(5,2) keeps two decimals of the discount, read back as a number. */
function toColumns(input: AdminPackageUpdate): Partial<typeof packages.$inferInsert> {
  const { discountPercent, ...rest } = input;
  const columns: Partial<typeof packages.$inferInsert> = Object.fromEntries(Object.entries(rest).filter(([, v]) => v !== undefined));
  if (discountPercent !== undefined) columns.discountPercent = discountPercent === null ? null : Math.round(discountPercent * 100) / 100;
  return columns;
}

/** A clear 409 before the insert; the unique index still decides when two admins race (see withConstraintErrors). */
async function assertNameFree(db: Database, name: string, exceptId?: string) {
  const [taken] = await db
    .select({ id: packages.id })
    .from(packages)
    .where(exceptId ? and(eq(packages.name, name), ne(packages.id, exceptId)) : eq(packages.name, name));
  if (taken) throw conflict('PACKAGE_NAME_TAKEN');
}

/** PostgreSQL's constraint errors (wrapped by drizzle in `cause`) as the codes the admin sees. */
async function withConstraintErrors<T>(work: Promise<T>): Promise<T> {
  try {
    return await work;
  } catch (error) {
    const code = (error as { cause?: { code?: string } }).cause?.code ?? (error as { code?: string }).code;
    if (code === '23505') throw conflict('PACKAGE_NAME_TAKEN');
    if (code === '23503') throw conflict('PACKAGE_IN_USE');
    throw error;
  }
}

/** A price between free and Paylink's minimum would put a card on /pricing that no one can buy. */
function assertSellablePrice(price: number | undefined) {
  if (price !== undefined && !isSellablePrice(price)) throw badRequest('PACKAGE_PRICE_BELOW_MINIMUM');
}

/** Any number: the advisory lock that makes marking the most popular package one writer at a time. */
const MOST_POPULAR_LOCK = 0x5a_1ab_0001;

/**
 * Two administrators marking different packages at once take turns here (until their transactions end), so
 * the second sees the first's mark and takes it off — they cannot both keep theirs. Taken first thing in the
 * transaction, before any package row is locked.
 */
const awaitTurnToMark = (tx: Database) => tx.execute(sql`select pg_advisory_xact_lock(${MOST_POPULAR_LOCK})`);

/**
 * Only one package is shown as the most popular (/pricing's badge): marking one takes the mark from the others,
 * each with its own audit entry. The caller holds awaitTurnToMark.
 */
async function takeMostPopularFromOthers(tx: Database, actor: Actor, keptId: string) {
  const others = await tx
    .select({ id: packages.id })
    .from(packages)
    .where(and(eq(packages.highlighted, true), ne(packages.id, keptId)))
    .for('update');
  for (const { id } of others) {
    const before = await readAdminPackage(tx, id);
    await tx.update(packages).set({ highlighted: false }).where(eq(packages.id, id));
    const after = await readAdminPackage(tx, id);
    await recordAudit(tx, { actor, action: 'packages.update', entity: 'packages', entityId: id, before, after });
  }
}

export async function createAdminPackage(db: Database, actor: Actor, input: AdminPackageCreate): Promise<AdminPackage> {
  assertSellablePrice(input.price);
  return withConstraintErrors(
    db.transaction(async (tx) => {
      if (input.highlighted) await awaitTurnToMark(tx);
      await assertNameFree(tx, input.name);
      const [inserted] = await tx
        .insert(packages)
        .values({ ...toColumns(input), name: input.name })
        .returning({ id: packages.id });
      if (!inserted) throw new Error('package insert returned no row');
      if (input.highlighted) await takeMostPopularFromOthers(tx, actor, inserted.id);
      const created = await readAdminPackage(tx, inserted.id);
      await recordAudit(tx, { actor, action: 'packages.create', entity: 'packages', entityId: created.id, after: created });
      return created;
    }),
  );
}

/** Only the fields sent change. A reserved package keeps its name: the app finds it by that name. */
export async function updateAdminPackage(db: Database, actor: Actor, id: string, input: AdminPackageUpdate): Promise<AdminPackage> {
  assertSellablePrice(input.price);
  return withConstraintErrors(
    db.transaction(async (tx) => {
      if (input.highlighted) await awaitTurnToMark(tx);
      const [locked] = await tx.select({ name: packages.name }).from(packages).where(eq(packages.id, id)).for('update');
      if (!locked) throw notFound('PACKAGE_NOT_FOUND');
      if (input.name !== undefined && input.name !== locked.name) {
        if (isReserved(locked.name)) throw conflict('PACKAGE_RESERVED');
        await assertNameFree(tx, input.name, id);
      }
      if (input.highlighted) await takeMostPopularFromOthers(tx, actor, id);
      const before = await readAdminPackage(tx, id);
      const columns = toColumns(input);
      if (Object.keys(columns).length > 0) await tx.update(packages).set(columns).where(eq(packages.id, id));
      const after = await readAdminPackage(tx, id);
      await recordAudit(tx, { actor, action: 'packages.update', entity: 'packages', entityId: id, before, after });
      return after;
    }),
  );
}

/**
 * Reserved packages are never deleted, nor one that profiles or companies still reference (their foreign
 * keys restrict), nor one with an invoice that may still be paid (locking the package row first, so an
 * invoice made meanwhile waits and then fails on its foreign key). Settled invoices keep their rows with no
 * package; the package's template links go with it.
 */
export async function deleteAdminPackage(db: Database, actor: Actor, id: string): Promise<void> {
  await withConstraintErrors(
    db.transaction(async (tx) => {
      const [locked] = await tx.select({ name: packages.name }).from(packages).where(eq(packages.id, id)).for('update');
      if (!locked) throw notFound('PACKAGE_NOT_FOUND');
      if (isReserved(locked.name)) throw conflict('PACKAGE_RESERVED');
      const before = await readAdminPackage(tx, id);
      if (before.profilesCount > 0 || before.companiesCount > 0) throw conflict('PACKAGE_IN_USE');
      // A buyer may be paying for it right now: deleted, the paid invoice would have nothing to credit.
      const [open] = rowsOf<{ n: number }>(
        await tx.execute(sql`select count(*)::int as n from invoices where invoices.package_id = ${id} and ${stillPayableInvoice}`),
      );
      if ((open?.n ?? 0) > 0) throw conflict('PACKAGE_BEING_PAID');
      await tx.delete(packages).where(eq(packages.id, id));
      await recordAudit(tx, { actor, action: 'packages.delete', entity: 'packages', entityId: id, before });
    }),
  );
}

import { ADMIN_PACKAGE, ADMIN_USER_LIST_CAP } from '@sira/shared';
import type { AdminUserList, AdminUserRow, AdminUserUpdate } from '@sira/shared/schemas/users-admin';
import { asc, count, desc, eq, ilike, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { packages, profiles } from '../../db/schema';
import { type AuditEntry, recordAudit } from '../../lib/audit';
import { AppError, badRequest, conflict, notFound } from '../../lib/errors';

/** `%` and `_` typed by the admin are literal characters, not LIKE wildcards. */
const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

const rowColumns = {
  id: profiles.id,
  email: profiles.email,
  fullName: profiles.fullName,
  packageName: packages.name,
  messagesRemaining: profiles.messagesRemaining,
  // Counted per row shown (a page of 100 at most), through user_companies_profile_name_idx.
  ownCompanies: sql<number>`(select count(*)::int from user_companies u where u.profile_id = ${profiles.id})`,
  createdAt: profiles.createdAt,
};

/**
 * The admin user list, newest first, searched by e-mail (contains, case-insensitive) and paged on the server.
 *
 * The cap (spec §9: 1,000 rows): only the newest ADMIN_USER_LIST_CAP profiles matching the search can be
 * paged through; a page past them is empty. `total` still counts every match, and `capped` is true when
 * the matches reach the cap (total ≥ cap), which is when the panel shows the spec's warning ("1000 or more",
 * spec §2): there may be users the list does not show until the search narrows.
 */
export async function listAdminUsers(db: Database, query: { search: string; page: number; pageSize: number }): Promise<AdminUserList> {
  const search = query.search.trim();
  const where: SQL | undefined = search ? ilike(profiles.email, `%${escapeLike(search)}%`) : undefined;
  const offset = (query.page - 1) * query.pageSize;
  const limit = Math.max(0, Math.min(query.pageSize, ADMIN_USER_LIST_CAP - offset));

  const [rows, [matched], [counts]] = await Promise.all([
    limit === 0
      ? Promise.resolve([])
      : db
          .select(rowColumns)
          .from(profiles)
          .innerJoin(packages, eq(packages.id, profiles.packageId))
          .where(where)
          .orderBy(desc(profiles.createdAt), asc(profiles.id))
          .limit(limit)
          .offset(offset),
    db.select({ total: count() }).from(profiles).where(where),
    db
      .select({
        all: count(),
        admins: sql<number>`(count(*) filter (where ${packages.name} = ${ADMIN_PACKAGE}))::int`,
      })
      .from(profiles)
      .innerJoin(packages, eq(packages.id, profiles.packageId)),
  ]);
  const total = matched?.total ?? 0;
  const admins = counts?.admins ?? 0;
  return {
    rows: rows.map((r) => ({ ...r, ownCompanies: Number(r.ownCompanies), createdAt: r.createdAt.toISOString() })),
    total,
    // Spec §2: the warning shows when 1000 or more users are listed.
    capped: total >= ADMIN_USER_LIST_CAP,
    counts: { users: (counts?.all ?? 0) - admins, admins },
  };
}

/**
 * Spec §5 "Admin user edit": the package must exist by name; when it changes, the balance becomes the new
 * package's messages_limit whatever was typed; when it stays, the typed quantity is the new balance.
 * The profile row is locked for the read-modify-write, and the audit entry is written in the same transaction.
 */
export async function updateAdminUser(db: Database, actor: AuditEntry['actor'], id: string, input: AdminUserUpdate): Promise<AdminUserRow> {
  return db.transaction(async (tx) => {
    // Every admin row first, in one order (two edits cannot deadlock): the caller must still be an admin. With
    // demoting oneself refused, that keeps at least one admin even when two demote each other at once.
    const admins = await tx
      .select({ id: profiles.id })
      .from(profiles)
      .innerJoin(packages, eq(packages.id, profiles.packageId))
      .where(eq(packages.name, ADMIN_PACKAGE))
      .orderBy(asc(profiles.id))
      .for('update', { of: profiles });
    if (!admins.some((a) => a.id === actor.id)) throw new AppError(403, 'FORBIDDEN');

    const [current] = await tx
      .select({ ...rowColumns, packageId: profiles.packageId })
      .from(profiles)
      .innerJoin(packages, eq(packages.id, profiles.packageId))
      .where(eq(profiles.id, id))
      .for('update', { of: profiles });
    if (!current) throw notFound('USER_NOT_FOUND');

    const [target] = await tx
      .select({ id: packages.id, name: packages.name, messagesLimit: packages.messagesLimit })
      .from(packages)
      .where(eq(packages.name, input.packageName));
    if (!target) throw badRequest('PACKAGE_NOT_FOUND');
    // Moving one's own account off 'admin' would lock the only person at the panel out of it.
    if (id === actor.id && target.name !== ADMIN_PACKAGE) throw conflict('OWN_ADMIN_PACKAGE');

    const packageChanged = target.id !== current.packageId;
    if (!packageChanged && input.messagesRemainingWas !== undefined && input.messagesRemainingWas !== current.messagesRemaining) {
      throw conflict('BALANCE_CHANGED');
    }
    const messagesRemaining = packageChanged ? target.messagesLimit : input.messagesRemaining;
    await tx.update(profiles).set({ packageId: target.id, messagesRemaining }).where(eq(profiles.id, id));

    const after = { packageName: target.name, messagesRemaining };
    await recordAudit(tx, {
      actor,
      action: 'profiles.update',
      entity: 'profiles',
      entityId: id,
      before: { email: current.email, packageName: current.packageName, messagesRemaining: current.messagesRemaining },
      after: { email: current.email, ...after },
    });
    return {
      id,
      email: current.email,
      fullName: current.fullName,
      ...after,
      ownCompanies: Number(current.ownCompanies),
      createdAt: current.createdAt.toISOString(),
    };
  });
}

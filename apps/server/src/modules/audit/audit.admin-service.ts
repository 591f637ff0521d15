import { AUDIT_PAGE_SIZE, type AuditPage, type auditQuerySchema } from '@sira/shared/schemas/audit-admin';
import { and, asc, count, desc, eq, gte, like, lt, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { Database } from '../../db/client';
import { auditLog } from '../../db/schema';

export type AuditFilters = Omit<z.output<typeof auditQuerySchema>, 'page'>;

/** The filters as one condition; each absent filter matches everything. */
function matching(filters: AuditFilters): SQL | undefined {
  const conditions: SQL[] = [];
  if (filters.actor) conditions.push(eq(auditLog.actorEmail, filters.actor));
  // Actions are '<entity>.<verb>' (some entities have a dot: 'sending.settings.update'); the verb is last.
  if (filters.action) conditions.push(like(auditLog.action, `%.${filters.action}`));
  if (filters.entity) conditions.push(eq(auditLog.entity, filters.entity));
  if (filters.from) conditions.push(gte(auditLog.createdAt, new Date(filters.from)));
  if (filters.to) conditions.push(lt(auditLog.createdAt, new Date(filters.to)));
  return conditions.length > 0 ? and(...conditions) : undefined;
}

/** One page of the audit log, newest first, narrowed by the filters; with every admin and entity to filter by. */
export async function listAuditEntries(db: Database, page: number, filters: AuditFilters = {}): Promise<AuditPage> {
  const where = matching(filters);
  const [rows, [total], actors, entities] = await Promise.all([
    db
      .select()
      .from(auditLog)
      .where(where)
      .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
      .limit(AUDIT_PAGE_SIZE)
      .offset((page - 1) * AUDIT_PAGE_SIZE),
    db.select({ n: count() }).from(auditLog).where(where),
    db.selectDistinct({ email: auditLog.actorEmail }).from(auditLog).orderBy(asc(auditLog.actorEmail)),
    db.selectDistinct({ entity: auditLog.entity }).from(auditLog).orderBy(asc(auditLog.entity)),
  ]);
  return {
    entries: rows.map((r) => ({
      id: r.id,
      actorEmail: r.actorEmail,
      action: r.action,
      entity: r.entity,
      entityId: r.entityId,
      before: r.before,
      after: r.after,
      createdAt: r.createdAt.toISOString(),
    })),
    page,
    pageSize: AUDIT_PAGE_SIZE,
    total: total?.n ?? 0,
    actors: actors.map((a) => a.email),
    entities: entities.map((e) => e.entity),
  };
}

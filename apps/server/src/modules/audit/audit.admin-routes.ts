import { AUDIT_PAGE_SIZE, type AuditPage, auditPageSchema, auditQuerySchema } from '@sira/shared/schemas/audit-admin';
import { count, desc } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Database } from '../../db/client';
import { auditLog } from '../../db/schema';

/** One page of the audit log, newest first. */
export async function listAuditEntries(db: Database, page: number): Promise<AuditPage> {
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(auditLog)
      .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
      .limit(AUDIT_PAGE_SIZE)
      .offset((page - 1) * AUDIT_PAGE_SIZE),
    db.select({ n: count() }).from(auditLog),
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
  };
}

/** The read-only audit tab: who changed what, before and after, and when. */
export const auditAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/api/admin/audit', { schema: { querystring: auditQuerySchema, response: { 200: auditPageSchema } } }, async (request) =>
    listAuditEntries(app.db, request.query.page),
  );
};

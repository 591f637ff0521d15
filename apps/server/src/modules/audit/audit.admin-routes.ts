import { auditPageSchema, auditQuerySchema } from '@sira/shared/schemas/audit-admin';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { listAuditEntries } from './audit.admin-service';

/** The read-only audit tab: who changed what, before and after, and when. */
export const auditAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/api/admin/audit', { schema: { querystring: auditQuerySchema, response: { 200: auditPageSchema } } }, async (request) => {
    const { page, ...filters } = request.query;
    return listAuditEntries(app.db, page, filters);
  });
};

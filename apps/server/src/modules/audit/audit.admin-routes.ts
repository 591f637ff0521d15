import { contract } from '@sira/shared/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { endpoint } from '../../lib/endpoint';
import { listAuditEntries } from './audit.admin-service';

/** The read-only audit tab: who changed what, before and after, and when. */
export const auditAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  app.route({
    ...endpoint(contract.audit.log),
    handler: async (request) => {
      const { cursor, ...filters } = request.query;
      return listAuditEntries(app.db, cursor, filters);
    },
  });
};

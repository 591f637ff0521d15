import { idParamSchema } from '@sira/shared/schemas';
import { adminOptOutListSchema, redirectDecisionSchema } from '@sira/shared/schemas/opt-out';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireViewer } from '../../plugins/access';
import { decideRedirect, listOptOuts } from './opt-out.service';

/** The companies tab's opt-out section (ADR 013): the marks and redirect requests, and the decision on each. */
export const optOutAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/api/admin/companies/opt-outs', { schema: { response: { 200: adminOptOutListSchema } } }, async (_request, reply) => {
    reply.header('cache-control', 'no-store');
    return listOptOuts(app.db);
  });

  app.post(
    '/api/admin/companies/opt-outs/:id/decision',
    { schema: { params: idParamSchema, body: redirectDecisionSchema } },
    async (request, reply) => {
      const viewer = await requireViewer(request);
      await decideRedirect(app.db, request.params.id, request.body.decision, { id: viewer.id, email: viewer.email });
      return reply.status(204).send();
    },
  );
};

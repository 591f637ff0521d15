import { idParamSchema } from '@sira/shared/schemas';
import { adminOptOutListSchema, requestDecisionSchema } from '@sira/shared/schemas/opt-out';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireViewer } from '../../plugins/access';
import { decideRequest, liftMark, listOptOuts, undoRequest } from './opt-out.admin-service';

/**
 * The companies tab's opt-out section (ADR 018): requests made through links with their evidence, the
 * decision on each, undoing one in force, and lifting an address's mark.
 */
export const optOutAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  const actorOf = async (request: Parameters<typeof requireViewer>[0]) => {
    const viewer = await requireViewer(request);
    return { id: viewer.id, email: viewer.email };
  };

  app.get('/api/admin/companies/opt-outs', { schema: { response: { 200: adminOptOutListSchema } } }, async (_request, reply) => {
    reply.header('cache-control', 'no-store');
    return listOptOuts(app.db);
  });

  app.post(
    '/api/admin/companies/opt-out-requests/:id/decision',
    { schema: { params: idParamSchema, body: requestDecisionSchema } },
    async (request, reply) => {
      const affected = await decideRequest(app.db, request.params.id, request.body.decision, await actorOf(request));
      for (const profileId of affected) {
        app.events.publish({ topic: 'sending', profileId });
        app.events.publish({ topic: 'profile', profileId });
      }
      return reply.status(204).send();
    },
  );

  app.post('/api/admin/companies/opt-out-requests/:id/undo', { schema: { params: idParamSchema } }, async (request, reply) => {
    await undoRequest(app.db, request.params.id, await actorOf(request));
    return reply.status(204).send();
  });

  app.delete('/api/admin/companies/opt-outs/:id', { schema: { params: idParamSchema } }, async (request, reply) => {
    await liftMark(app.db, request.params.id, await actorOf(request));
    return reply.status(204).send();
  });
};

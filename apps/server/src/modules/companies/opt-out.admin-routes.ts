import { contract } from '@sira/shared/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { endpoint } from '../../lib/endpoint';
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

  app.route({
    ...endpoint(contract.companies.adminOptOuts),
    handler: async (_request, reply) => {
      reply.header('cache-control', 'no-store');
      return listOptOuts(app.db);
    },
  });

  app.route({
    ...endpoint(contract.companies.decideOptOutRequest),
    handler: async (request, reply) => {
      const affected = await decideRequest(app.db, request.params.id, request.body.decision, await actorOf(request));
      for (const profileId of affected) {
        app.events.publish({ topic: 'sending', profileId });
        app.events.publish({ topic: 'profile', profileId });
      }
      return reply.status(204).send();
    },
  });

  app.route({
    ...endpoint(contract.companies.undoOptOutRequest),
    handler: async (request, reply) => {
      await undoRequest(app.db, request.params.id, await actorOf(request));
      return reply.status(204).send();
    },
  });

  app.route({
    ...endpoint(contract.companies.liftOptOut),
    handler: async (request, reply) => {
      await liftMark(app.db, request.params.id, await actorOf(request));
      return reply.status(204).send();
    },
  });
};

import { contract } from '@sira/shared/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { endpoint } from '../../lib/endpoint';
import { requireViewer } from '../../plugins/access';
import { listAdminUsers, updateAdminUser } from './users.admin-service';

/** The admin users tab (spec §2). The access plugin makes every /api/admin route administrator-only. */
export const usersAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  app.route({
    ...endpoint(contract.users.adminList),
    handler: async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return listAdminUsers(app.db, request.query);
    },
  });

  app.route({
    ...endpoint(contract.users.adminUpdate),
    handler: async (request) => {
      const row = await updateAdminUser(app.db, await requireViewer(request), request.params.id, request.body);
      // The user's open pages hear of it as of their own actions: the balance and the package ('profile'),
      // and what a send may now reach ('sending').
      app.events.publish({ topic: 'profile', profileId: row.id });
      app.events.publish({ topic: 'sending', profileId: row.id });
      return row;
    },
  });
};

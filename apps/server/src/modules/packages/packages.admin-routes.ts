import { contract } from '@sira/shared/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { endpoint } from '../../lib/endpoint';
import { requireViewer } from '../../plugins/access';
import { createAdminPackage, deleteAdminPackage, listAdminPackages, updateAdminPackage } from './packages.admin-service';

/** The admin packages tab (spec §2, §5). The access plugin makes every /api/admin route administrator-only. */
export const packagesAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  // Every accepted write here changes what the public pages show: each server drops the pages it rendered
  // (ADR 004). In onSend, so this server's own copies are gone before the administrator hears "saved".
  app.addHook('onSend', async (request, reply) => {
    if (request.method !== 'GET' && request.method !== 'HEAD' && reply.statusCode < 400) app.events.publishSiteChange();
  });
  app.route({
    ...endpoint(contract.packages.adminList),
    handler: async (_request, reply) => {
      reply.header('cache-control', 'no-store');
      return listAdminPackages(app.db);
    },
  });

  app.route({
    ...endpoint(contract.packages.adminCreate),
    handler: async (request, reply) => reply.status(201).send(await createAdminPackage(app.db, await requireViewer(request), request.body)),
  });

  app.route({
    ...endpoint(contract.packages.adminUpdate),
    handler: async (request) => updateAdminPackage(app.db, await requireViewer(request), request.params.id, request.body),
  });

  app.route({
    ...endpoint(contract.packages.adminRemove),
    handler: async (request, reply) => {
      await deleteAdminPackage(app.db, await requireViewer(request), request.params.id);
      return reply.status(204).send();
    },
  });
};

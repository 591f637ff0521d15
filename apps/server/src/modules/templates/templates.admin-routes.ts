import { contract } from '@sira/shared/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { endpoint } from '../../lib/endpoint';
import { requireViewer } from '../../plugins/access';
import { createTemplate, deleteTemplate, listAdminTemplates, updateTemplate } from './templates.admin-service';

/** The admin templates tab (spec §2): list, add, edit, delete. Admin-only by its /api/admin/ prefix. */
export const templatesAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  app.route({
    ...endpoint(contract.templates.adminList),
    handler: async () => listAdminTemplates(app.db),
  });

  app.route({
    ...endpoint(contract.templates.create),
    handler: async (request, reply) => {
      const viewer = await requireViewer(request);
      const created = await createTemplate(app.db, viewer, request.body);
      return reply.status(201).send(created);
    },
  });

  app.route({
    ...endpoint(contract.templates.update),
    handler: async (request) => {
      const viewer = await requireViewer(request);
      return updateTemplate(app.db, viewer, request.params.id, request.body);
    },
  });

  app.route({
    ...endpoint(contract.templates.remove),
    handler: async (request, reply) => {
      const viewer = await requireViewer(request);
      await deleteTemplate(app.db, viewer, request.params.id);
      return reply.status(204).send();
    },
  });
};

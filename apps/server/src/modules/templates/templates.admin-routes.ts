import { idParamSchema } from '@sira/shared/schemas';
import { adminTemplateListSchema, adminTemplateSavedSchema, templateInputSchema } from '@sira/shared/schemas/templates-admin';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireViewer } from '../../plugins/access';
import { createTemplate, deleteTemplate, listAdminTemplates, updateTemplate } from './templates.admin-service';

/** The admin templates tab (spec §2): list, add, edit, delete. Admin-only by its /api/admin/ prefix. */
export const templatesAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/api/admin/templates', { schema: { response: { 200: adminTemplateListSchema } } }, async () => listAdminTemplates(app.db));

  app.post(
    '/api/admin/templates',
    { schema: { body: templateInputSchema, response: { 201: adminTemplateSavedSchema } } },
    async (request, reply) => {
      const viewer = await requireViewer(request);
      const created = await createTemplate(app.db, viewer, request.body);
      return reply.status(201).send(created);
    },
  );

  app.put(
    '/api/admin/templates/:id',
    { schema: { params: idParamSchema, body: templateInputSchema, response: { 200: adminTemplateSavedSchema } } },
    async (request) => {
      const viewer = await requireViewer(request);
      return updateTemplate(app.db, viewer, request.params.id, request.body);
    },
  );

  app.delete('/api/admin/templates/:id', { schema: { params: idParamSchema } }, async (request, reply) => {
    const viewer = await requireViewer(request);
    await deleteTemplate(app.db, viewer, request.params.id);
    return reply.status(204).send();
  });
};

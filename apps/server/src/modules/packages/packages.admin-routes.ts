import { idParamSchema } from '@sira/shared/schemas';
import {
  adminPackageCreateSchema,
  adminPackageListSchema,
  adminPackageSchema,
  adminPackageUpdateSchema,
} from '@sira/shared/schemas/packages-admin';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireViewer } from '../../plugins/access';
import { createAdminPackage, deleteAdminPackage, listAdminPackages, updateAdminPackage } from './packages.admin-service';

/** The admin packages tab (spec §2, §5). The access plugin makes every /api/admin route administrator-only. */
export const packagesAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  // Every accepted write here changes what the public pages show: each server drops the pages it rendered
  // (ADR 004). In onSend, so this server's own copies are gone before the administrator hears "saved".
  app.addHook('onSend', async (request, reply) => {
    if (request.method !== 'GET' && request.method !== 'HEAD' && reply.statusCode < 400) app.events.publishSiteChange();
  });
  app.get('/api/admin/packages', { schema: { response: { 200: adminPackageListSchema } } }, async (_request, reply) => {
    reply.header('cache-control', 'no-store');
    return listAdminPackages(app.db);
  });

  app.post(
    '/api/admin/packages',
    { schema: { body: adminPackageCreateSchema, response: { 201: adminPackageSchema } } },
    async (request, reply) => reply.status(201).send(await createAdminPackage(app.db, await requireViewer(request), request.body)),
  );

  app.patch(
    '/api/admin/packages/:id',
    { schema: { params: idParamSchema, body: adminPackageUpdateSchema, response: { 200: adminPackageSchema } } },
    async (request) => updateAdminPackage(app.db, await requireViewer(request), request.params.id, request.body),
  );

  app.delete('/api/admin/packages/:id', { schema: { params: idParamSchema } }, async (request, reply) => {
    await deleteAdminPackage(app.db, await requireViewer(request), request.params.id);
    return reply.status(204).send();
  });
};

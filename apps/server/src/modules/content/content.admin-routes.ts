import { idParamSchema } from '@sira/shared/schemas';
import {
  adminFooterLinkSchema,
  adminFooterSchema,
  adminFooterSectionSchema,
  adminPageListSchema,
  adminPageSavedSchema,
  footerContactSchema,
  footerLinkInputSchema,
  footerSectionInputSchema,
  pageInputSchema,
  socialLinksSchema,
} from '@sira/shared/schemas/content-admin';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireViewer } from '../../plugins/access';
import {
  createFooterLink,
  createFooterSection,
  deleteFooterLink,
  deleteFooterSection,
  getAdminFooter,
  updateFooterContact,
  updateFooterLink,
  updateFooterSection,
  updateSocialLinks,
} from './footer.admin-service';
import { listAdminPages, updatePage } from './pages.admin-service';

/** The admin pages and footer tabs (spec §2). Admin-only by their /api/admin/ prefix. */
export const contentAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  // Every accepted write here changes what the public pages show: each server drops the pages it rendered
  // (ADR 004). In onSend, so this server's own copies are gone before the administrator hears "saved".
  app.addHook('onSend', async (request, reply) => {
    if (request.method !== 'GET' && request.method !== 'HEAD' && reply.statusCode < 400) app.events.publishSiteChange();
  });
  app.get('/api/admin/pages', { schema: { response: { 200: adminPageListSchema } } }, async () => listAdminPages(app.db));

  app.put(
    '/api/admin/pages/:id',
    { schema: { params: idParamSchema, body: pageInputSchema, response: { 200: adminPageSavedSchema } } },
    async (request) => updatePage(app.db, await requireViewer(request), request.params.id, request.body),
  );

  app.get('/api/admin/footer', { schema: { response: { 200: adminFooterSchema } } }, async () => getAdminFooter(app.db));

  app.put('/api/admin/footer/contact', { schema: { body: footerContactSchema, response: { 200: footerContactSchema } } }, async (request) =>
    updateFooterContact(app.db, await requireViewer(request), request.body),
  );

  app.put('/api/admin/footer/social', { schema: { body: socialLinksSchema, response: { 200: socialLinksSchema } } }, async (request) =>
    updateSocialLinks(app.db, await requireViewer(request), request.body),
  );

  app.post(
    '/api/admin/footer/sections',
    { schema: { body: footerSectionInputSchema, response: { 201: adminFooterSectionSchema } } },
    async (request, reply) => reply.status(201).send(await createFooterSection(app.db, await requireViewer(request), request.body)),
  );

  app.put(
    '/api/admin/footer/sections/:id',
    { schema: { params: idParamSchema, body: footerSectionInputSchema, response: { 200: adminFooterSectionSchema } } },
    async (request) => updateFooterSection(app.db, await requireViewer(request), request.params.id, request.body),
  );

  app.delete('/api/admin/footer/sections/:id', { schema: { params: idParamSchema } }, async (request, reply) => {
    await deleteFooterSection(app.db, await requireViewer(request), request.params.id);
    return reply.status(204).send();
  });

  app.post(
    '/api/admin/footer/links',
    { schema: { body: footerLinkInputSchema, response: { 201: adminFooterLinkSchema } } },
    async (request, reply) => reply.status(201).send(await createFooterLink(app.db, await requireViewer(request), request.body)),
  );

  app.put(
    '/api/admin/footer/links/:id',
    { schema: { params: idParamSchema, body: footerLinkInputSchema, response: { 200: adminFooterLinkSchema } } },
    async (request) => updateFooterLink(app.db, await requireViewer(request), request.params.id, request.body),
  );

  app.delete('/api/admin/footer/links/:id', { schema: { params: idParamSchema } }, async (request, reply) => {
    await deleteFooterLink(app.db, await requireViewer(request), request.params.id);
    return reply.status(204).send();
  });
};

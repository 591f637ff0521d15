import { contract } from '@sira/shared/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { endpoint } from '../../lib/endpoint';
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
  app.route({
    ...endpoint(contract.content.adminPages),
    handler: async () => listAdminPages(app.db),
  });

  app.route({
    ...endpoint(contract.content.updatePage),
    handler: async (request) => updatePage(app.db, await requireViewer(request), request.params.id, request.body),
  });

  app.route({
    ...endpoint(contract.content.adminFooter),
    handler: async () => getAdminFooter(app.db),
  });

  app.route({
    ...endpoint(contract.content.updateFooterContact),
    handler: async (request) => updateFooterContact(app.db, await requireViewer(request), request.body),
  });

  app.route({
    ...endpoint(contract.content.updateSocialLinks),
    handler: async (request) => updateSocialLinks(app.db, await requireViewer(request), request.body),
  });

  app.route({
    ...endpoint(contract.content.createFooterSection),
    handler: async (request, reply) =>
      reply.status(201).send(await createFooterSection(app.db, await requireViewer(request), request.body)),
  });

  app.route({
    ...endpoint(contract.content.updateFooterSection),
    handler: async (request) => updateFooterSection(app.db, await requireViewer(request), request.params.id, request.body),
  });

  app.route({
    ...endpoint(contract.content.removeFooterSection),
    handler: async (request, reply) => {
      await deleteFooterSection(app.db, await requireViewer(request), request.params.id);
      return reply.status(204).send();
    },
  });

  app.route({
    ...endpoint(contract.content.createFooterLink),
    handler: async (request, reply) => reply.status(201).send(await createFooterLink(app.db, await requireViewer(request), request.body)),
  });

  app.route({
    ...endpoint(contract.content.updateFooterLink),
    handler: async (request) => updateFooterLink(app.db, await requireViewer(request), request.params.id, request.body),
  });

  app.route({
    ...endpoint(contract.content.removeFooterLink),
    handler: async (request, reply) => {
      await deleteFooterLink(app.db, await requireViewer(request), request.params.id);
      return reply.status(204).send();
    },
  });
};

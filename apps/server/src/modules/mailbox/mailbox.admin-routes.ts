import { contract } from '@sira/shared/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { endpoint } from '../../lib/endpoint';
import { requireViewer } from '../../plugins/access';
import { type GoogleClientTestDeps, getGmailSettings, saveGmailSettings, testGmailClient } from './mailbox.admin-service';

/** The admin "gmail" tab (spec §2): the OAuth client users link their mailboxes with. Admin-only by prefix. */
export const mailboxAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  const tester: GoogleClientTestDeps = { google: app.providers.google, publicBaseUrl: app.publicBaseUrl, mode: app.env.mode };

  app.route({
    ...endpoint(contract.mailbox.adminSettings),
    handler: async (_request, reply) => {
      reply.header('cache-control', 'no-store');
      return getGmailSettings(app.db, app.secretBox);
    },
  });

  app.route({
    ...endpoint(contract.mailbox.updateAdminSettings),
    handler: async (request) => {
      const viewer = await requireViewer(request);
      return saveGmailSettings(app.db, app.secretBox, { id: viewer.id, email: viewer.email }, request.body, tester);
    },
  });

  // A POST, though it changes nothing: it may carry the secret, which a GET would put in the address.
  app.route({
    ...endpoint(contract.mailbox.testAdminClient),
    handler: async (request) => testGmailClient(app.db, app.secretBox, tester, request.body),
  });
};

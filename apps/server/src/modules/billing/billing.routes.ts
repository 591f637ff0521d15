import { contract } from '@sira/shared/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { endpoint } from '../../lib/endpoint';
import { AppError } from '../../lib/errors';
import { requireViewer } from '../../plugins/access';
import { billingDepsFromApp } from './billing-deps';
import { confirmPayment, createInvoice, getBillingOverview, getUpgradeOptions } from './invoices.service';
import { handlePaylinkWebhook } from './paylink-webhook';

/** The user's billing API (spec §7) and Paylink's webhook. Every user route is scoped to the viewer's id. */
export const billingRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = billingDepsFromApp(app);

  app.route({
    ...endpoint(contract.billing.overview),
    handler: async (request, reply) => {
      const viewer = await requireViewer(request);
      const overview = await getBillingOverview(deps, viewer.id);
      if (!overview) throw new AppError(404, 'PROFILE_UNAVAILABLE');
      reply.header('cache-control', 'no-store');
      return overview;
    },
  });

  app.route({
    ...endpoint(contract.billing.upgradeOptions),
    handler: async (request, reply) => {
      const viewer = await requireViewer(request);
      const options = await getUpgradeOptions(deps, viewer.id);
      if (!options) throw new AppError(404, 'PROFILE_UNAVAILABLE');
      reply.header('cache-control', 'no-store');
      return options;
    },
  });

  app.route({
    ...endpoint(contract.billing.createInvoice),
    handler: async (request, reply) => {
      // The security plugin has refused a page of any origin it does not trust: a present Origin is one of ours.
      const origin = request.headers.origin;
      const created = await createInvoice(deps, await requireViewer(request), request.body.packageId, origin || undefined);
      return reply.status(201).send(created);
    },
  });

  app.route({
    ...endpoint(contract.billing.confirmPayment),
    handler: async (request, reply) => {
      const viewer = await requireViewer(request);
      reply.header('cache-control', 'no-store');
      return confirmPayment(deps, viewer.id, request.body.reference);
    },
  });

  // Paylink calls this server-to-server (no session, no Origin). The body is read by hand, after the secret
  // check, so a caller without the secret learns nothing about what a valid body looks like.
  app.route({
    ...endpoint(contract.billing.paylinkWebhook),
    config: { access: 'public' },
    handler: async (request, reply) => {
      const outcome = await handlePaylinkWebhook(deps, request.headers.authorization, request.body);
      if (outcome.kind === 'unauthorized') return reply.status(401).send({ code: 'UNAUTHORIZED' });
      if (outcome.kind === 'retry') return reply.status(503).send({ code: 'GATEWAY_UNAVAILABLE' });
      return reply.status(200).send({ received: true });
    },
  });
};

import { contract } from '@sira/shared/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { endpoint } from '../../lib/endpoint';
import { requireViewer } from '../../plugins/access';
import { getGatewaySettings, listAdminPayments, saveGatewaySettings, testGatewayKeys } from './billing.admin-service';
import { billingDepsFromApp } from './billing-deps';

/** The admin payment and payment_gateway tabs. The access plugin makes every /api/admin route admin-only. */
export const billingAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = billingDepsFromApp(app);

  app.route({
    ...endpoint(contract.billing.adminPayments),
    handler: async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return listAdminPayments(app.db, request.query);
    },
  });

  app.route({
    ...endpoint(contract.billing.adminGateway),
    handler: async (_request, reply) => {
      reply.header('cache-control', 'no-store');
      return getGatewaySettings(deps);
    },
  });

  app.route({
    ...endpoint(contract.billing.updateAdminGateway),
    handler: async (request) => saveGatewaySettings(deps, await requireViewer(request), request.body),
  });

  // A POST, though it changes nothing: it carries a secret, which a GET would put in the address.
  app.route({
    ...endpoint(contract.billing.testAdminGateway),
    handler: async (request) => testGatewayKeys(deps, request.body),
  });
};

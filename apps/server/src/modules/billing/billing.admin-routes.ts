import {
  adminGatewaySettingsSchema,
  adminGatewayTestResultSchema,
  adminGatewayTestSchema,
  adminGatewayUpdateSchema,
  adminPaymentsPageSchema,
  adminPaymentsQuerySchema,
} from '@sira/shared/schemas/billing-admin';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireViewer } from '../../plugins/access';
import { getGatewaySettings, listAdminPayments, saveGatewaySettings, testGatewayKeys } from './billing.admin-service';
import { billingDepsFromApp } from './billing-deps';

/** The admin payment and payment_gateway tabs. The access plugin makes every /api/admin route admin-only. */
export const billingAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = billingDepsFromApp(app);

  app.get(
    '/api/admin/billing/invoices',
    { schema: { querystring: adminPaymentsQuerySchema, response: { 200: adminPaymentsPageSchema } } },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return listAdminPayments(app.db, request.query);
    },
  );

  app.get('/api/admin/billing/gateway', { schema: { response: { 200: adminGatewaySettingsSchema } } }, async (_request, reply) => {
    reply.header('cache-control', 'no-store');
    return getGatewaySettings(deps);
  });

  app.put(
    '/api/admin/billing/gateway',
    { schema: { body: adminGatewayUpdateSchema, response: { 200: adminGatewaySettingsSchema } } },
    async (request) => saveGatewaySettings(deps, await requireViewer(request), request.body),
  );

  // A POST, though it changes nothing: it carries a secret, which a GET would put in the address.
  app.post(
    '/api/admin/billing/gateway/test',
    { schema: { body: adminGatewayTestSchema, response: { 200: adminGatewayTestResultSchema } } },
    async (request) => testGatewayKeys(deps, request.body),
  );
};

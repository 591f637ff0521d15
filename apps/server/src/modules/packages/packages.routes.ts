import { contract } from '@sira/shared/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { endpoint } from '../../lib/endpoint';
import { listPricingPackages } from './packages.service';

export const packageRoutes: FastifyPluginAsyncZod = async (app) => {
  app.route({
    ...endpoint(contract.packages.cards),
    config: { access: 'public' },
    handler: async () => listPricingPackages(app.db),
  });
};

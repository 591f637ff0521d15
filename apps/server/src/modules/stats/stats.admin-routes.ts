import { contract } from '@sira/shared/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { endpoint } from '../../lib/endpoint';
import { getAdminStats } from './stats.service';

export const statsAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  app.route({
    ...endpoint(contract.stats.admin),
    handler: async () => getAdminStats(app.db),
  });
};

import { adminStatsSchema } from '@sira/shared/schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { getAdminStats } from './stats.service';

export const statsAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/api/admin/stats', { schema: { response: { 200: adminStatsSchema } } }, async () => getAdminStats(app.db));
};

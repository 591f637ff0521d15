import { packageCardListSchema } from '@sira/shared/schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { listPricingPackages } from './packages.service';

export const packageRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/api/packages', { config: { access: 'public' }, schema: { response: { 200: packageCardListSchema } } }, async () =>
    listPricingPackages(app.db),
  );
};

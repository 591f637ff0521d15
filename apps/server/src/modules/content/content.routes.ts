import { contract } from '@sira/shared/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { endpoint } from '../../lib/endpoint';
import { notFound } from '../../lib/errors';
import { getFooter } from './footer.service';
import { getPageBySlug } from './pages.service';

/** Public content: the footer on every page and the content pages by slug. */
export const contentRoutes: FastifyPluginAsyncZod = async (app) => {
  app.route({
    ...endpoint(contract.content.footer),
    config: { access: 'public' },
    handler: async () => getFooter(app.db),
  });

  app.route({
    ...endpoint(contract.content.page),
    config: { access: 'public' },
    handler: async (request) => {
      const page = await getPageBySlug(app.db, request.params.slug);
      if (!page) throw notFound();
      return page;
    },
  });
};

import { footerSchema, pageSchema } from '@sira/shared/schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { notFound } from '../../lib/errors';
import { getFooter } from './footer.service';
import { getPageBySlug } from './pages.service';

/** Public content: the footer on every page and the content pages by slug. */
export const contentRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/api/content/footer', { config: { access: 'public' }, schema: { response: { 200: footerSchema } } }, async () =>
    getFooter(app.db),
  );

  app.get(
    '/api/content/pages/:slug',
    {
      config: { access: 'public' },
      schema: { params: z.object({ slug: z.string().regex(/^[a-z0-9-]{1,64}$/) }), response: { 200: pageSchema } },
    },
    async (request) => {
      const page = await getPageBySlug(app.db, request.params.slug);
      if (!page) throw notFound();
      return page;
    },
  );
};

import { CONTENT_PAGE_SLUGS, paths } from '@sira/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** Public pages worth indexing; signed-in areas and account forms are left out on purpose. */
const INDEXED = [paths.home, paths.pricing, paths.jobsRiyadh, paths.jobsJeddah, ...CONTENT_PAGE_SLUGS.map((s) => `/${s}`)];

/** Real /robots.txt and /sitemap.xml for the deployment's own address (not the app page). */
export const seoRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/robots.txt', async (_request, reply) => {
    const body = [
      'User-agent: *',
      'Allow: /',
      'Disallow: /api/',
      'Disallow: /admin',
      'Disallow: /dashboard',
      'Disallow: /sandbox/',
      `Sitemap: ${app.publicBaseUrl}/sitemap.xml`,
      '',
    ].join('\n');
    return reply.type('text/plain; charset=utf-8').header('cache-control', 'public, max-age=3600').send(body);
  });

  app.get('/sitemap.xml', async (_request, reply) => {
    const urls = INDEXED.map((p) => `  <url><loc>${app.publicBaseUrl}${p === '/' ? '/' : p}</loc></url>`).join('\n');
    const body = `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls}\n</urlset>\n`;
    return reply.type('application/xml; charset=utf-8').header('cache-control', 'public, max-age=3600').send(body);
  });
};

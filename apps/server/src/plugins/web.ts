import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join, normalize } from 'node:path';
import fastifyStatic from '@fastify/static';
import { OG_IMAGE, ogImagePath } from '@sira/shared/og-image';
import { isKnownClientPath, paths } from '@sira/shared/routes';
import { getSessionCookie } from 'better-auth/cookies';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { contentSecurityPolicy, inlineScriptHashes } from '../lib/content-security-policy';
import { BUILD_SITE_ORIGIN, type PublicPages } from '../modules/content/public-pages';

export interface WebOptions {
  /** The built web app (apps/web/build/client); absent when the server runs without one (API tests). */
  clientDir: string | undefined;
  /** Replaces the build's placeholder origin in canonical and Open Graph URLs. */
  publicBaseUrl: string;
  /** Renders the public pages with the database's content (ADR 004); absent: their prerendered files are served. */
  publicPages?: PublicPages | undefined;
}

export { BUILD_SITE_ORIGIN };

/**
 * Serves the built React app: hashed assets with long caching, the public pages rendered with the
 * database's content (or, without a render bundle, their prerendered HTML), and the SPA shell for every other
 * client route. Unknown paths get the shell with status 404, which renders
 * the not-found page, so crawlers see a real 404.
 */
export const webPlugin = fp<WebOptions>(
  async (app: FastifyInstance, { clientDir, publicBaseUrl, publicPages }) => {
    const apiNotFound = (reply: FastifyReply) => reply.status(404).send({ code: 'NOT_FOUND' });

    if (!clientDir || !existsSync(clientDir)) {
      app.setNotFoundHandler((_request, reply) => apiNotFound(reply));
      return;
    }

    /**
     * An HTML page with the policy that lets its own inline scripts run (by hash, lib/content-security-policy.ts),
     * worked out once per page from the HTML exactly as it is sent.
     */
    const policies = new Map<string, string>();
    const sendPage = (reply: FastifyReply, html: string) => {
      let policy = policies.get(html);
      if (policy === undefined) {
        policy = contentSecurityPolicy(inlineScriptHashes(html));
        policies.set(html, policy);
      }
      return reply
        .header('content-security-policy', policy)
        .header('cache-control', 'no-cache')
        .type('text/html; charset=utf-8')
        .send(html);
    };

    /**
     * A signed-in page drawn with the user's data (ADR 028): its first screen's API answers are obtained here, with
     * the visitor's own cookie through the same routes the browser would call, and the page arrives drawn from
     * them. A visitor without a session goes to /login and comes back afterwards; a page that cannot be drawn
     * gets the client-rendered shell, which loads the same data itself.
     */
    const signedInPage = (page: string) => async (request: FastifyRequest, reply: FastifyReply) => {
      const search = request.url.slice(request.url.split('?')[0]?.length ?? 0);
      const toLogin = () => reply.redirect(`${paths.login}?${new URLSearchParams({ from: `${page}${search}` }).toString()}`, 302);
      const cookie = request.headers.cookie;
      reply.header('vary', 'Cookie').header('cache-control', 'private, no-store');
      if (!publicPages || !cookie || !getSessionCookie(new Headers({ cookie }))) return toLogin();
      const ask = (url: string) =>
        app.inject({
          method: 'GET',
          url,
          headers: { cookie, accept: 'application/json', 'user-agent': request.headers['user-agent'] ?? '' },
        });
      const [sessionAddress, ...rest] = publicPages.firstScreenAddresses(page);
      if (!sessionAddress) return sendPage(reply, shell ?? '');
      const session = await ask(sessionAddress);
      // A session refreshed on the way (its expiry moved) sends the browser its renewed cookie.
      const renewed = session.headers['set-cookie'];
      if (renewed) reply.header('set-cookie', renewed);
      // The session could not be checked (the database is down): the browser's page asks again and offers a retry.
      if (session.statusCode !== 200) return sendPage(reply, shell ?? '');
      const viewer = session.json() as { user?: unknown };
      if (!viewer.user) return toLogin();
      const answers: Record<string, unknown> = { [sessionAddress]: viewer };
      await Promise.all(
        rest.map(async (url) => {
          const answer = await ask(url);
          // An answer that failed is left out: the page asks for it itself and shows its own error state.
          if (answer.statusCode === 200) answers[url] = answer.json();
        }),
      );
      try {
        const drawn = await publicPages.renderSignedIn(`${page}${search}`, answers);
        if (drawn.status === 200 && drawn.policy !== undefined)
          return reply.header('content-security-policy', drawn.policy).type(drawn.contentType).send(drawn.body);
        request.log.error({ page, status: drawn.status }, 'signed-in page not drawn');
      } catch (error) {
        request.log.error({ err: error, page }, 'signed-in page not drawn');
      }
      return sendPage(reply, shell ?? '');
    };

    if (publicPages) {
      app.addHook('onClose', async () => publicPages.close());
      // Explicit routes win over the static files' wildcard: the prerendered HTML and .data files on disk hold
      // the build's defaults, never served for these addresses.
      for (const path of publicPages.paths) {
        app.get(path, { config: { access: 'public' } }, async (request, reply) => {
          // Presence only, never trusted: a visitor with a cookie gets the page with React, which checks the session.
          const anonymous = !path.endsWith('.data') && !getSessionCookie(new Headers({ cookie: request.headers.cookie ?? '' }));
          const answer = await publicPages.render(path, { anonymous });
          reply.header('vary', 'Cookie');
          if (answer.policy === undefined) {
            return reply.status(answer.status).header('cache-control', 'no-cache').type(answer.contentType).send(answer.body);
          }
          return reply
            .status(answer.status)
            .header('content-security-policy', answer.policy)
            .header('cache-control', 'no-cache')
            .type(answer.contentType)
            .send(answer.body);
        });
      }
      // Each page's Open Graph image, drawn from its title as served now. Revalidated on every use (a link
      // preview fetched after a save gets the new title), answered 304 while it is the same picture.
      for (const page of publicPages.pages) {
        app.get(ogImagePath(page), { config: { access: 'public' } }, async (request, reply) => {
          const png = await publicPages.image(page);
          const etag = `"${createHash('sha256').update(png).digest('base64url').slice(0, 27)}"`;
          reply.header('etag', etag).header('cache-control', 'no-cache');
          if (request.headers['if-none-match'] === etag) return reply.status(304).send();
          return reply.type(OG_IMAGE.type).send(Buffer.from(png.buffer, png.byteOffset, png.byteLength));
        });
      }
    }

    if (publicPages) for (const page of publicPages.signedInPages) app.get(page, { config: { access: 'public' } }, signedInPage(page));

    // The home page is prerendered like the others: serve it through the same path (origin rewrite).
    if (!publicPages?.paths.includes('/'))
      app.get('/', { config: { access: 'public' } }, async (_request, reply) => {
        const home = join(clientDir, 'index.html');
        if (!existsSync(home)) return reply.callNotFound();
        return sendPage(reply, prerenderedHtml(home));
      });

    await app.register(fastifyStatic, {
      root: clientDir,
      wildcard: true,
      index: false,
      redirect: false,
      cacheControl: false,
      setHeaders(res, path) {
        if (path.includes(`${join(clientDir, 'assets')}`)) res.setHeader('cache-control', 'public, max-age=31536000, immutable');
        else res.setHeader('cache-control', 'no-cache');
      },
      // Built pages are served only through their routes below (/pricing, not /pricing/index.html): there they get
      // this deployment's origin and the policy that names their inline scripts.
      allowedPath: (pathName) => !pathName.endsWith('.html'),
    });

    const shellPath = ['__spa-fallback.html', 'index.html'].map((f) => join(clientDir, f)).find((p) => existsSync(p));
    // The shell names the site's origin too (a <meta> the browser reads canonical and Open Graph URLs from).
    const shell = shellPath ? readFileSync(shellPath, 'utf8').replaceAll(BUILD_SITE_ORIGIN, publicBaseUrl) : undefined;
    // Prerendered pages are read once and given this deployment's address for canonical/OG links.
    const prerenderedCache = new Map<string, string>();
    const prerenderedHtml = (file: string) => {
      let html = prerenderedCache.get(file);
      if (html === undefined) {
        html = readFileSync(file, 'utf8').replaceAll(BUILD_SITE_ORIGIN, publicBaseUrl);
        prerenderedCache.set(file, html);
      }
      return html;
    };

    app.setNotFoundHandler((request: FastifyRequest, reply: FastifyReply) => {
      const path = request.url.split('?')[0] ?? '/';
      if (path.startsWith('/api/') || (request.method !== 'GET' && request.method !== 'HEAD')) return apiNotFound(reply);
      // A missing file (an old hashed asset, a typo) is a plain 404, not the app page.
      if (/\.[a-z0-9]+$/i.test(path)) return apiNotFound(reply);
      // A public page asked for with a trailing slash: its one address, where it is rendered.
      const trimmed = path.replace(/\/+$/, '');
      if (publicPages && trimmed !== path && publicPages.paths.includes(trimmed || '/')) return reply.redirect(trimmed || '/', 301);
      const prerendered = prerenderedFile(clientDir, path);
      if (prerendered) return sendPage(reply, prerenderedHtml(prerendered));
      if (!shell) return apiNotFound(reply);
      return sendPage(reply.status(isKnownClientPath(path) ? 200 : 404), shell);
    });
  },
  { name: 'web' },
);

function prerenderedFile(clientDir: string, path: string): string | undefined {
  let decoded: string;
  try {
    decoded = decodeURIComponent(path);
  } catch {
    return undefined;
  }
  const clean = normalize(decoded).replace(/^(\.\.[/\\])+/, '');
  const candidate = join(clientDir, clean, 'index.html');
  return candidate.startsWith(clientDir) && existsSync(candidate) ? candidate : undefined;
}

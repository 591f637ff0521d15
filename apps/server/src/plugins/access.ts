import { fromNodeHeaders } from 'better-auth/node';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { revealingDatabaseOutage } from '../lib/database-errors';
import { AppError } from '../lib/errors';
import type { Auth } from '../modules/auth/auth';
import { getProfileSummary, type ProfileSummary } from '../modules/users/users.service';

export type Viewer = ProfileSummary;

/** A route's request schemas as it was declared (zod schemas on our routes). */
export interface RouteSchemas {
  body?: unknown;
  querystring?: unknown;
  params?: unknown;
}

declare module 'fastify' {
  interface FastifyInstance {
    auth: Auth;
    publicBaseUrl: string;
    /**
     * Every /api route with the access it was given and its request schemas, for the tests that enumerate
     * them (authorisation, refused control characters).
     */
    routeAccess: Array<{ method: string; url: string; access: 'public' | 'user' | 'admin'; schema?: RouteSchemas }>;
    /** The signed-in user of this request with the role read from the database, or null. */
    viewer(request: FastifyRequest): Promise<Viewer | null>;
  }
  interface FastifyRequest {
    viewerCache?: Promise<Viewer | null>;
  }
  interface FastifyContextConfig {
    /** 'public' routes skip the session check; everything else under /api requires one. */
    access?: 'public' | 'user' | 'admin';
  }
}

/**
 * The single place that decides who may call what:
 * - every route under /api/admin/ requires an administrator, whatever its own options say;
 * - every other /api route requires a signed-in user unless it is declared `config.access = 'public'`;
 * - what a guarded route answers is never cached (`cache-control: no-store`).
 * Handlers then read `request.viewer` and scope every query to that user's id.
 */
const noStore = async (_request: FastifyRequest, reply: FastifyReply, payload: unknown) => {
  reply.header('cache-control', 'no-store');
  return payload;
};

export const accessPlugin = fp<{ auth: Auth; publicBaseUrl: string }>(
  async (app: FastifyInstance, options) => {
    app.decorate('auth', options.auth);
    app.decorate('publicBaseUrl', options.publicBaseUrl);
    app.decorate('routeAccess', []);
    app.decorate('viewer', (request: FastifyRequest) => {
      request.viewerCache ??= (async () => {
        // better-auth turns a failed lookup into a bare 500; a database out of reach is a 503 (try again soon).
        const found = await revealingDatabaseOutage(app.db, () =>
          options.auth.api.getSession({ headers: fromNodeHeaders(request.headers) }),
        );
        if (!found) return null;
        return (await getProfileSummary(app.db, found.user.id)) ?? null;
      })();
      return request.viewerCache;
    });

    app.addHook('onRoute', (route) => {
      const url = route.url;
      if (url === '/api/auth/*') {
        // better-auth's own endpoints (its session, sign-out, the e-mailed links), behind one catch-all route that
        // opens only those: what they answer is as private as the rest. Sira's own /api/auth routes are checked below.
        const existing = route.onSend ? (Array.isArray(route.onSend) ? route.onSend : [route.onSend]) : [];
        route.onSend = [noStore, ...existing];
        return;
      }
      if (!url.startsWith('/api/')) return;
      const declared = (route.config as { access?: string } | undefined)?.access;
      const access = url.startsWith('/api/admin/') ? 'admin' : declared === 'public' ? 'public' : 'user';
      const schema = route.schema as RouteSchemas | undefined;
      for (const method of [route.method].flat()) app.routeAccess.push({ method: String(method), url, access, schema });
      if (access === 'public') return;
      const check = async (request: FastifyRequest, reply: FastifyReply) => {
        const viewer = await app.viewer(request);
        if (!viewer) throw new AppError(401, 'UNAUTHORIZED');
        if (access === 'admin' && !viewer.isAdmin) throw new AppError(403, 'FORBIDDEN');
        // What a signed-in route answers is someone's data (the audit log holds copies of rows): no browser
        // or proxy keeps it. A handler may still set its own header.
        reply.header('cache-control', 'no-store');
      };
      const existing = route.onRequest ? (Array.isArray(route.onRequest) ? route.onRequest : [route.onRequest]) : [];
      route.onRequest = [check, ...existing];
    });
  },
  { name: 'access', dependencies: ['errors'] },
);

/** The viewer of a route that the access plugin already guarded. */
export async function requireViewer(request: FastifyRequest): Promise<Viewer> {
  const viewer = await request.server.viewer(request);
  if (!viewer) throw new AppError(401, 'UNAUTHORIZED');
  return viewer;
}

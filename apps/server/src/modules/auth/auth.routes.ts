import { sessionSchema } from '@sira/shared/schemas';
import { fromNodeHeaders } from 'better-auth/node';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { assertDatabaseReachable } from '../../lib/database-errors';

/** better-auth's endpoints under /api/auth/*, and /api/session: who is signed in, with the role decided here. */
export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  app.route({
    method: ['GET', 'POST'],
    url: '/api/auth/*',
    async handler(request, reply) {
      const url = new URL(request.url, app.publicBaseUrl);
      // better-auth's sign-out clears the cookie even when it could not delete the session row, so a sign-out
      // during an outage would look done while the session stayed valid: it waits for the database instead.
      if (url.pathname === '/api/auth/sign-out') await assertDatabaseReachable(app.db);
      const body = request.method === 'POST' && request.body !== undefined ? JSON.stringify(request.body) : undefined;
      const response = await app.auth.handler(
        new Request(url, { method: request.method, headers: fromNodeHeaders(request.headers), ...(body ? { body } : {}) }),
      );
      // better-auth answers its own database failures with a bare 500 (sign-out during an outage, say).
      if (response.status >= 500) await assertDatabaseReachable(app.db);
      reply.status(response.status);
      response.headers.forEach((value, key) => {
        if (key.toLowerCase() !== 'set-cookie') reply.header(key, value);
      });
      const cookies = response.headers.getSetCookie();
      if (cookies.length) reply.header('set-cookie', cookies);
      const text = await response.text();
      return reply.send(text.length ? text : null);
    },
  });

  app.get('/api/session', { config: { access: 'public' }, schema: { response: { 200: sessionSchema } } }, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    const viewer = await app.viewer(request);
    return { user: viewer ? { id: viewer.id, email: viewer.email, isAdmin: viewer.isAdmin } : null };
  });
};

import { paths } from '@sira/shared';
import { contract } from '@sira/shared/contract';
import { fromNodeHeaders } from 'better-auth/node';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Database } from '../../db/client';
import { revealingDatabaseOutage } from '../../lib/database-errors';
import { endpoint } from '../../lib/endpoint';
import { AppError } from '../../lib/errors';
import { consumeRateLimits } from '../../lib/rate-limit';
import { resetLinkLimit } from './reset-link-limit';

/**
 * The better-auth endpoints reached over HTTP: the session (read), sign-out (the web's button) and the links in
 * the confirmation and reset e-mails. Every other one answers 404, whether or not auth.ts disables it: sign-up, sign-in
 * and reset go through Sira's own /api/auth routes (auth-flows.routes.ts: our rules and rate limits), and endpoints nothing uses — verify-password
 * would take unlimited guesses from a signed-in session — stay closed when a better-auth upgrade adds more.
 */
const OPEN_ENDPOINTS = new Set(['GET /api/auth/get-session', 'POST /api/auth/sign-out', 'GET /api/auth/verify-email']);
/** The reset e-mail's link, which checks its token and leads to the web's form. */
const RESET_LINK = /^\/api\/auth\/reset-password\/[^/]+$/;

const isResetLink = (method: string, pathname: string) => method === 'GET' && RESET_LINK.test(pathname);
const isOpen = (method: string, pathname: string) => OPEN_ENDPOINTS.has(`${method} ${pathname}`) || isResetLink(method, pathname);

/** The token of a reset link's path, as better-auth reads it. */
function resetLinkToken(pathname: string): string {
  const segment = pathname.slice(pathname.lastIndexOf('/') + 1);
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

/**
 * Whether this address may have one more reset token checked (reset-link-limit.ts). Over the limit the link
 * checks nothing: it passes the token on to the page unchecked, the same answer for a live token and a made-up
 * one, and the page's own check, limited by the same count, tells the person in Arabic to wait — a 429 here
 * would put a bare JSON answer in the browser of whoever opened the e-mail.
 */
async function mayCheckResetLink(db: Database, ip: string): Promise<boolean> {
  try {
    await consumeRateLimits(db, [resetLinkLimit(ip)]);
    return true;
  } catch (error) {
    if (error instanceof AppError && error.statusCode === 429) return false;
    throw error;
  }
}

/**
 * better-auth's endpoints under /api/auth/* (more specific /api/auth routes of Sira's own take precedence), and
 * /api/auth/session: who is signed in, with the role decided here.
 */
export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  app.route({
    method: ['GET', 'POST'],
    url: '/api/auth/*',
    async handler(request, reply) {
      const url = new URL(request.url, app.publicBaseUrl);
      if (!isOpen(request.method, url.pathname)) throw new AppError(404, 'NOT_FOUND');
      if (isResetLink(request.method, url.pathname) && !(await mayCheckResetLink(app.db, request.ip))) {
        const token = encodeURIComponent(resetLinkToken(url.pathname));
        return reply.redirect(`${paths.resetPassword}?token=${token}`, 302);
      }
      const body = request.method === 'POST' && request.body !== undefined ? JSON.stringify(request.body) : undefined;
      // better-auth answers its own database failures with a bare 500 — and its sign-out with a success that
      // clears the cookie though the session row could not be deleted: during an outage both become a 503, and
      // the browser keeps its cookie and its honest "still signed in".
      const response = await revealingDatabaseOutage(
        app.db,
        () =>
          app.auth.handler(
            new Request(url, { method: request.method, headers: fromNodeHeaders(request.headers), ...(body ? { body } : {}) }),
          ),
        (answer) => answer.status >= 500,
      );
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

  app.route({
    ...endpoint(contract.auth.session),
    config: { access: 'public' },
    handler: async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const viewer = await app.viewer(request);
      return { user: viewer ? { id: viewer.id, email: viewer.email, isAdmin: viewer.isAdmin } : null };
    },
  });
};

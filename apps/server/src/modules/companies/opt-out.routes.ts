import { oneClickAnswer } from '@sira/shared/messages/opt-out';
import { optOutChoiceSchema, optOutTokenParamsSchema, optOutViewSchema } from '@sira/shared/schemas/opt-out';
import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../lib/errors';
import { consumeRateLimits } from '../../lib/rate-limit';
import { applyOptOut, describeOptOut, type OptOutOutcome } from './opt-out.service';
import { createOptOutLinks, type OptOutClaim } from './opt-out-link';

/**
 * The receiving company's side of the opt-out (ADR 013), public: the link's token is the only credential.
 * - GET/POST /api/opt-out/:token — what the page at /opt-out/:token (a client route of the web app) reads and
 *   sends: stop, or send to another address instead.
 * - POST /opt-out/:token — the one-click unsubscribe of RFC 8058: the URL of the List-Unsubscribe header, to
 *   which a mail client posts `List-Unsubscribe=One-Click`; it stops CVs to the address at once. A GET of the
 *   same URL is the page.
 */
export const optOutRoutes: FastifyPluginAsyncZod = async (app) => {
  const links = createOptOutLinks(app.secretBox, app.publicBaseUrl);
  const publicRoute = { config: { access: 'public' as const } };

  const claimOf = (token: string): OptOutClaim => {
    const claim = links.verify(token);
    if (!claim) throw new AppError(404, 'OPT_OUT_LINK_INVALID');
    return claim;
  };

  app.get(
    '/api/opt-out/:token',
    { ...publicRoute, schema: { params: optOutTokenParamsSchema, response: { 200: optOutViewSchema } } },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return describeOptOut(app.db, claimOf(request.params.token));
    },
  );

  app.post(
    '/api/opt-out/:token',
    { ...publicRoute, schema: { params: optOutTokenParamsSchema, body: optOutChoiceSchema, response: { 200: optOutViewSchema } } },
    async (request, reply) => {
      const claim = claimOf(request.params.token);
      await consumeRateLimits(app.db, [{ key: `opt-out:ip:${request.ip}`, max: 30, windowSeconds: 600 }]);
      const outcome = await applyOptOut(app.db, claim, request.body, 'page');
      announce(app, outcome);
      reply.header('cache-control', 'no-store');
      return outcome.view;
    },
  );

  await app.register(async (oneClick) => {
    // RFC 8058 bodies come as application/x-www-form-urlencoded or multipart/form-data; this route alone reads
    // them, as text (the body only says "List-Unsubscribe=One-Click"; the token is the whole authority).
    oneClick.removeAllContentTypeParsers();
    oneClick.addContentTypeParser('*', { parseAs: 'string', bodyLimit: 4096 }, (_request, body, done) => done(null, body));
    oneClick.post<{ Params: { token: string } }>('/opt-out/:token', async (request, reply) => {
      const claim = claimOf(String(request.params.token));
      const outcome = await applyOptOut(app.db, claim, { choice: 'stop' }, 'one_click');
      announce(app, outcome);
      return reply.header('cache-control', 'no-store').type('text/plain; charset=utf-8').send(oneClickAnswer);
    });
  });
};

/** The users whose waiting deliveries ended: their dashboards and balances change. */
function announce(app: FastifyInstance, outcome: OptOutOutcome): void {
  for (const profileId of outcome.affectedProfiles) {
    app.events.publish({ topic: 'sending', profileId });
    app.events.publish({ topic: 'profile', profileId });
  }
}

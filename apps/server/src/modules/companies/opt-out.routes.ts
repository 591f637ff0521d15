import { contract } from '@sira/shared/contract';
import { oneClickAnswer } from '@sira/shared/messages/opt-out';
import { sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { endpoint } from '../../lib/endpoint';
import { AppError } from '../../lib/errors';
import { consumeRateLimits } from '../../lib/rate-limit';
import { optOutConfirmationEmail } from '../../mail/opt-out-templates';
import { applyOptOut, confirmRequest, describeConfirmation, describeOptOut, type Requester } from './opt-out.service';
import { createOptOutConfirmationLinks } from './opt-out-confirmation-link';
import { createOptOutLinks, type OptOutClaim } from './opt-out-link';

/** Tokens that fail their signature, per client address: a person mistypes a few; a guesser is stopped. */
const INVALID_TOKENS = { max: 20, windowSeconds: 600 };
/** Choices made through links, per client address (the page and the one-click POST together). */
const CHOICES = { max: 30, windowSeconds: 600 };
/** Confirmation mails to one address a day: enough for a company, too few to flood its mailbox. */
const CONFIRMATION_MAILS_PER_ADDRESS = { max: 5, windowSeconds: 86_400 };

/**
 * The receiving company's side of the opt-out (ADR 013, ADR 018), public: the link's token is the only credential.
 * - GET/POST /api/opt-out/:token — what the page at /opt-out/:token (a client route of the web app) reads and
 *   sends: stop this sender, stop every user (confirmed from the address), or another address instead.
 * - POST /opt-out/:token — the one-click unsubscribe of RFC 8058: the URL of the List-Unsubscribe header, to
 *   which a mail client posts `List-Unsubscribe=One-Click`; it stops the sender's mail at once.
 * - GET/POST /api/opt-out/confirm/:token — the confirmation mailed to the company's address: its page reads,
 *   and its button confirms (a GET changes nothing, since mail scanners open links).
 */
export const optOutRoutes: FastifyPluginAsyncZod = async (app) => {
  const links = createOptOutLinks(app.secretBox, app.publicBaseUrl);
  const confirmations = createOptOutConfirmationLinks(app.secretBox, app.publicBaseUrl);
  const publicRoute = { config: { access: 'public' as const } };

  const refuseInvalid = async (request: FastifyRequest, code: string): Promise<never> => {
    await consumeRateLimits(app.db, [{ key: `opt-out:invalid:ip:${request.ip}`, ...INVALID_TOKENS }]);
    throw new AppError(404, code);
  };
  const claimOf = async (request: FastifyRequest, token: string): Promise<OptOutClaim> =>
    links.verify(token) ?? refuseInvalid(request, 'OPT_OUT_LINK_INVALID');
  const requestIdOf = async (request: FastifyRequest, token: string): Promise<string> =>
    confirmations.verify(token) ?? refuseInvalid(request, 'OPT_OUT_CONFIRMATION_INVALID');
  const requesterOf = async (request: FastifyRequest): Promise<Requester> => ({
    viewerId: (await app.viewer(request))?.id ?? null,
    ip: request.ip,
  });
  const limitChoices = (request: FastifyRequest) => consumeRateLimits(app.db, [{ key: `opt-out:ip:${request.ip}`, ...CHOICES }]);

  app.route({
    ...endpoint(contract.companies.optOut),
    ...publicRoute,
    handler: async (request, reply) => {
      const claim = await claimOf(request, request.params.token);
      reply.header('cache-control', 'no-store');
      return describeOptOut(app.db, claim, await requesterOf(request));
    },
  });

  app.route({
    ...endpoint(contract.companies.chooseOptOut),
    ...publicRoute,
    handler: async (request, reply) => {
      const claim = await claimOf(request, request.params.token);
      await limitChoices(request);
      const outcome = await applyOptOut(app.db, claim, request.body, 'page', await requesterOf(request));
      announce(app, outcome.affectedProfiles);
      const confirmation = outcome.confirmation;
      if (confirmation) {
        try {
          await consumeRateLimits(app.db, [{ key: `opt-out:confirm-mail:${confirmation.email}`, ...CONFIRMATION_MAILS_PER_ADDRESS }]);
          await app.mailer.send({
            to: confirmation.email,
            ...optOutConfirmationEmail({ ...confirmation, url: confirmations.url(confirmation.requestId) }),
          });
        } catch (error) {
          // Without its mail the request could never be confirmed: it is withdrawn so the link can ask again.
          await app.db.execute(sql`delete from opt_out_requests where id = ${confirmation.requestId}::uuid and status = 'unconfirmed'`);
          if (error instanceof AppError) throw error;
          request.log.error({ err: error }, 'opt-out confirmation e-mail could not be sent');
          throw new AppError(503, 'MAIL_NOT_SENT');
        }
      }
      reply.header('cache-control', 'no-store');
      return outcome.view;
    },
  });

  app.route({
    ...endpoint(contract.companies.optOutConfirmation),
    ...publicRoute,
    handler: async (request, reply) => {
      const requestId = await requestIdOf(request, request.params.token);
      reply.header('cache-control', 'no-store');
      return describeConfirmation(app.db, requestId);
    },
  });

  app.route({
    ...endpoint(contract.companies.confirmOptOut),
    ...publicRoute,
    handler: async (request, reply) => {
      const requestId = await requestIdOf(request, request.params.token);
      await limitChoices(request);
      const outcome = await confirmRequest(app.db, requestId);
      announce(app, outcome.affectedProfiles);
      reply.header('cache-control', 'no-store');
      return outcome.view;
    },
  });

  await app.register(async (oneClick) => {
    // RFC 8058 bodies come as application/x-www-form-urlencoded or multipart/form-data; this route alone reads
    // them, as text (the body only says "List-Unsubscribe=One-Click"; the token is the whole authority).
    oneClick.removeAllContentTypeParsers();
    oneClick.addContentTypeParser('*', { parseAs: 'string', bodyLimit: 4096 }, (_request, body, done) => done(null, body));
    oneClick.post<{ Params: { token: string } }>('/opt-out/:token', async (request, reply) => {
      const claim = await claimOf(request, String(request.params.token));
      await limitChoices(request);
      const outcome = await applyOptOut(app.db, claim, { choice: 'stop' }, 'one_click', { viewerId: null, ip: request.ip });
      announce(app, outcome.affectedProfiles);
      return reply.header('cache-control', 'no-store').type('text/plain; charset=utf-8').send(oneClickAnswer);
    });
  });
};

/** The users whose waiting deliveries ended: their dashboards and balances change. */
function announce(app: FastifyInstance, profileIds: readonly string[]): void {
  for (const profileId of profileIds) {
    app.events.publish({ topic: 'sending', profileId });
    app.events.publish({ topic: 'profile', profileId });
  }
}

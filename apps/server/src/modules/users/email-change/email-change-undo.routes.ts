import { contract } from '@sira/shared/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { endpoint } from '../../../lib/endpoint';
import { AppError } from '../../../lib/errors';
import { consumeRateLimits } from '../../../lib/rate-limit';
import { describeUndo, undoEmailChange } from './email-change-undo.service';
import { createEmailChangeUndoLinks } from './undo-link';

/**
 * Undoing an e-mail change (ADR 012), public: the link mailed to the old address is the only credential. What
 * the page at /email-change-undo/:token (a client route of the web app) reads and sends:
 * - GET /api/users/email-change-undo/:token — what the undo will do; changes nothing (mail scanners open links);
 * - POST — does it, a few times an hour per address.
 */
export const emailChangeUndoRoutes: FastifyPluginAsyncZod = async (app) => {
  const links = createEmailChangeUndoLinks(app.secretBox, app.publicBaseUrl);
  const publicRoute = { config: { access: 'public' as const } };
  const changeOf = (token: string) => {
    const changeId = links.verify(token);
    if (!changeId) throw new AppError(404, 'EMAIL_CHANGE_UNDO_INVALID');
    return changeId;
  };

  app.route({
    ...endpoint(contract.users.emailChangeUndo),
    ...publicRoute,
    handler: async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return describeUndo(app.db, changeOf(request.params.token));
    },
  });

  app.route({
    ...endpoint(contract.users.undoEmailChange),
    ...publicRoute,
    handler: async (request, reply) => {
      reply.header('cache-control', 'no-store');
      await consumeRateLimits(app.db, [{ key: `email-change-undo:ip:${request.ip}`, max: 10, windowSeconds: 3600 }]);
      const authContext = await app.auth.$context;
      const undone = await undoEmailChange(
        { db: app.db, hashPassword: (password) => authContext.password.hash(password) },
        changeOf(request.params.token),
      );
      request.log.info({ userId: undone.userId }, 'e-mail change undone');
      // Open pages of the account reload and find themselves signed out.
      app.events.publish({ topic: 'profile', profileId: undone.userId });
      return { email: undone.email, resetToken: undone.resetToken };
    },
  });
};

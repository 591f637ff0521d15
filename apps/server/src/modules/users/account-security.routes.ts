import { contract } from '@sira/shared/contract';
import { fromNodeHeaders } from 'better-auth/node';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { revealingDatabaseOutage } from '../../lib/database-errors';
import { endpoint } from '../../lib/endpoint';
import { AppError } from '../../lib/errors';
import { requireViewer } from '../../plugins/access';
import { readRetentionDays, retentionNotice } from './retention';
import { otherSessionIds, recentSignIns } from './sign-ins';

/**
 * What the dashboard shows a user about their account's safety and their data: recent sign-ins, "sign out
 * everywhere else", and when their résumés and message bodies will be erased (ADR 012).
 */
export const accountSecurityRoutes: FastifyPluginAsyncZod = async (app) => {
  const currentSession = async (headers: Parameters<typeof fromNodeHeaders>[0]) => {
    const found = await revealingDatabaseOutage(app.db, () => app.auth.api.getSession({ headers: fromNodeHeaders(headers) }));
    if (!found) throw new AppError(401, 'UNAUTHORIZED');
    return found;
  };

  app.route({
    ...endpoint(contract.users.signIns),
    handler: async (request) => {
      const viewer = await requireViewer(request);
      const { session } = await currentSession(request.headers);
      return { signIns: await recentSignIns(app.db, viewer.id, session.id) };
    },
  });

  // better-auth ends every other unexpired session of the user; this browser's stays.
  app.route({
    ...endpoint(contract.users.signOutOthers),
    handler: async (request) => {
      const viewer = await requireViewer(request);
      const { session } = await currentSession(request.headers);
      const others = await otherSessionIds(app.db, viewer.id, session.id);
      await revealingDatabaseOutage(app.db, () => app.auth.api.revokeOtherSessions({ headers: fromNodeHeaders(request.headers) }));
      return { ended: others.length };
    },
  });

  app.route({
    ...endpoint(contract.users.retentionNotice),
    handler: async (request) => {
      const viewer = await requireViewer(request);
      return retentionNotice(app.db, viewer.id, await readRetentionDays(app.db));
    },
  });
};

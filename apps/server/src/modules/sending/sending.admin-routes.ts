import { contract } from '@sira/shared/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { endpoint } from '../../lib/endpoint';
import { requireViewer } from '../../plugins/access';
import { listFailedEmails } from './failed-emails.service';
import { listSendingLogs, readSendingSettings, updateSendingSettings } from './sending.admin-service';
import { readSendingPauseState, setSendingPause } from './sending-pause';
import { readSendingWindow, updateSendingWindow } from './sending-window-settings';

/**
 * The admin email_settings and email_logs tabs (spec §2), and the failed e-mails table the companies tab shows.
 * Admin-only by the /api/admin/ prefix.
 */
export const sendingAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  app.route({
    ...endpoint(contract.sending.adminSettings),
    handler: async (_request, reply) => {
      reply.header('cache-control', 'no-store');
      return readSendingSettings(app.db);
    },
  });

  app.route({
    ...endpoint(contract.sending.updateAdminSettings),
    handler: async (request) => updateSendingSettings(app.db, await requireViewer(request), request.body),
  });

  // The sending window (Saudi time) and holidays that working-hours jobs keep (ADR 014).
  app.route({
    ...endpoint(contract.sending.adminWindow),
    handler: async (_request, reply) => {
      reply.header('cache-control', 'no-store');
      return readSendingWindow(app.db);
    },
  });

  app.route({
    ...endpoint(contract.sending.updateAdminWindow),
    // Workers drop the rests they planned under the old window when they next read the settings.
    handler: async (request) => updateSendingWindow(app.db, await requireViewer(request), request.body),
  });

  // Pause all sending, and resume it (ADR 019); SENDING_PAUSED on the server wins, and the answer says so.
  app.route({
    ...endpoint(contract.sending.adminPause),
    handler: async (_request, reply) => {
      reply.header('cache-control', 'no-store');
      return readSendingPauseState(app.db, app.env.sendingPaused);
    },
  });

  app.route({
    ...endpoint(contract.sending.updateAdminPause),
    handler: async (request) =>
      setSendingPause(
        { db: app.db, events: app.events, environment: app.env.sendingPaused },
        await requireViewer(request),
        request.body.paused,
      ),
  });

  app.route({
    ...endpoint(contract.sending.adminLogs),
    handler: async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return listSendingLogs(app.db, request.query);
    },
  });

  app.route({
    ...endpoint(contract.sending.adminFailedEmails),
    handler: async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return listFailedEmails(app.db, request.query);
    },
  });
};

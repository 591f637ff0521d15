import {
  adminFailedEmailsPageSchema,
  adminFailedEmailsQuerySchema,
  sendingLogPageSchema,
  sendingLogsQuerySchema,
  sendingPauseInputSchema,
  sendingPauseSchema,
  sendingSettingsInputSchema,
  sendingSettingsSchema,
} from '@sira/shared/schemas/sending-admin';
import { sendingWindowSchema } from '@sira/shared/schemas/sending-window';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
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
  app.get('/api/admin/sending/settings', { schema: { response: { 200: sendingSettingsSchema } } }, async (_request, reply) => {
    reply.header('cache-control', 'no-store');
    return readSendingSettings(app.db);
  });

  app.put(
    '/api/admin/sending/settings',
    { schema: { body: sendingSettingsInputSchema, response: { 200: sendingSettingsSchema } } },
    async (request) => updateSendingSettings(app.db, await requireViewer(request), request.body),
  );

  // The sending window (Saudi time) and holidays that working-hours jobs keep (ADR 014).
  app.get('/api/admin/sending/window', { schema: { response: { 200: sendingWindowSchema } } }, async (_request, reply) => {
    reply.header('cache-control', 'no-store');
    return readSendingWindow(app.db);
  });

  app.put(
    '/api/admin/sending/window',
    { schema: { body: sendingWindowSchema, response: { 200: sendingWindowSchema } } },
    // Workers drop the rests they planned under the old window when they next read the settings.
    async (request) => updateSendingWindow(app.db, await requireViewer(request), request.body),
  );

  // Pause all sending, and resume it (ADR 019); SENDING_PAUSED on the server wins, and the answer says so.
  app.get('/api/admin/sending/pause', { schema: { response: { 200: sendingPauseSchema } } }, async (_request, reply) => {
    reply.header('cache-control', 'no-store');
    return readSendingPauseState(app.db, app.env.sendingPaused);
  });

  app.put(
    '/api/admin/sending/pause',
    { schema: { body: sendingPauseInputSchema, response: { 200: sendingPauseSchema } } },
    async (request) =>
      setSendingPause(
        { db: app.db, events: app.events, environment: app.env.sendingPaused },
        await requireViewer(request),
        request.body.paused,
      ),
  );

  app.get(
    '/api/admin/sending/logs',
    { schema: { querystring: sendingLogsQuerySchema, response: { 200: sendingLogPageSchema } } },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return listSendingLogs(app.db, request.query);
    },
  );

  app.get(
    '/api/admin/sending/failed-emails',
    { schema: { querystring: adminFailedEmailsQuerySchema, response: { 200: adminFailedEmailsPageSchema } } },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return listFailedEmails(app.db, request.query);
    },
  );
};

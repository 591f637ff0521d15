import { retentionSettingsSchema } from '@sira/shared/schemas/retention';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { recordAudit } from '../../lib/audit';
import { requireViewer } from '../../plugins/access';
import { RETENTION_SETTING_KEY, readRetentionDays, writeRetentionDays } from './retention';

/** The retention period on the admin's sending settings tab (ADR 012). */
export const retentionAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/api/admin/retention', { schema: { response: { 200: retentionSettingsSchema } } }, async () => ({
    days: await readRetentionDays(app.db),
  }));

  app.put(
    '/api/admin/retention',
    { schema: { body: retentionSettingsSchema, response: { 200: retentionSettingsSchema } } },
    async (request) => {
      const viewer = await requireViewer(request);
      await app.db.transaction(async (tx) => {
        const before = await readRetentionDays(tx);
        await writeRetentionDays(tx, request.body.days);
        await recordAudit(tx, {
          actor: viewer,
          action: 'retention.update',
          entity: 'settings',
          entityId: RETENTION_SETTING_KEY,
          before: { days: before },
          after: { days: request.body.days },
        });
      });
      return { days: request.body.days };
    },
  );
};

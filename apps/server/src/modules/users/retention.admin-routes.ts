import { contract } from '@sira/shared/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { recordAudit } from '../../lib/audit';
import { endpoint } from '../../lib/endpoint';
import { requireViewer } from '../../plugins/access';
import { RETENTION_SETTING_KEY, readRetentionDays, writeRetentionDays } from './retention';

/** The retention period on the admin's sending settings tab (ADR 012). */
export const retentionAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  app.route({
    ...endpoint(contract.users.adminRetention),
    handler: async () => ({
      days: await readRetentionDays(app.db),
    }),
  });

  app.route({
    ...endpoint(contract.users.updateAdminRetention),
    handler: async (request) => {
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
  });
};

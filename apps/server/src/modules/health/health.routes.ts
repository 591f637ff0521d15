import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { databaseIsReady } from '../../db/seed/seed';

/**
 * Liveness (the process answers, even while it waits for its database) and readiness (the database answers and
 * is migrated). Readiness also names
 * the environment, so a staging deployment (ADR 009) is never taken for production.
 */
export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/healthz', { schema: { response: { 200: z.object({ status: z.literal('ok') }) } } }, async () => ({ status: 'ok' as const }));

  app.get(
    '/readyz',
    {
      schema: {
        response: {
          200: z.object({ status: z.literal('ready'), environment: z.enum(['embedded', 'production', 'staging']) }),
          503: z.object({ code: z.string() }),
        },
      },
    },
    async (request, reply) => {
      // Still waiting for the database, or migrating it (plugins/startup-gate.ts): not a failure to log.
      if (!app.databaseReady()) return reply.status(503).send({ code: 'NOT_READY' });
      try {
        await databaseIsReady(app.db);
        const environment = app.env.sandboxUrl ? ('staging' as const) : app.env.mode;
        return { status: 'ready' as const, environment };
      } catch (error) {
        request.log.warn({ err: error }, 'readiness check failed');
        return reply.status(503).send({ code: 'NOT_READY' });
      }
    },
  );
};

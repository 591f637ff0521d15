import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/**
 * Staging (production mode with SANDBOX_URL, ADR 009) must never pass for production: every answer carries
 * `x-sira-environment: staging` (and /readyz says `"environment": "staging"`). On start, while the admin's
 * Google client is still the sandbox's seeded one without a secret, the sandbox's public client secret is
 * stored, as embedded mode stores its own (sandbox/google/index.ts).
 */
export const stagingPlugin = fp(
  async (app: FastifyInstance) => {
    app.addHook('onRequest', async (_request, reply) => {
      reply.header('x-sira-environment', 'staging');
    });
    app.onDatabaseReady(async () => {
      // Staging only: loaded here, so the production bundle does not carry it.
      const { useStagingGoogleClient } = await import('../sandbox/staging-client');
      await useStagingGoogleClient(app.db, app.secretBox);
    });
  },
  { name: 'sira-staging', dependencies: ['startup-gate'] },
);

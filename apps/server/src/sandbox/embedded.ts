import type { FastifyInstance } from 'fastify';
import { GOOGLE_SANDBOX_PREFIX } from '../config/providers';
import { embeddedGoogleSandbox } from './google';
import { outboxRoutes } from './outbox.routes';
import { embeddedPaylinkSandbox } from './paylink';
import { refuseOtherMachines } from './this-machine-only';

/**
 * The loopback stand-ins for third parties that embedded mode mounts (Google, the payment gateway, the
 * outbox), answering this machine only (this-machine-only.ts). app.ts loads this module with a dynamic import
 * in embedded mode only, so the build puts the sandboxes in a chunk of their own that a production server
 * never loads.
 */
export async function registerEmbeddedSandboxes(
  app: FastifyInstance,
  options: { appSecret: string; publicBaseUrl: string; dataDir: string | undefined },
): Promise<void> {
  await app.register(async (sandboxes) => {
    sandboxes.addHook('onRequest', refuseOtherMachines);
    await sandboxes.register(outboxRoutes);
    await sandboxes.register(embeddedGoogleSandbox, {
      prefix: GOOGLE_SANDBOX_PREFIX,
      appSecret: options.appSecret,
      dataDir: options.dataDir,
    });
    await sandboxes.register(embeddedPaylinkSandbox, { publicBaseUrl: options.publicBaseUrl, dataDir: options.dataDir });
  });
}

import type { FastifyInstance } from 'fastify';
import { GOOGLE_SANDBOX_PREFIX, MICROSOFT_SANDBOX_PREFIX } from '../config/providers';
import type { SmtpNetworkRules } from '../modules/mailbox/providers/smtp/smtp-settings';
import { embeddedGoogleSandbox } from './google';
import { embeddedMicrosoftSandbox } from './microsoft';
import { outboxRoutes } from './outbox.routes';
import { embeddedPaylinkSandbox } from './paylink';
import { embeddedSmtpSandbox, SMTP_SANDBOX_PREFIX } from './smtp';
import { refuseOtherMachines } from './this-machine-only';

/**
 * The loopback stand-ins for third parties that embedded mode mounts (Google, Microsoft, the payment gateway, the
 * outbox), answering this machine only (this-machine-only.ts). app.ts loads this module with a dynamic import
 * in embedded mode only, so the build puts the sandboxes in a chunk of their own that a production server
 * never loads.
 */
export async function registerEmbeddedSandboxes(
  app: FastifyInstance,
  options: { appSecret: string; publicBaseUrl: string; dataDir: string | undefined; smtpRules: SmtpNetworkRules },
): Promise<void> {
  await app.register(async (sandboxes) => {
    sandboxes.addHook('onRequest', refuseOtherMachines);
    await sandboxes.register(outboxRoutes);
    await sandboxes.register(embeddedGoogleSandbox, {
      prefix: GOOGLE_SANDBOX_PREFIX,
      appSecret: options.appSecret,
      dataDir: options.dataDir,
    });
    await sandboxes.register(embeddedMicrosoftSandbox, {
      prefix: MICROSOFT_SANDBOX_PREFIX,
      appSecret: options.appSecret,
      dataDir: options.dataDir,
    });
    await sandboxes.register(embeddedPaylinkSandbox, { publicBaseUrl: options.publicBaseUrl, dataDir: options.dataDir });
    await sandboxes.register(embeddedSmtpSandbox, {
      prefix: SMTP_SANDBOX_PREFIX,
      dataDir: options.dataDir,
      // The worker and the linking routes may then connect to it, trusting its certificate for its host only.
      started: (sandbox) => {
        options.smtpRules.sandbox = { host: sandbox.host, certificate: sandbox.certificate };
      },
    });
  });
}

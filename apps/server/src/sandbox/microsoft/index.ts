import { hkdfSync, randomBytes } from 'node:crypto';
import { join, resolve } from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import { type MicrosoftEndpoints, microsoftSandboxEndpoints } from '../../config/providers';
import { embeddedMicrosoftClientSecret } from '../../modules/mailbox/providers/microsoft/microsoft-client';
import type { SentMessage } from '../google/store';
import { MICROSOFT_SANDBOX_CLIENT_ID, MicrosoftSandboxCore, type SandboxClient } from './core';
import type { MicrosoftFault } from './faults';
import { microsoftSandboxRoutes } from './routes';

export { MICROSOFT_SANDBOX_CLIENT_ID } from './core';
export type { MicrosoftFault } from './faults';

/** The Microsoft sandbox on its own loopback port, for tests and the separate-process entry. */
export interface MicrosoftSandbox {
  baseUrl: string;
  endpoints: MicrosoftEndpoints;
  clientId: string;
  clientSecret: string;
  injectFault(fault: MicrosoftFault): void;
  clearFaults(): void;
  sentMessages(mailbox?: string): SentMessage[];
  /** Consent withdrawn: every refresh token of this mailbox given so far answers invalid_grant. */
  revokeAll(mailbox: string): void;
  setAccessTokenTtl(seconds: number): void;
  close(): Promise<void>;
}

export interface StartMicrosoftSandboxOptions {
  clientId?: string;
  clientSecret?: string;
  redirectUris?: string[];
  /** Scopes granted beyond Sira's (e.g. Mail.ReadWrite, which drafts and upload sessions need). */
  extraScopes?: string[];
  port?: number;
  host?: string;
}

export async function startMicrosoftSandbox(options: StartMicrosoftSandboxOptions = {}): Promise<MicrosoftSandbox> {
  const clientId = options.clientId ?? MICROSOFT_SANDBOX_CLIENT_ID;
  // Azure's client secrets are 40 characters with a `~` in them.
  const clientSecret = options.clientSecret ?? `sbx8Q~${randomBytes(26).toString('base64url').slice(0, 34)}`;
  const client: SandboxClient = { clientSecret, ...(options.redirectUris ? { redirectUris: options.redirectUris } : {}) };
  const core = new MicrosoftSandboxCore({
    secret: randomBytes(32).toString('base64url'),
    clients: async (id) => (id === clientId ? client : undefined),
    ...(options.extraScopes ? { extraScopes: options.extraScopes } : {}),
  });
  const server: FastifyInstance = Fastify({ logger: false, keepAliveTimeout: 30_000 });
  await server.register(microsoftSandboxRoutes, { core });
  const address = await server.listen({ port: options.port ?? 0, host: options.host ?? '127.0.0.1' });
  const baseUrl = address.replace('0.0.0.0', '127.0.0.1');
  return {
    baseUrl,
    endpoints: microsoftSandboxEndpoints(baseUrl),
    clientId,
    clientSecret,
    injectFault: (fault) => core.faults.inject(fault),
    clearFaults: () => core.faults.clear(),
    sentMessages: (mailbox) => core.store.listMessages(mailbox?.toLowerCase()),
    revokeAll: (mailbox) => core.store.revokeAll(mailbox.toLowerCase()),
    setAccessTokenTtl: (seconds) => {
      core.accessTokenTtlSeconds = seconds;
    },
    close: () => server.close(),
  };
}

export { embeddedMicrosoftClientSecret };

const derive = (appSecret: string, purpose: string) =>
  Buffer.from(hkdfSync('sha256', appSecret, 'sira', purpose, 32)).toString('base64url');

/**
 * Embedded mode: the sandbox mounted on the app at /sandbox/microsoft (never in production). Its signing
 * secret comes from APP_SECRET so links survive a restart, and its Sent Items are kept under the data folder.
 * It accepts the sandbox application id with the derived secret and any redirect URI.
 */
export async function embeddedMicrosoftSandbox(
  app: FastifyInstance,
  options: { appSecret: string; dataDir: string | undefined },
): Promise<void> {
  const clientSecret = embeddedMicrosoftClientSecret(options.appSecret);
  const core = new MicrosoftSandboxCore({
    secret: derive(options.appSecret, 'sira:microsoft-sandbox:tokens'),
    clients: async (clientId) => (clientId === MICROSOFT_SANDBOX_CLIENT_ID ? { clientSecret } : undefined),
    storeDir: options.dataDir ? join(resolve(options.dataDir), 'sandbox', 'microsoft') : undefined,
  });
  await app.register(microsoftSandboxRoutes, { core });
}

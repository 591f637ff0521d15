import { hkdfSync, randomBytes } from 'node:crypto';
import { join, resolve } from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import { type GoogleEndpoints, googleSandboxEndpoints } from '../../config/providers';
import { writeSetting } from '../../lib/settings';
import { GMAIL_SETTING_KEY, readGmailSetting } from '../../modules/mailbox/providers/gmail/gmail-settings';
import { GoogleSandboxCore, SANDBOX_CLIENT_ID, type SandboxClient } from './core';
import type { GoogleFault } from './faults';
import { googleSandboxRoutes } from './routes';
import type { SentMessage } from './store';

export { SANDBOX_CLIENT_ID } from './core';
export type { GoogleFault } from './faults';
export type { SentMessage } from './store';

/** The Google sandbox on its own loopback port (contracts.md "A → C, D: Google sandbox"). */
export interface GoogleSandbox {
  baseUrl: string;
  endpoints: GoogleEndpoints;
  /** The OAuth client the sandbox accepts. */
  clientId: string;
  clientSecret: string;
  injectFault(fault: GoogleFault): void;
  clearFaults(): void;
  sentMessages(mailbox?: string): SentMessage[];
  /** Makes every grant of this mailbox given so far answer invalid_grant (as a password change does). */
  revokeAll(mailbox: string): void;
  /** The account's address counts as not verified by Google from now on. */
  markUnverified(mailbox: string): void;
  /** Lifetime of access tokens issued from now on (default 3599 s, as Google's). */
  setAccessTokenTtl(seconds: number): void;
  close(): Promise<void>;
}

export interface StartGoogleSandboxOptions {
  clientId?: string;
  clientSecret?: string;
  /** Registered redirect URIs; any is accepted when absent. */
  redirectUris?: string[];
  /** false keeps only each sent message's headers (throughput benchmarks). */
  keepBodies?: boolean;
  accessTokenTtlSeconds?: number;
  /** Signs its codes and tokens (random when absent); a benchmark that mints tokens itself gives its own. */
  secret?: string;
  port?: number;
  host?: string;
}

export async function startGoogleSandbox(options: StartGoogleSandboxOptions = {}): Promise<GoogleSandbox> {
  const clientId = options.clientId ?? SANDBOX_CLIENT_ID;
  const clientSecret = options.clientSecret ?? `GOCSPX-${randomBytes(18).toString('base64url')}`;
  const client: SandboxClient = { clientSecret, ...(options.redirectUris ? { redirectUris: options.redirectUris } : {}) };
  const core = new GoogleSandboxCore({
    secret: options.secret ?? randomBytes(32).toString('base64url'),
    clients: async (id) => (id === clientId ? client : undefined),
    ...(options.keepBodies === undefined ? {} : { keepBodies: options.keepBodies }),
    ...(options.accessTokenTtlSeconds === undefined ? {} : { accessTokenTtlSeconds: options.accessTokenTtlSeconds }),
  });
  // Many connections at once from the sending workers and benchmarks: keep them alive, log nothing.
  const server: FastifyInstance = Fastify({ logger: false, keepAliveTimeout: 30_000, bodyLimit: 1024 * 1024 });
  await server.register(googleSandboxRoutes, { core });
  const address = await server.listen({ port: options.port ?? 0, host: options.host ?? '127.0.0.1' });
  const baseUrl = address.replace('0.0.0.0', '127.0.0.1');
  return {
    baseUrl,
    endpoints: googleSandboxEndpoints(baseUrl),
    clientId,
    clientSecret,
    injectFault: (fault) => core.faults.inject(fault),
    clearFaults: () => core.faults.clear(),
    sentMessages: (mailbox) => core.store.listMessages(mailbox?.toLowerCase()),
    revokeAll: (mailbox) => core.store.revokeAll(mailbox.toLowerCase()),
    markUnverified: (mailbox) => core.unverified.add(mailbox.toLowerCase()),
    setAccessTokenTtl: (seconds) => {
      core.accessTokenTtlSeconds = seconds;
    },
    close: () => server.close(),
  };
}

const derive = (appSecret: string, purpose: string) =>
  Buffer.from(hkdfSync('sha256', appSecret, 'sira', purpose, 32)).toString('base64url');

/**
 * Embedded mode: the sandbox mounted on the app itself at /sandbox/google (app.ts, never in production).
 * - Its token-signing secret is derived from APP_SECRET, so links survive a restart.
 * - The OAuth client it accepts is the one configured in the admin's gmail settings (id, sealed secret and
 *   redirect URIs): in embedded mode the sandbox *is* Google, and what the admin registered there is what
 *   the settings say. On first start, while the seeded client id is the sandbox's and no secret is stored
 *   yet, a secret derived from APP_SECRET is stored (sealed), so linking works out of the box.
 */
export async function embeddedGoogleSandbox(
  app: FastifyInstance,
  options: { appSecret: string; dataDir: string | undefined },
): Promise<void> {
  const clients = async (clientId: string): Promise<SandboxClient | undefined> => {
    const setting = await readGmailSetting(app.db);
    if (clientId !== setting.client_id || !setting.client_secret) return undefined;
    try {
      return { clientSecret: app.secretBox.open(setting.client_secret), redirectUris: setting.redirect_uris };
    } catch {
      return undefined;
    }
  };
  const core = new GoogleSandboxCore({
    secret: derive(options.appSecret, 'sira:google-sandbox:tokens'),
    clients,
    storeDir: options.dataDir ? join(resolve(options.dataDir), 'sandbox', 'google') : undefined,
  });

  app.onDatabaseReady(async () => {
    const setting = await readGmailSetting(app.db);
    if (setting.client_id !== SANDBOX_CLIENT_ID || setting.client_secret) return;
    const secret = `GOCSPX-${derive(options.appSecret, 'sira:google-sandbox:client-secret').slice(0, 28)}`;
    await writeSetting(app.db, GMAIL_SETTING_KEY, { ...setting, client_secret: app.secretBox.seal(secret) });
  });

  await app.register(googleSandboxRoutes, { core });
}

import { join, resolve } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { selfSignedCertificate } from './certificate';
import { listenSmtp, SmtpSandboxState } from './core';
import { smtpSandboxRoutes } from './routes';

/** Where embedded mode mounts the sandbox's pages, and where the sandboxes process does (below SANDBOX_URL). */
export const SMTP_SANDBOX_PREFIX = '/sandbox/smtp';
export const STANDALONE_SMTP_SANDBOX_PATH = '/smtp';

/** The SMTP sandbox with its listeners (tests, the sandboxes process). */
export interface SmtpMailboxSandbox {
  /** Where clients connect: the host its certificate names. */
  host: string;
  tlsPort: number;
  starttlsPort: number;
  /** The self-signed certificate (PEM) a client must be given to trust it. */
  certificate: string;
  state: SmtpSandboxState;
  close(): Promise<void>;
}

export interface StartSmtpSandboxOptions {
  /** Address to listen on (default 127.0.0.1). */
  listenHost?: string;
  /** The name clients use, put in the certificate (default: the listen address). */
  host?: string;
  tlsPort?: number;
  starttlsPort?: number;
  /** Keeps accounts and Sent folders across restarts; memory only when absent. */
  dir?: string | undefined;
}

export async function startSmtpMailboxSandbox(options: StartSmtpSandboxOptions = {}): Promise<SmtpMailboxSandbox> {
  const listenHost = options.listenHost ?? '127.0.0.1';
  const host = options.host ?? (listenHost === '0.0.0.0' || listenHost === '::' ? '127.0.0.1' : listenHost);
  const certificate = selfSignedCertificate([host]);
  const state = new SmtpSandboxState(options.dir);
  const listeners = await listenSmtp(state, certificate, {
    host: listenHost,
    tlsPort: options.tlsPort ?? 0,
    starttlsPort: options.starttlsPort ?? 0,
  });
  return {
    host,
    tlsPort: listeners.tlsPort,
    starttlsPort: listeners.starttlsPort,
    certificate: certificate.cert,
    state,
    close: listeners.close,
  };
}

/** The HTTP side of a running sandbox (pages and `/_control`), to mount under a prefix. */
export async function smtpSandboxPlugin(app: FastifyInstance, options: { sandbox: SmtpMailboxSandbox }): Promise<void> {
  const { sandbox } = options;
  await app.register(smtpSandboxRoutes, {
    state: sandbox.state,
    info: () => ({ host: sandbox.host, tlsPort: sandbox.tlsPort, starttlsPort: sandbox.starttlsPort, certificate: sandbox.certificate }),
  });
}

/**
 * Embedded mode: the SMTP listeners on this machine's loopback (any free ports, shown on its page at
 * /sandbox/smtp), accounts and Sent folders kept under `<dataDir>/sandbox/smtp/`; stopped with the app.
 */
export async function embeddedSmtpSandbox(
  app: FastifyInstance,
  options: { dataDir: string | undefined; started?: (sandbox: SmtpMailboxSandbox) => void },
): Promise<void> {
  const sandbox = await startSmtpMailboxSandbox({ dir: options.dataDir ? join(resolve(options.dataDir), 'sandbox', 'smtp') : undefined });
  options.started?.(sandbox);
  app.addHook('onClose', async () => sandbox.close());
  await smtpSandboxPlugin(app, { sandbox });
}

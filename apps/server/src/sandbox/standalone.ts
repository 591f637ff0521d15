import { randomBytes } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import { STANDALONE_SANDBOX_PATHS } from '../config/providers';
import { persistentSecret } from '../lib/data-dir';
import { loggerOptions } from '../lib/logger';
import { SANDBOX_WEBHOOK_SECRET } from '../modules/billing/paylink-config';
import { GoogleSandboxCore, SANDBOX_CLIENT_ID } from './google/core';
import { googleSandboxRoutes } from './google/routes';
import { MailStore, mailSandboxRoutes, sandboxPage, sendPage, startSmtpSandbox } from './mail/mail-sandbox';
import { MICROSOFT_SANDBOX_CLIENT_ID, MicrosoftSandboxCore, STAGING_MICROSOFT_CLIENT_SECRET } from './microsoft/core';
import { microsoftSandboxRoutes } from './microsoft/routes';
import { paylinkSandboxRoutes } from './paylink/paylink-sandbox.routes';
import { createSandboxState, type SandboxState } from './paylink/sandbox-state';
import { type SmtpMailboxSandbox, STANDALONE_SMTP_SANDBOX_PATH, smtpSandboxPlugin, startSmtpMailboxSandbox } from './smtp';
import { STAGING_GOOGLE_CLIENT_SECRET } from './staging-client';

/**
 * The sandboxes as one process for staging (ADR 009): Google (OAuth and the Gmail API) under /google, Microsoft
 * (identity platform and Graph mail) under /microsoft, Paylink
 * (API, payment page, webhook to Sira) under /paylink, the system-mail outbox under /mail and the SMTP mailbox
 * providers' accounts under /smtp on one HTTP port; the mail server's SMTP on the next port, and the mailbox
 * providers' SMTP (implicit TLS, STARTTLS) on the two ports given. Staging's Sira processes reach it through SANDBOX_URL, and so
 * do the browsers of the people rehearsing (consent and payment pages). Nothing here is mounted on Sira.
 */

export interface SandboxesOptions {
  /** Where Sira and browsers reach this process (the staging processes' SANDBOX_URL). */
  sandboxUrl: string;
  /** Sira's public address: the Paylink webhook goes to its /api/billing/paylink/webhook. */
  publicBaseUrl: string;
  host: string;
  /** HTTP port (0: any free one). */
  port: number;
  smtpPort: number;
  /** The SMTP mailbox sandbox's ports (implicit TLS, STARTTLS); any free ones when absent. */
  mailboxSmtpPorts?: { tls: number; starttls: number };
  /** Keeps Sent folders, invoices, received mail and the token key across restarts; memory only when absent. */
  dataDir?: string | undefined;
  logLevel?: string;
}

export interface Sandboxes {
  app: FastifyInstance;
  paylink: SandboxState;
  google: GoogleSandboxCore;
  microsoft: MicrosoftSandboxCore;
  mail: MailStore;
  smtpMailboxes: SmtpMailboxSandbox;
  close(): Promise<void>;
}

export async function startSandboxes(options: SandboxesOptions): Promise<Sandboxes> {
  const root = options.sandboxUrl.replace(/\/+$/, '');
  const dataDir = options.dataDir ? resolve(options.dataDir) : undefined;
  if (dataDir) mkdirSync(dataDir, { recursive: true });

  const google = new GoogleSandboxCore({
    // Kept with the data, so links made before a restart still refresh.
    secret: dataDir ? persistentSecret(dataDir, 'google-token-key') : randomBytes(32).toString('base64url'),
    // The client staging's servers store for the seeded sandbox client id (staging-client.ts); any redirect URI.
    clients: async (clientId) => (clientId === SANDBOX_CLIENT_ID ? { clientSecret: STAGING_GOOGLE_CLIENT_SECRET } : undefined),
    storeDir: dataDir ? join(dataDir, 'google') : undefined,
  });
  const microsoft = new MicrosoftSandboxCore({
    secret: dataDir ? persistentSecret(dataDir, 'microsoft-token-key') : randomBytes(32).toString('base64url'),
    clients: async (clientId) => (clientId === MICROSOFT_SANDBOX_CLIENT_ID ? { clientSecret: STAGING_MICROSOFT_CLIENT_SECRET } : undefined),
    storeDir: dataDir ? join(dataDir, 'microsoft') : undefined,
  });
  const paylink = createSandboxState({
    publicUrl: () => `${root}${STANDALONE_SANDBOX_PATHS.paylink}`,
    webhook: {
      url: `${options.publicBaseUrl.replace(/\/+$/, '')}/api/billing/paylink/webhook`,
      headers: { authorization: `Bearer ${SANDBOX_WEBHOOK_SECRET}` },
    },
    ...(dataDir ? { storeFile: join(dataDir, 'paylink', 'invoices.json') } : {}),
  });
  const mail = new MailStore(dataDir ? join(dataDir, 'mail') : undefined);
  // Its certificate names the host Sira's workers reach it by, SANDBOX_URL's.
  const smtpMailboxes = await startSmtpMailboxSandbox({
    listenHost: options.host,
    host: new URL(root).hostname.replace(/^\[|\]$/g, ''),
    tlsPort: options.mailboxSmtpPorts?.tls ?? 0,
    starttlsPort: options.mailboxSmtpPorts?.starttls ?? 0,
    dir: dataDir ? join(dataDir, 'smtp') : undefined,
  });

  const app = Fastify({
    logger: loggerOptions(options.logLevel ?? 'warn'),
    // Many connections at once from the sending workers: keep them alive.
    keepAliveTimeout: 30_000,
  });
  app.addHook('onRequest', async (_request, reply) => {
    reply.header('x-sira-environment', 'staging');
  });
  await app.register(googleSandboxRoutes, { prefix: STANDALONE_SANDBOX_PATHS.google, core: google });
  await app.register(microsoftSandboxRoutes, { prefix: STANDALONE_SANDBOX_PATHS.microsoft, core: microsoft });
  await app.register(paylinkSandboxRoutes, { prefix: STANDALONE_SANDBOX_PATHS.paylink, state: paylink });
  await app.register(mailSandboxRoutes, { prefix: STANDALONE_SANDBOX_PATHS.mail, store: mail });
  await app.register(smtpSandboxPlugin, { prefix: STANDALONE_SMTP_SANDBOX_PATH, sandbox: smtpMailboxes });
  app.get('/healthz', async () => ({ status: 'ok', environment: 'staging' }));
  app.get('/', async (_request, reply) =>
    sendPage(
      reply,
      200,
      sandboxPage(
        'المحاكيات',
        `<h1>محاكيات بيئة التجربة</h1>
<p>تقوم هذه العملية مقام Google وMicrosoft وPaylink وخادم البريد لنسخة سيرة التجريبية في <span class="ltr">${options.publicBaseUrl}</span>.</p>
<ul><li><a href="${STANDALONE_SANDBOX_PATHS.google}/mail">البريد المرسل من حسابات Gmail المرتبطة</a></li>
<li><a href="${STANDALONE_SANDBOX_PATHS.microsoft}/mail">البريد المرسل من حسابات Microsoft المرتبطة</a></li>
<li><a href="${STANDALONE_SANDBOX_PATHS.mail}">بريد النظام (تفعيل الحساب وإعادة تعيين كلمة المرور)</a></li>
<li><a href="${STANDALONE_SMTP_SANDBOX_PATH}">البريد المرسل من الصناديق المربوطة عبر SMTP</a></li>
<li><a href="${STANDALONE_SANDBOX_PATHS.paylink}/_control/state">فواتير Paylink التجريبية (JSON)</a></li></ul>`,
      ),
    ),
  );

  let smtp: Awaited<ReturnType<typeof startSmtpSandbox>>;
  try {
    await app.listen({ port: options.port, host: options.host });
    smtp = await startSmtpSandbox(mail, { port: options.smtpPort, host: options.host });
  } catch (error) {
    await Promise.all([app.close(), smtpMailboxes.close()]);
    throw error;
  }
  return {
    app,
    paylink,
    google,
    microsoft,
    mail,
    smtpMailboxes,
    async close() {
      paylink.close();
      await Promise.all([app.close(), smtp.close(), smtpMailboxes.close()]);
    },
  };
}

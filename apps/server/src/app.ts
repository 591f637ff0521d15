import { join } from 'node:path';
import compress from '@fastify/compress';
import Fastify, { type FastifyBaseLogger, type FastifyInstance, LogController } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Env } from './config/env';
import { type ProviderEndpoints, providerEndpoints } from './config/providers';
import type { Database, DatabaseKind } from './db/client';
import { createLocalEventBus, type EventBus } from './lib/event-bus';
import { loggerOptions } from './lib/logger';
import { isAllowedHost, originPolicy } from './lib/origins';
import { requestIdGenerator } from './lib/request-id';
import { createSecretBox, type SecretBox } from './lib/secret-box';
import { outboxMailer, type SystemMailer, smtpMailer } from './mail/system-mailer';
import { auditAdminRoutes } from './modules/audit/audit.admin-routes';
import { createAuth } from './modules/auth/auth';
import { authRoutes } from './modules/auth/auth.routes';
import { authFlowRoutes } from './modules/auth/auth-flows.routes';
import { isFullCost, type ScryptCost } from './modules/auth/passwords';
import { billingAdminRoutes } from './modules/billing/billing.admin-routes';
import { billingRoutes } from './modules/billing/billing.routes';
import { companiesAdminRoutes } from './modules/companies/companies.admin-routes';
import { optOutAdminRoutes } from './modules/companies/opt-out.admin-routes';
import { optOutRoutes } from './modules/companies/opt-out.routes';
import { contentAdminRoutes } from './modules/content/content.admin-routes';
import { contentRoutes } from './modules/content/content.routes';
import { loadPublicPages } from './modules/content/public-pages';
import { seoRoutes } from './modules/content/seo.routes';
import { eventsRoutes } from './modules/events/events.routes';
import { healthRoutes } from './modules/health/health.routes';
import { jobAdsRoutes } from './modules/job-ads/job-ads.routes';
import { mailboxAdminRoutes } from './modules/mailbox/mailbox.admin-routes';
import { mailboxRoutes } from './modules/mailbox/mailbox.routes';
import { mailboxesRoutes } from './modules/mailbox/mailboxes.routes';
import { type MailboxSettings, mailboxSettingsFor } from './modules/mailbox/providers/mailbox-settings';
import { ownCompaniesAdminRoutes } from './modules/own-companies/own-companies.admin-routes';
import { ownCompaniesRoutes } from './modules/own-companies/own-companies.routes';
import { packagesAdminRoutes } from './modules/packages/packages.admin-routes';
import { packageRoutes } from './modules/packages/packages.routes';
import { sendingAdminRoutes } from './modules/sending/sending.admin-routes';
import { sendingRoutes } from './modules/sending/sending.routes';
import { statsAdminRoutes } from './modules/stats/stats.admin-routes';
import { templatesAdminRoutes } from './modules/templates/templates.admin-routes';
import { accountSecurityRoutes } from './modules/users/account-security.routes';
import { emailChangeUndoRoutes } from './modules/users/email-change/email-change-undo.routes';
import { myDataRoutes } from './modules/users/my-data/my-data.routes';
import { retentionAdminRoutes } from './modules/users/retention.admin-routes';
import { usersAdminRoutes } from './modules/users/users.admin-routes';
import { userRoutes } from './modules/users/users.routes';
import { createProfileForUser } from './modules/users/users.service';
import { accessPlugin } from './plugins/access';
import { controlCharactersPlugin } from './plugins/control-characters';
import { errorsPlugin } from './plugins/errors';
import { requestLogPlugin } from './plugins/request-log';
import { securityPlugin } from './plugins/security';
import { stagingPlugin } from './plugins/staging';
import { startupGatePlugin } from './plugins/startup-gate';
import { webPlugin } from './plugins/web';

declare module 'fastify' {
  interface FastifyInstance {
    db: Database;
    dbKind: DatabaseKind;
    env: Env;
    /** Live-update fan-out (SSE); in-process on PGlite, LISTEN/NOTIFY on PostgreSQL. */
    events: EventBus;
    /** AES-256-GCM for secrets at rest (tokens, gateway keys). */
    secretBox: SecretBox;
    /** Google and Paylink base URLs: the real ones in production, the loopback sandboxes otherwise. */
    providers: ProviderEndpoints;
    /** Sira's own e-mails (SMTP, or the local outbox). */
    mailer: SystemMailer;
    /** The Microsoft application and where SMTP mailboxes may connect (providers/mailbox-settings.ts). */
    mailboxes: MailboxSettings;
  }
}

export interface AppOptions {
  env: Env;
  db: Database;
  dbKind: DatabaseKind;
  /** The public origin of this deployment, e.g. http://localhost:3000. */
  publicBaseUrl: string;
  /** Signs sessions and encrypts stored secrets. */
  appSecret: string;
  /** Defaults to SMTP when configured, else the local outbox. */
  mailer?: SystemMailer;
  /** Built web app to serve; omit for API-only use (tests). */
  clientDir?: string | undefined;
  /** false: no log (tests); a pino logger: log there (the server shares its own); absent: JSON on stdout. */
  logger?: false | FastifyBaseLogger;
  /** Defaults to an in-process bus; the server passes a PostgreSQL one when DATABASE_URL is set. */
  events?: EventBus;
  /** Defaults by mode (config/providers.ts); tests point Google at a sandbox on its own port. */
  providers?: ProviderEndpoints;
  /** Defaults by mode and env (providers/mailbox-settings.ts); tests point them at the sandboxes. */
  mailboxes?: MailboxSettings;
  /** How often an open live-update stream re-reads its session (default 60 s; tests shorten it). */
  liveEventsSessionRecheckMs?: number;
  /** scrypt's cost for new password hashes: the full one unless lowered for tests (ADR 016); never in production. */
  passwordCost?: ScryptCost;
  /**
   * true: the app listens before its database is ready, and answers only /healthz and a 503 /readyz until
   * `app.databasePrepared()` (plugins/startup-gate.ts). The server sets it; tests give a ready database.
   */
  databasePending?: boolean;
}

/** 1 MiB covers every JSON body; uploads (résumés, spreadsheets) set their own limits on their routes. */
const BODY_LIMIT_BYTES = 1024 * 1024;

/** The whole HTTP application as one Fastify instance. The module list is explicit: nothing is auto-loaded. */
export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  if (options.env.mode === 'production' && options.passwordCost && !isFullCost(options.passwordCost))
    throw new Error('a production app hashes passwords at the full scrypt cost only');
  const app = Fastify({
    ...(options.logger === false
      ? { logger: false }
      : options.logger
        ? { loggerInstance: options.logger }
        : { logger: loggerOptions(options.env.logLevel) }),
    genReqId: requestIdGenerator(options.env.trustProxy),
    // plugins/request-log.ts writes one line per request, with the client's address.
    logController: new LogController({ disableRequestLogging: true }),
    bodyLimit: BODY_LIMIT_BYTES,
    // A path parameter may be as long as an opt-out token for the longest address the directory accepts (320
    // characters make a 492-character token; Fastify's default of 100 refused every address past 42). Each
    // route's schema still bounds its own parameters.
    routerOptions: { maxParamLength: 1024 },
    trustProxy: options.env.trustProxy,
    requestTimeout: 30_000,
    connectionTimeout: 60_000,
    return503OnClosing: true,
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate('db', options.db);
  app.decorate('dbKind', options.dbKind);
  app.decorate('env', options.env);
  app.decorate('events', options.events ?? createLocalEventBus());
  app.decorate('secretBox', createSecretBox(options.appSecret));
  app.decorate('providers', options.providers ?? providerEndpoints(options.env.mode, options.publicBaseUrl, options.env.sandboxUrl));
  app.decorate('mailboxes', options.mailboxes ?? mailboxSettingsFor(options.env, options.appSecret));

  await app.register(requestLogPlugin);
  await app.register(errorsPlugin);
  await app.register(startupGatePlugin, { databasePending: options.databasePending ?? false });
  if (options.env.sandboxUrl) await app.register(stagingPlugin);
  // Text answers (HTML, JS, CSS, JSON) over 1 KB go out compressed; browsers spend less time waiting.
  await app.register(compress, { global: true, threshold: 1024, encodings: ['br', 'gzip'] });
  const publicUrl = new URL(options.publicBaseUrl);
  const configuredOrigins = [publicUrl.origin, ...options.env.allowedOrigins];
  // Embedded mode runs on someone's own machine, where DNS rebinding is the way in (security.ts).
  const allowedHostnames = options.env.mode === 'embedded' ? configuredOrigins.map((origin) => new URL(origin).hostname) : null;
  const origins = originPolicy({
    configured: configuredOrigins,
    sameHost: allowedHostnames ? (host) => isAllowedHost(host, allowedHostnames) : null,
  });
  await app.register(securityPlugin, { origins, production: options.env.mode === 'production', allowedHostnames });

  const smtp =
    !options.mailer && options.env.smtpUrl && options.env.smtpFrom ? smtpMailer(options.env.smtpUrl, options.env.smtpFrom) : undefined;
  const mailer = options.mailer ?? smtp ?? outboxMailer(options.db);
  if (smtp?.verify) {
    const verify = smtp.verify;
    // A mail server that cannot be reached or refuses the login is said at start, not found out by the first
    // user who registers. It does not stop the server: mail may come back, and everything else works meanwhile.
    app.addHook('onReady', async () => {
      void verify().then(
        () => app.log.info('SMTP server answered: system e-mails can be sent'),
        (error: unknown) =>
          app.log.warn({ err: error }, 'SMTP server check failed: confirmation and reset e-mails will fail until it answers'),
      );
    });
  }
  app.decorate('mailer', mailer);
  const auth = createAuth({
    db: options.db,
    secret: options.appSecret,
    baseUrl: options.publicBaseUrl,
    origins,
    mailer,
    secretBox: app.secretBox,
    production: options.env.mode === 'production',
    onUserCreated: (user) => createProfileForUser(options.db, user),
    log: app.log,
    passwordCost: options.passwordCost,
  });
  await app.register(accessPlugin, { auth, publicBaseUrl: options.publicBaseUrl });
  await app.register(controlCharactersPlugin);

  await app.register(healthRoutes);
  await app.register(eventsRoutes, { sessionRecheckMs: options.liveEventsSessionRecheckMs });
  await app.register(authRoutes);
  await app.register(authFlowRoutes);
  await app.register(userRoutes);
  await app.register(myDataRoutes);
  await app.register(emailChangeUndoRoutes);
  await app.register(statsAdminRoutes);
  await app.register(usersAdminRoutes);
  await app.register(accountSecurityRoutes);
  await app.register(retentionAdminRoutes);
  await app.register(packagesAdminRoutes);
  await app.register(templatesAdminRoutes);
  await app.register(companiesAdminRoutes);
  await app.register(optOutAdminRoutes);
  await app.register(ownCompaniesRoutes);
  await app.register(ownCompaniesAdminRoutes);
  await app.register(optOutRoutes);
  await app.register(contentAdminRoutes);
  await app.register(auditAdminRoutes);
  await app.register(contentRoutes);
  await app.register(seoRoutes);
  await app.register(packageRoutes);
  await app.register(mailboxRoutes);
  await app.register(mailboxesRoutes);
  await app.register(mailboxAdminRoutes);
  await app.register(billingRoutes);
  await app.register(billingAdminRoutes);
  await app.register(sendingRoutes);
  await app.register(sendingAdminRoutes);
  await app.register(jobAdsRoutes);

  // Loopback stand-ins for third parties exist only in embedded mode, loaded only then (a chunk of their own
  // in the build): production neither reaches nor loads them. They answer this machine only.
  if (options.env.mode === 'embedded') {
    const { registerEmbeddedSandboxes } = await import('./sandbox/embedded');
    await registerEmbeddedSandboxes(app, {
      appSecret: options.appSecret,
      publicBaseUrl: options.publicBaseUrl,
      smtpRules: app.mailboxes.smtpRules,
      // Persisted under the data folder so Sent folders, revocations and invoices survive a restart; tests keep
      // them in memory.
      dataDir: options.env.nodeEnv === 'test' ? undefined : options.env.dataDir,
    });
  }

  const publicPages = options.clientDir
    ? await loadPublicPages({
        bundlePath: join(options.clientDir, '..', 'render', 'index.js'),
        db: options.db,
        events: app.events,
        publicBaseUrl: options.publicBaseUrl,
      })
    : undefined;
  await app.register(webPlugin, { clientDir: options.clientDir, publicBaseUrl: options.publicBaseUrl, publicPages });
  return app;
}

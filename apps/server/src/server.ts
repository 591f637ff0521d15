import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import type { Logger } from 'pino';
import { buildApp } from './app';
import { startBackgroundTasks } from './background';
import { loadDotEnv } from './config/dotenv';
import { parseEnv, STAGING_NOTICE } from './config/env';
import { writeBackup } from './db/backup';
import { checkDatabaseConnection } from './db/client';
import { trackDatabaseOutages } from './lib/database-outage';
import { createLocalEventBus, createPostgresEventBus, type EventBus } from './lib/event-bus';
import { drainOnClose } from './lib/http-drain';
import { createLogger } from './lib/logger';
import { stopOnSignals } from './lib/process-stop';
import { reportStarted, reportStartFailure } from './lib/startup-report';
import { openRuntime, type Runtime } from './runtime';

/** Where the built web app sits relative to this file, in the sources and in the bundle alike. */
function findClientDir(): string | undefined {
  for (const candidate of ['../../web/build/client', '../web/build/client']) {
    const dir = fileURLToPath(new URL(candidate, import.meta.url));
    if (existsSync(dir)) return dir;
  }
  return undefined;
}

async function main(): Promise<void> {
  const startedAt = performance.now();
  loadDotEnv();
  const env = parseEnv(process.env, 'server');
  const databaseUrl = env.databaseUrl;
  // PostgreSQL may go away and come back: the process says so twice, not in every request's record.
  const outages = databaseUrl ? trackDatabaseOutages({ probe: () => checkDatabaseConnection(databaseUrl, 5_000) }) : undefined;
  const log = createLogger(env.logLevel, undefined, outages);
  // Stopping is possible from the first moment: a signal during start-up lets the start finish (PGlite must not
  // be cut off in the middle of a migration), then stops what was started.
  let starting: Promise<unknown> = Promise.resolve();
  const parts: Partial<{
    runtime: Runtime;
    events: EventBus;
    app: FastifyInstance;
    drain: ReturnType<typeof drainOnClose>;
    background: Awaited<ReturnType<typeof startBackgroundTasks>>;
  }> = {};
  const stop = stopOnSignals(async () => {
    await starting.catch(() => undefined);
    outages?.close();
    const { runtime, events, app, drain, background } = parts;
    // The worker finishes its in-flight send first: a send the provider accepted must be recorded (in embedded
    // mode the provider is the sandbox on this very server, so it must still answer).
    await background?.stop();
    // Then no new connections; requests in flight are answered, live-update streams end (events.routes.ts).
    drain?.begin();
    await app?.close();
    await events?.close();
    await runtime?.close();
  }, log);

  starting = (async () => {
    const runtime = await openRuntime(env, 'server');
    parts.runtime = runtime;
    if (stop.requested()) return;
    // Built before PostgreSQL may answer: the bus connects as soon as it can.
    parts.events = databaseUrl
      ? await createPostgresEventBus(databaseUrl, (err) => log.warn({ err }, 'event bus'), { firstConnection: 'retried' })
      : createLocalEventBus();
    const app = await buildApp({
      logger: log,
      events: parts.events,
      env,
      db: runtime.database.db,
      dbKind: runtime.database.kind,
      publicBaseUrl: runtime.publicBaseUrl,
      appSecret: runtime.appSecret,
      clientDir: findClientDir(),
      databasePending: true,
    });
    parts.app = app;
    parts.drain = drainOnClose(app.server);
    if (stop.requested()) return;
    // Listening before the database is ready: a PostgreSQL that is not up yet is waited for, meanwhile /healthz
    // answers 200 and /readyz and every other route 503 (plugins/startup-gate.ts).
    await app.listen({ port: env.port, host: env.host });
    await runtime.prepare({ log, signal: stop.signal });
    await app.databasePrepared();
    outages?.watch(log);
    if (env.runWorker && !stop.requested()) {
      parts.background = await startBackgroundTasks({
        env,
        db: app.db,
        dbKind: app.dbKind,
        events: app.events,
        secretBox: app.secretBox,
        providers: app.providers,
        mailboxes: app.mailboxes,
        publicBaseUrl: runtime.publicBaseUrl,
        log: app.log,
      });
    }
  })();
  try {
    await starting;
  } catch (error) {
    // Told to stop while it waited for the database: the stop under way closes what was started, and exits 0.
    if (stop.requested()) return;
    await parts.app?.close().catch(() => undefined);
    await parts.events?.close().catch(() => undefined);
    await parts.runtime?.close();
    throw error;
  }
  const { runtime, app } = parts;
  if (stop.requested() || !runtime || !app) return;
  if (env.sandboxUrl) app.log.warn({ environment: 'staging', sandboxUrl: env.sandboxUrl }, STAGING_NOTICE);
  if (runtime.database.kind === 'pglite') answerBackupRequests(runtime, env.dataDir, log);
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : env.port;
  reportStarted(log, {
    mode: env.mode,
    port,
    database: runtime.database.kind,
    dataDir: env.dataDir,
    admin: runtime.admin,
    migrateOnStart: env.migrateOnStart,
    startedInMs: performance.now() - startedAt,
  });
}

/**
 * `npm run backup` asks the embedded server for a backup with SIGUSR2: only the process that has the PGlite
 * database open can copy it consistently (db/backup.ts). One at a time; a request during one is ignored.
 */
function answerBackupRequests(runtime: Runtime, dataDir: string, log: Logger): void {
  let running = false;
  process.on('SIGUSR2', () => {
    if (running) return;
    running = true;
    const startedAt = performance.now();
    writeBackup(runtime.database, dataDir)
      .then((file) => log.info({ file, ms: Math.round(performance.now() - startedAt) }, 'backup written'))
      .catch((error: unknown) => log.error({ err: error }, 'backup failed'))
      .finally(() => {
        running = false;
      });
  });
}

main().catch((error: unknown) => {
  reportStartFailure('Sira', error);
  process.exit(1);
});

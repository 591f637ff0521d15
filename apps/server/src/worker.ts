import { startBackgroundTasks } from './background';
import { loadDotEnv } from './config/dotenv';
import { parseEnv, STAGING_NOTICE } from './config/env';
import { providerEndpoints } from './config/providers';
import { checkDatabaseConnection } from './db/client';
import { trackDatabaseOutages } from './lib/database-outage';
import { createPostgresEventBus, type EventBus } from './lib/event-bus';
import { createLogger } from './lib/logger';
import { stopOnSignals } from './lib/process-stop';
import { createSecretBox } from './lib/secret-box';
import { reportStartFailure } from './lib/startup-report';
import { mailboxSettingsFor } from './modules/mailbox/providers/mailbox-settings';
import { openRuntime, type Runtime } from './runtime';

/**
 * `npm run worker`: the background tasks without the HTTP server, for production where any number of these
 * run next to the web servers against one PostgreSQL. In embedded mode the server runs them itself.
 */
async function main(): Promise<void> {
  loadDotEnv();
  const env = parseEnv(process.env, 'worker');
  const databaseUrl = env.databaseUrl as string; // parseEnv requires it for the worker role
  // PostgreSQL may go away and come back: the worker says so twice, not in the record of every failed pass.
  const outages = trackDatabaseOutages({ probe: () => checkDatabaseConnection(databaseUrl, 5_000) });
  const log = createLogger(env.logLevel, undefined, outages);
  // A signal during start-up lets the start finish, then stops what was started.
  let starting: Promise<unknown> = Promise.resolve();
  const parts: Partial<{ runtime: Runtime; events: EventBus; tasks: Awaited<ReturnType<typeof startBackgroundTasks>> }> = {};
  const stop = stopOnSignals(async () => {
    await starting.catch(() => undefined);
    outages.close();
    // Deliveries claimed but not yet sent go back to pending for another worker; a send in flight is recorded.
    await parts.tasks?.stop();
    await parts.events?.close();
    await parts.runtime?.close();
    log.info('worker stopped');
  }, log);

  starting = (async () => {
    const runtime = await openRuntime(env, 'worker');
    parts.runtime = runtime;
    // A PostgreSQL that is not up yet is waited for, with back-off, instead of exiting.
    await runtime.prepare({ log, signal: stop.signal });
    outages.watch(log);
    if (stop.requested()) return;
    parts.events = await createPostgresEventBus(databaseUrl, (err) => log.warn({ err }, 'event bus'), { firstConnection: 'retried' });
    if (stop.requested()) return;
    parts.tasks = await startBackgroundTasks({
      env,
      db: runtime.database.db,
      dbKind: runtime.database.kind,
      events: parts.events,
      secretBox: createSecretBox(runtime.appSecret),
      providers: providerEndpoints(env.mode, runtime.publicBaseUrl, env.sandboxUrl),
      mailboxes: mailboxSettingsFor(env, runtime.appSecret),
      publicBaseUrl: runtime.publicBaseUrl,
      log,
    });
  })();
  try {
    await starting;
  } catch (error) {
    // Told to stop while it waited for the database: the stop under way closes what was started, and exits 0.
    if (stop.requested()) return;
    await parts.events?.close().catch(() => undefined);
    await parts.runtime?.close();
    throw error;
  }
  if (stop.requested()) return;
  if (env.sandboxUrl) log.warn({ environment: 'staging', sandboxUrl: env.sandboxUrl }, STAGING_NOTICE);
  log.info('worker started');
  // Keeps the process alive between polls even if every task uses unref'd timers.
  setInterval(() => undefined, 60_000);
}

main().catch((error: unknown) => {
  reportStartFailure('Sira worker', error);
  process.exit(1);
});

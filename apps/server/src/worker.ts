import { startBackgroundTasks } from './background';
import { EnvError, parseEnv } from './config/env';
import { providerEndpoints } from './config/providers';
import { createPostgresEventBus } from './lib/event-bus';
import { createLogger } from './lib/logger';
import { createSecretBox } from './lib/secret-box';
import { reportStartFailure } from './lib/startup-report';
import { openRuntime } from './runtime';

/**
 * `npm run worker`: the background tasks without the HTTP server, for production where any number of these
 * run next to the web servers against one PostgreSQL. In embedded mode the server runs them itself.
 */
async function main(): Promise<void> {
  const env = parseEnv();
  if (!env.databaseUrl) {
    throw new EnvError(['DATABASE_URL is required for a separate worker; embedded mode runs the worker inside `npm start`']);
  }
  const log = createLogger(env.logLevel);
  const runtime = await openRuntime(env, { seed: false });
  const events = await createPostgresEventBus(env.databaseUrl, (err) => log.warn({ err }, 'event bus'));
  const tasks = await startBackgroundTasks({
    env,
    db: runtime.database.db,
    dbKind: runtime.database.kind,
    events,
    secretBox: createSecretBox(runtime.appSecret),
    providers: providerEndpoints(env.mode, runtime.publicBaseUrl),
    publicBaseUrl: runtime.publicBaseUrl,
    dataDir: env.dataDir,
    log,
  });
  log.info('worker started');

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) process.exit(130);
    stopping = true;
    log.info({ signal }, 'worker stopping');
    const timer = setTimeout(() => process.exit(1), 15_000);
    timer.unref();
    await tasks.stop();
    await events.close();
    await runtime.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));
  // Keeps the process alive between polls even if every task uses unref'd timers.
  setInterval(() => undefined, 60_000);
}

main().catch((error: unknown) => {
  reportStartFailure('Sira worker', error);
  process.exit(1);
});

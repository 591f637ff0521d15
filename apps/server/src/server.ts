import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { buildApp } from './app';
import { startBackgroundTasks } from './background';
import { parseEnv } from './config/env';
import { createLocalEventBus, createPostgresEventBus } from './lib/event-bus';
import { createLogger } from './lib/logger';
import { reportStarted, reportStartFailure } from './lib/startup-report';
import { openRuntime } from './runtime';

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
  const env = parseEnv();
  const log = createLogger(env.logLevel);
  const runtime = await openRuntime(env, { seed: true });
  const events = env.databaseUrl
    ? await createPostgresEventBus(env.databaseUrl, (err) => log.warn({ err }, 'event bus'))
    : createLocalEventBus();
  const app = await buildApp({
    logger: log,
    events,
    env,
    db: runtime.database.db,
    dbKind: runtime.database.kind,
    publicBaseUrl: runtime.publicBaseUrl,
    appSecret: runtime.appSecret,
    clientDir: findClientDir(),
  });

  let background: Awaited<ReturnType<typeof startBackgroundTasks>> | undefined;
  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) {
      // A second Ctrl-C means "now": the database may not be closed cleanly, but the user asked.
      process.exit(130);
    }
    stopping = true;
    app.log.info({ signal }, 'shutting down');
    const timer = setTimeout(() => {
      app.log.error('shutdown took longer than 10 s; exiting');
      process.exit(1);
    }, 10_000);
    timer.unref();
    try {
      // The worker finishes its in-flight send first: a send the provider accepted must be recorded.
      await background?.stop();
      await app.close();
      await events.close();
      await runtime.close();
      process.exit(0);
    } catch (error) {
      app.log.error({ err: error }, 'error during shutdown');
      process.exit(1);
    }
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));

  try {
    await app.listen({ port: env.port, host: env.host });
    if (env.runWorker) {
      background = await startBackgroundTasks({
        env,
        db: app.db,
        dbKind: app.dbKind,
        events: app.events,
        secretBox: app.secretBox,
        providers: app.providers,
        publicBaseUrl: runtime.publicBaseUrl,
        dataDir: env.dataDir,
        log: app.log,
      });
    }
  } catch (error) {
    await app.close().catch(() => undefined);
    await runtime.close();
    throw error;
  }
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : env.port;
  reportStarted(log, {
    mode: env.mode,
    port,
    database: runtime.database.kind,
    dataDir: env.dataDir,
    admin: runtime.admin,
    startedInMs: performance.now() - startedAt,
  });
}

main().catch((error: unknown) => {
  reportStartFailure('Sira', error);
  process.exit(1);
});

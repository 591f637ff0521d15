import type { FastifyBaseLogger } from 'fastify';
import type { Env } from './config/env';
import type { ProviderEndpoints } from './config/providers';
import type { Database, DatabaseKind } from './db/client';
import { startDatabaseUpkeep } from './db/upkeep';
import type { EventBus } from './lib/event-bus';
import type { SecretBox } from './lib/secret-box';
import { startInvoiceReconciliation } from './modules/billing/reconciliation';
import { startSendingWorker } from './modules/sending/worker/sending-worker';

/** What a background task (sending worker, invoice reconciliation, PGlite upkeep) needs: the same parts the server has. */
export interface BackgroundContext {
  env: Env;
  db: Database;
  dbKind: DatabaseKind;
  events: EventBus;
  secretBox: SecretBox;
  providers: ProviderEndpoints;
  publicBaseUrl: string;
  log: FastifyBaseLogger;
}

export interface BackgroundTask {
  name: string;
  /** Finishes the work in hand (an in-flight send is recorded) and resolves when the task has stopped. */
  stop(): Promise<void>;
}

type TaskStarter = (ctx: BackgroundContext) => BackgroundTask | Promise<BackgroundTask>;

/**
 * The explicit list of background tasks. Embedded mode runs them inside the server process; production runs
 * them in `npm run worker` processes (src/worker.ts), as many as wanted — each task coordinates through
 * PostgreSQL row locks, so running it twice is safe.
 */
const TASKS: TaskStarter[] = [startInvoiceReconciliation, (ctx) => startSendingWorker(ctx), startDatabaseUpkeep];

export async function startBackgroundTasks(ctx: BackgroundContext): Promise<{ stop(): Promise<void> }> {
  const running: BackgroundTask[] = [];
  for (const start of TASKS) running.push(await start(ctx));
  return {
    async stop() {
      await Promise.all(running.map((task) => task.stop()));
    },
  };
}

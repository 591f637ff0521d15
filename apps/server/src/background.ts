import { startDatabaseUpkeep } from './db/upkeep';
import type { BackgroundContext, BackgroundTask } from './lib/background-task';
import { startInvoiceReconciliation } from './modules/billing/reconciliation';
import { startSendingWorker } from './modules/sending/worker/sending-worker';
import { startMyDataTask } from './modules/users/my-data/my-data-task';
import { startRetention } from './modules/users/retention';

type TaskStarter = (ctx: BackgroundContext) => BackgroundTask | Promise<BackgroundTask>;

/**
 * The explicit list of background tasks. Embedded mode runs them inside the server process; production runs
 * them in `npm run worker` processes (src/worker.ts), as many as wanted — each task coordinates through
 * PostgreSQL row locks, so running it twice is safe.
 */
const TASKS: TaskStarter[] = [
  startInvoiceReconciliation,
  (ctx) => startSendingWorker(ctx),
  startDatabaseUpkeep,
  startRetention,
  // Data exports and the deletion of expired personal data (the "my data" page, ADR 015).
  startMyDataTask,
];

export async function startBackgroundTasks(ctx: BackgroundContext): Promise<{ stop(): Promise<void> }> {
  const running: BackgroundTask[] = [];
  for (const start of TASKS) running.push(await start(ctx));
  return {
    async stop() {
      await Promise.all(running.map((task) => task.stop()));
    },
  };
}

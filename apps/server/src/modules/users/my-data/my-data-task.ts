import type { BackgroundContext, BackgroundTask } from '../../../lib/background-task';
import { startPeriodicTask } from '../../../lib/periodic-task';
import { purgeRetainedInvoices } from './account-deletion.service';
import { buildExport, claimExport, failExport, purgeExpiredExports } from './data-export.service';

const POLL_MS = 1_000;
const PURGE_EVERY_MS = 10 * 60_000;

/**
 * The background task (background.ts TASKS) of the "my data" page: builds requested exports one after another
 * (any number of workers may run it: a request is claimed under FOR UPDATE SKIP LOCKED), and every ten minutes
 * deletes expired archives and anonymised invoices past their bookkeeping period (ADR 015).
 */
export function startMyDataTask(ctx: BackgroundContext): BackgroundTask {
  let lastPurge = 0;
  return startPeriodicTask(
    'my-data',
    POLL_MS,
    async () => {
      for (let claim = await claimExport(ctx.db); claim; claim = await claimExport(ctx.db)) {
        const started = Date.now();
        try {
          const built = await buildExport(ctx.db, claim);
          ctx.log.info({ exportId: claim.id, ...built, ms: Date.now() - started }, 'data export ready');
        } catch (error) {
          ctx.log.error({ err: error, exportId: claim.id }, 'data export failed');
          await failExport(ctx.db, claim.id);
        }
        ctx.events.publish({ topic: 'profile', profileId: claim.profileId });
      }
      if (Date.now() - lastPurge >= PURGE_EVERY_MS) {
        lastPurge = Date.now();
        const exports = await purgeExpiredExports(ctx.db);
        const invoices = await purgeRetainedInvoices(ctx.db);
        if (exports + invoices > 0) ctx.log.info({ exports, invoices }, 'expired personal data deleted');
      }
    },
    ctx.log,
  );
}

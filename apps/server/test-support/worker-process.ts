import pino from 'pino';
import { parseEnv } from '../src/config/env';
import { googleSandboxEndpoints, providerEndpoints } from '../src/config/providers';
import { openDatabase } from '../src/db/client';
import { createLocalEventBus } from '../src/lib/event-bus';
import { createSecretBox } from '../src/lib/secret-box';
import { type SendingWorkerOptions, startSendingWorker } from '../src/modules/sending/worker/sending-worker';

/**
 * A sending worker as its own process, for the crash test (a SIGKILL mid-send) and the worker benchmark:
 *   node --import tsx apps/server/test-support/worker-process.ts
 * Environment: DATABASE_URL, APP_SECRET, DATA_DIR, GOOGLE_SANDBOX_URL, SIRA_WORKER_OPTIONS (JSON of
 * SendingWorkerOptions). Prints `{"ready":true,"pid":…}` when started; SIGTERM stops it gracefully.
 * It is the same worker `npm run worker` runs (src/worker.ts), minus the production checks on the environment.
 */
const url = process.env.DATABASE_URL;
const appSecret = process.env.APP_SECRET;
const sandboxUrl = process.env.GOOGLE_SANDBOX_URL;
if (!url || !appSecret || !sandboxUrl) {
  process.stderr.write('DATABASE_URL, APP_SECRET and GOOGLE_SANDBOX_URL are required\n');
  process.exit(2);
}
const env = parseEnv({ NODE_ENV: 'test', LOG_LEVEL: 'warn', DATA_DIR: process.env.DATA_DIR ?? './data' });
const log = pino({ level: process.env.LOG_LEVEL ?? 'warn' }, pino.destination(2));
const database = await openDatabase({ url, poolSize: 10 });
const events = createLocalEventBus();
const options = JSON.parse(process.env.SIRA_WORKER_OPTIONS ?? '{}') as SendingWorkerOptions;
const worker = startSendingWorker(
  {
    env,
    db: database.db,
    dbKind: database.kind,
    events,
    secretBox: createSecretBox(appSecret),
    providers: { ...providerEndpoints('embedded', 'http://localhost'), google: googleSandboxEndpoints(sandboxUrl) },
    publicBaseUrl: 'http://localhost',
    log,
  },
  options,
);
process.stdout.write(`${JSON.stringify({ ready: true, pid: process.pid })}\n`);

const stop = async () => {
  await worker.stop();
  await database.close();
  process.exit(0);
};
process.on('SIGTERM', () => void stop());
process.on('SIGINT', () => void stop());
setInterval(() => undefined, 60_000);

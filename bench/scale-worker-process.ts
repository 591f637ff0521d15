// The sending worker in its own process for `npm run bench:scale`, set up as `npm run worker` sets it up: the
// process's own pool (DATABASE_POOL_SIZE), the PostgreSQL event bus (LISTEN/NOTIFY), the real worker on the
// real clock. Its résumé reads are counted. Every second it prints one JSON line with its running totals
// (CPU, résumé reads, memory); SIGTERM stops the worker as a deployment would and ends the process.

import { readFileSync } from 'node:fs';
import pino from 'pino';
import { parseEnv } from '../apps/server/src/config/env';
import { googleSandboxEndpoints, providerEndpoints } from '../apps/server/src/config/providers';
import { openDatabase } from '../apps/server/src/db/client';
import { createPostgresEventBus } from '../apps/server/src/lib/event-bus';
import { createSecretBox } from '../apps/server/src/lib/secret-box';
import { databaseResumeStorage, type ResumeStorage } from '../apps/server/src/modules/sending/resume-storage';
import { startSendingWorker } from '../apps/server/src/modules/sending/worker/sending-worker';

const url = process.env.DATABASE_URL as string;
const env = parseEnv({ ...process.env, NODE_ENV: 'test', LOG_LEVEL: 'warn' }, 'worker');
// The pool as the worker's runtime opens it: DATABASE_POOL_SIZE where this version reads it, else its default.
const poolSize = (env as { databasePoolSize?: number }).databasePoolSize;
const database = await openDatabase({ url, ...(poolSize ? { poolSize } : {}) });
const log = pino({ level: 'warn' }, pino.destination(2));
const events = await createPostgresEventBus(url, (err) => log.warn({ err }, 'event bus'));

/** What the worker read of résumés: every read, and the reads of a path it had read before (re-reads). */
const reads = { count: 0, bytes: 0, rereads: 0, rereadBytes: 0 };
const seen = new Set<string>();
const stored = databaseResumeStorage(database.db);
const storage: ResumeStorage = {
  async get(path) {
    const bytes = await stored.get(path);
    reads.count++;
    reads.bytes += bytes.length;
    if (seen.has(path)) {
      reads.rereads++;
      reads.rereadBytes += bytes.length;
    } else seen.add(path);
    return bytes;
  },
};

/** CPU seconds of this process's main thread (where its JavaScript runs). */
const mainThreadCpu = () => {
  const fields = readFileSync(`/proc/self/task/${process.pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
  return (Number(fields[11]) + Number(fields[12])) / 100;
};

const worker = startSendingWorker(
  {
    env,
    db: database.db,
    dbKind: database.kind,
    events,
    secretBox: createSecretBox(process.env.APP_SECRET as string),
    providers: {
      ...providerEndpoints('embedded', 'http://localhost'),
      google: googleSandboxEndpoints(process.env.GOOGLE_SANDBOX_URL as string),
    },
    publicBaseUrl: 'http://localhost',
    log,
  },
  { storage, ...JSON.parse(process.env.SIRA_WORKER_OPTIONS ?? '{}') },
);

const report = () => {
  const cpu = process.cpuUsage();
  const memory = process.memoryUsage();
  process.stdout.write(
    `${JSON.stringify({
      at: Date.now(),
      cpuSeconds: (cpu.user + cpu.system) / 1e6,
      mainThreadCpuSeconds: mainThreadCpu(),
      reads,
      rssMb: memory.rss / 2 ** 20,
      peakRssMb: process.resourceUsage().maxRSS / 1024,
    })}\n`,
  );
};
const reporter = setInterval(report, 1000);
report();

process.once('SIGTERM', () => {
  clearInterval(reporter);
  void (async () => {
    await worker.stop();
    report();
    await events.close();
    await database.close();
    process.exit(0);
  })();
});

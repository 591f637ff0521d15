// The sending worker in its own process for `npm run bench:worker`: opens the benchmark database (PostgreSQL
// by DATABASE_URL, or a PGlite data folder by PGLITE_DIR), runs the real worker until no delivery is left to
// send, prints one JSON line with the figures (memory: the kernel's peak resident set, exact where
// sampling could miss a peak, and free of a sampling timer) and exits.

import { readFileSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import pino from 'pino';
import { parseEnv } from '../apps/server/src/config/env';
import { googleSandboxEndpoints, providerEndpoints } from '../apps/server/src/config/providers';
import { openDatabase, rowsOf } from '../apps/server/src/db/client';
import { hotQuery } from '../apps/server/src/db/hot-statements';
import { createLocalEventBus } from '../apps/server/src/lib/event-bus';
import { createSecretBox } from '../apps/server/src/lib/secret-box';
import { startSendingWorker } from '../apps/server/src/modules/sending/worker/sending-worker';

const sandboxUrl = process.env.GOOGLE_SANDBOX_URL as string;
const database = await openDatabase(
  process.env.DATABASE_URL ? { url: process.env.DATABASE_URL, poolSize: 20 } : { dataDir: process.env.PGLITE_DIR },
);
const env = parseEnv({ NODE_ENV: 'test', LOG_LEVEL: 'warn', DATA_DIR: process.env.DATA_DIR as string });

// Jobs end when none of their deliveries is left pending or in flight (a small table to poll, unlike deliveries).
// A named statement, so the poll takes as little as it can from the worker it shares the process with.
const remaining = async () =>
  (
    await hotQuery<{ n: number }>(
      database.db,
      'sira_bench_jobs_remaining_v1',
      sql`select count(*)::int as n from send_jobs where status in ('pending', 'processing')`,
    )
  )[0]?.n ?? 0;

/** CPU seconds of this process's main thread (its JavaScript, and PGlite's WebAssembly, run there). */
const mainThreadCpu = () => {
  const fields = readFileSync(`/proc/self/task/${process.pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
  return (Number(fields[11]) + Number(fields[12])) / 100;
};
const started = performance.now();
const cpuAtStart = process.cpuUsage();
const mainCpuAtStart = mainThreadCpu();
const worker = startSendingWorker(
  {
    env,
    db: database.db,
    dbKind: database.kind,
    events: createLocalEventBus(),
    secretBox: createSecretBox(process.env.APP_SECRET as string),
    providers: { ...providerEndpoints('embedded', 'http://localhost'), google: googleSandboxEndpoints(sandboxUrl) },
    publicBaseUrl: 'http://localhost',
    log: pino({ level: 'warn' }, pino.destination(2)),
  },
  JSON.parse(process.env.SIRA_WORKER_OPTIONS ?? '{}'),
);
while ((await remaining()) > 0) await new Promise((resolve) => setTimeout(resolve, 50));
const ms = performance.now() - started;
const cpu = process.cpuUsage(cpuAtStart);
const mainThreadCpuSeconds = mainThreadCpu() - mainCpuAtStart;
// The peak so far (start-up included), read before shutting down: closing PGlite checkpoints, which is not
// part of the run measured.
const peakRssMb = process.resourceUsage().maxRSS / 1024;
const counts = rowsOf<{ status: string; n: number }>(
  await database.db.execute(sql`select status, count(*)::int as n from deliveries group by status`),
);
await worker.stop();
await database.close();
process.stdout.write(
  `${JSON.stringify({ ms, counts: Object.fromEntries(counts.map((c) => [c.status, c.n])), peakRssMb, cpuSeconds: (cpu.user + cpu.system) / 1e6, mainThreadCpuSeconds })}\n`,
);
process.exit(0);

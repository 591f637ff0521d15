import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { it } from 'vitest';
import { sized } from './bench-size';
import { rssMb, startEmbedded } from './embedded-server';
import { median } from './sending-fixtures';

// `npm start` on a new data folder (the first start: the database is made) and again on the same folder, from
// the built product (`npm run build` first): seconds until /readyz answers, the launcher's and server's processor
// time until then (Linux: /proc), and the server's resident memory at rest once it has answered (target: ≤ 300 MB
// after a first start). The build's new database (ADR 017) is what the first start loads.
const RUNS = sized(3, 1);
/** How long the server rests after /readyz before its resident memory is read. */
const REST_MS = sized(5_000, 1_000);

/** A process's own user + system time so far, in seconds. */
function cpuSeconds(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

interface Start {
  seconds: number;
  cpu: number;
  /** The server's resident memory at rest, REST_MS after /readyz answered. */
  rss: number;
}

async function start(dataDir: string): Promise<Start> {
  const started = await startEmbedded(dataDir);
  const cpu = cpuSeconds(started.launcher.pid as number) + cpuSeconds(started.server);
  await new Promise((resolve) => setTimeout(resolve, REST_MS));
  const rss = rssMb(started.server);
  await started.stop();
  return { seconds: started.readySeconds, cpu, rss };
}

it('first start', async () => {
  const first: Start[] = [];
  const again: Start[] = [];
  const loadBefore = loadavg();
  for (let run = 0; run < RUNS; run++) {
    const dataDir = mkdtempSync(join(tmpdir(), 'sira-first-start-'));
    try {
      first.push(await start(dataDir));
      again.push(await start(dataDir));
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  }
  const row = (name: string, runs: Start[]) => ({
    start: name,
    'to /readyz (s, median)': median(runs.map((r) => r.seconds)).toFixed(1),
    'processor (s, median)': median(runs.map((r) => r.cpu)).toFixed(1),
    'RSS at rest (MB, median)': median(runs.map((r) => r.rss)).toFixed(0),
    'RSS at rest (MB, range)': `${Math.min(...runs.map((r) => r.rss)).toFixed(0)}–${Math.max(...runs.map((r) => r.rss)).toFixed(0)}`,
  });
  const load = (values: number[]) => values.map((n) => n.toFixed(2)).join(' ');
  console.log(
    `\nnpm start, ${RUNS} run(s); RSS ${REST_MS / 1000} s after /readyz (target ≤ 300 MB after a first start); ` +
      `load average before ${load(loadBefore)}, after ${load(loadavg())}`,
  );
  console.table([row('new data folder', first), row('same folder again', again)]);
});

// `npm test`: the unit and database suites (PGlite, and PostgreSQL too when TEST_DATABASE_URL is set) with the
// cluster test beside them when TEST_DATABASE_URL is set (required under CI), then every benchmark at a small
// size, then Lighthouse on three pages and the browser journeys when Debian's Chromium is installed.
// SIRA_REQUIRE_BROWSER=1 (CI) makes a missing browser a failure instead of a skip.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, openSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildIfNeeded, root } from './build-if-needed.mjs';

// Chromium's headless shell (Debian's chromium-headless-shell) when installed: the same engine without the
// desktop browser around it, at about half the processor time per journey. The full browser otherwise.
const CHROMIUM =
  process.env.CHROMIUM_PATH ??
  ['/usr/bin/chromium-headless-shell', '/usr/bin/chromium'].find((path) => existsSync(path)) ??
  '/usr/bin/chromium';
const run = (cmd, args, env = {}) => spawnSync(cmd, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } }).status ?? 1;

/**
 * The cluster test: two servers, two workers and the sandboxes as separate processes from the built bundles, on
 * PostgreSQL (e2e/cluster). It spends most of its minute waiting for a dead worker's lease to run out, so it runs
 * while the suites use the processors; its output, written to a file meanwhile, is printed after theirs.
 */
async function startClusterTest() {
  await buildIfNeeded();
  const folder = mkdtempSync(join(tmpdir(), 'sira-cluster-output-'));
  const file = join(folder, 'output.txt');
  const out = openSync(file, 'w');
  const child = spawn('npx', ['vitest', 'run', '--config', 'e2e/cluster/vitest.config.ts'], {
    cwd: root,
    stdio: ['ignore', out, out],
  });
  const status = new Promise((resolve) => {
    child.once('error', () => resolve(1));
    child.once('exit', (code) => resolve(code ?? 1));
  });
  return async () => {
    const code = await status;
    process.stdout.write(readFileSync(file, 'utf8'));
    rmSync(folder, { recursive: true, force: true });
    return code;
  };
}

// CI always has the database; elsewhere the cluster test runs when one is given.
let clusterTest;
if (process.env.TEST_DATABASE_URL) {
  clusterTest = await startClusterTest();
} else if (process.env.CI) {
  console.error('The cluster test needs PostgreSQL: CI must set TEST_DATABASE_URL (see .ci/run).');
  process.exit(1);
} else {
  console.log('Database suites run on PGlite only (set TEST_DATABASE_URL to a PostgreSQL server to run them there too).');
  console.log('Cluster test SKIPPED: set TEST_DATABASE_URL to a PostgreSQL server to run it.\n');
}

const unit = run('npx', ['vitest', 'run']);
const cluster = clusterTest ? await clusterTest() : 0;
if (unit !== 0) process.exit(unit);
if (cluster !== 0) process.exit(cluster);

// Every benchmark at a small size (bench/bench-size.ts), so that none breaks unseen; their figures mean nothing
// here. The first-start benchmark starts the built server.
await buildIfNeeded();
const benchmarks = run('npx', ['vitest', 'run', '--config', 'bench/vitest.config.ts'], { SIRA_BENCH_SMOKE: '1' });
if (benchmarks !== 0) process.exit(benchmarks);

if (!existsSync(CHROMIUM)) {
  if (process.env.SIRA_REQUIRE_BROWSER === '1') {
    console.error(`Browser tests are required but ${CHROMIUM} was not found.`);
    process.exit(1);
  }
  console.log(`\nBrowser tests SKIPPED: ${CHROMIUM} not found (apt-get install chromium to run them).\n`);
  process.exit(0);
}
await buildIfNeeded();
// Lighthouse at a small size too (one run of a public, a content and a signed-in page): it fails only when it
// cannot measure, so a change that breaks the measuring, or a page's drawing, is seen here.
const lighthouse = run('npm', ['run', 'bench:lighthouse'], {
  CHROMIUM_PATH: CHROMIUM,
  LIGHTHOUSE_PAGES: '/,/about,/dashboard',
  LIGHTHOUSE_RUNS: '1',
});
if (lighthouse !== 0) process.exit(lighthouse);
process.exit(run('npm', ['run', 'test', '-w', '@sira/e2e'], { CHROMIUM_PATH: CHROMIUM }));

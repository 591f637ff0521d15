// `npm test`: the unit and database suites (PGlite, and PostgreSQL too when TEST_DATABASE_URL is set), the
// cluster test when TEST_DATABASE_URL is set (required under CI), then the browser journeys when Debian's
// Chromium is installed. SIRA_REQUIRE_BROWSER=1 (CI) makes a missing browser a failure instead of a skip.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { buildIfNeeded, root } from './build-if-needed.mjs';

// Chromium's headless shell (Debian's chromium-headless-shell) when installed: the same engine without the
// desktop browser around it, at about half the processor time per journey. The full browser otherwise.
const CHROMIUM =
  process.env.CHROMIUM_PATH ??
  ['/usr/bin/chromium-headless-shell', '/usr/bin/chromium'].find((path) => existsSync(path)) ??
  '/usr/bin/chromium';
const run = (cmd, args, env = {}) => spawnSync(cmd, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } }).status ?? 1;

if (!process.env.TEST_DATABASE_URL) {
  console.log('Database suites run on PGlite only (set TEST_DATABASE_URL to a PostgreSQL server to run them there too).');
}
const unit = run('npx', ['vitest', 'run']);
if (unit !== 0) process.exit(unit);

// The cluster test: two servers, two workers and the sandboxes as separate processes from the built bundles,
// on PostgreSQL (e2e/cluster). CI always has the database; elsewhere it runs when one is given.
if (process.env.TEST_DATABASE_URL) {
  buildIfNeeded();
  const cluster = run('npx', ['vitest', 'run', '--config', 'e2e/cluster/vitest.config.ts']);
  if (cluster !== 0) process.exit(cluster);
} else if (process.env.CI) {
  console.error('The cluster test needs PostgreSQL: CI must set TEST_DATABASE_URL (see .ci/run).');
  process.exit(1);
} else {
  console.log('\nCluster test SKIPPED: set TEST_DATABASE_URL to a PostgreSQL server to run it.\n');
}

if (!existsSync(CHROMIUM)) {
  if (process.env.SIRA_REQUIRE_BROWSER === '1') {
    console.error(`Browser tests are required but ${CHROMIUM} was not found.`);
    process.exit(1);
  }
  console.log(`\nBrowser tests SKIPPED: ${CHROMIUM} not found (apt-get install chromium to run them).\n`);
  process.exit(0);
}
await buildIfNeeded();
process.exit(run('npm', ['run', 'test', '-w', '@sira/e2e'], { CHROMIUM_PATH: CHROMIUM }));

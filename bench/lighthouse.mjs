// Lighthouse 12 on Debian Chromium, mobile profile, against the built product served as `npm start` would.
// Prints a table of category scores per page and the JavaScript the landing page loads, with the budgets
// (landing page JavaScript, scores) beside them. Figures, not a test: it exits non-zero only if it could not measure.
//   node bench/lighthouse.mjs            (builds first if sources changed)
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { buildIfNeeded, root } from '../scripts/build-if-needed.mjs';

const PAGES = ['/', '/pricing', '/jobs/riyadh'];
const BUDGET = { performance: 95, accessibility: 100, 'best-practices': 95, seo: 100 };
const JS_BUDGET_KB = 100;
const chromePath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

const freePort = () =>
  new Promise((resolve, reject) => {
    const srv = createServer();
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
    srv.on('error', reject);
  });

async function startServer() {
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'sira-lh-'));
  const child = spawn(process.execPath, [join(root, 'apps/server/dist/server.js')], {
    cwd: root,
    env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, LOG_LEVEL: 'warn', DATABASE_URL: '' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const base = `http://localhost:${port}`;
  for (let i = 0; i < 300; i++) {
    try {
      if ((await fetch(`${base}/readyz`)).ok)
        return {
          base,
          stop: () =>
            new Promise((r) => {
              child.once('exit', r);
              child.kill('SIGINT');
            }).then(() => rmSync(dataDir, { recursive: true, force: true })),
        };
    } catch {}
    await new Promise((r) => setTimeout(r, 200));
  }
  child.kill('SIGKILL');
  throw new Error('server did not start');
}

await buildIfNeeded({ quiet: true });
const server = await startServer();
const chrome = await chromeLauncher.launch({
  chromePath,
  chromeFlags: [
    '--headless=new',
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
  ],
});
const rows = [];
let landingJsKb;
try {
  for (const path of PAGES) {
    // A loaded machine occasionally makes Chromium show an interstitial instead of the page; that run measured
    // nothing, so it is repeated (twice at most) rather than reported as a score of 0.
    let lhr;
    for (let attempt = 1; attempt <= 3; attempt++) {
      ({ lhr } = await lighthouse(`${server.base}${path}`, {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: Object.keys(BUDGET),
      }));
      if (!lhr.runtimeError) break;
      console.log(`${path}: run ${attempt} failed (${lhr.runtimeError.code}); ${attempt < 3 ? 'retrying' : 'giving up'}`);
    }
    const scores = Object.fromEntries(Object.keys(BUDGET).map((k) => [k, Math.round((lhr.categories[k]?.score ?? 0) * 100)]));
    rows.push({ path, ...scores });
    if (path === '/') {
      const requests = lhr.audits['network-requests']?.details?.items ?? [];
      landingJsKb = requests.filter((r) => r.resourceType === 'Script').reduce((sum, r) => sum + (r.transferSize ?? 0), 0) / 1024;
    }
    const failing = Object.values(lhr.audits).filter((a) => a.score !== null && a.score < 1 && a.scoreDisplayMode === 'binary');
    if (failing.length)
      console.log(`${path}: audits not passed: ${failing.map((a) => `${a.id}${a.explanation ? ` (${a.explanation})` : ''}`).join(', ')}`);
  }
} finally {
  await chrome.kill();
  await server.stop();
}

const pad = (s, n) => String(s).padEnd(n);
console.log(`\nLighthouse ${lighthouse.version ?? '12'} — mobile profile, Debian Chromium`);
console.log(
  `${pad('page', 14)}${Object.keys(BUDGET)
    .map((k) => pad(k, 16))
    .join('')}`,
);
for (const row of rows) {
  console.log(
    `${pad(row.path, 14)}${Object.keys(BUDGET)
      .map((k) => pad(`${row[k]} ${row[k] >= BUDGET[k] ? 'ok' : `< ${BUDGET[k]}`}`, 16))
      .join('')}`,
  );
}
console.log(
  `\nJavaScript loaded by / (compressed transfer): ${landingJsKb.toFixed(1)} KB  (budget ${JS_BUDGET_KB} KB: ${landingJsKb <= JS_BUDGET_KB ? 'ok' : 'over'})`,
);

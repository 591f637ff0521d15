// Lighthouse 12 on Debian Chromium, mobile profile, against the built product served as `npm start` would.
// Prints, per public page, the median of RUNS runs of the four category scores, LCP, TBT, CLS and the
// JavaScript transferred (compressed), with the budgets beside them, and the machine's load average (scores
// fall on a busy machine). Figures, not a test: it exits non-zero only if it could not measure.
//   npm run bench:lighthouse   (installs Lighthouse into bench/lighthouse first; builds if sources changed)
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { buildIfNeeded, root } from '../../scripts/build-if-needed.mjs';

// LIGHTHOUSE_PAGES=/about,/terms measures only those.
const PAGES = process.env.LIGHTHOUSE_PAGES?.split(',') ?? [
  '/',
  '/pricing',
  '/about',
  '/support',
  '/privacy',
  '/terms',
  '/how-to-prepare-cv',
  '/jobs/riyadh',
  '/login',
  '/register',
  // Signed in (a new account on its trial package): the pages a paying user lives on.
  '/dashboard',
  '/send-resume',
  '/my-data',
];
/** Measured with a session: the server draws them with the user's data (ADR 028). */
const SIGNED_IN = new Set(['/dashboard', '/send-resume', '/my-data']);
const RUNS = Number(process.env.LIGHTHOUSE_RUNS ?? 3);
const BUDGET = { performance: 95, accessibility: 100, 'best-practices': 100, seo: 100 };
/** Compressed JavaScript a page may load before any interaction, in KB (the landing and pricing pages). */
const JS_BUDGET_KB = {
  '/': 100,
  '/pricing': 100,
  // Text to read: the static pages' script only.
  '/about': 20,
  '/support': 20,
  '/privacy': 20,
  '/terms': 20,
  '/how-to-prepare-cv': 20,
  // The first signed-in screen; the admin panel's code is not part of it.
  '/dashboard': 150,
  '/send-resume': 150,
  '/my-data': 150,
};

// Debian's Chromium, or its headless shell (the same engine, which CI installs) when that is all there is.
const chromePath =
  process.env.CHROMIUM_PATH ??
  ['/usr/bin/chromium', '/usr/bin/chromium-headless-shell'].find((path) => existsSync(path)) ??
  '/usr/bin/chromium';

const freePort = () =>
  new Promise((resolve, reject) => {
    const srv = createServer();
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
    srv.on('error', reject);
  });

/**
 * LIGHTHOUSE_DATABASE_URL=postgres://… (a server where that role may create databases) measures production
 * mode instead: NODE_ENV=production on a fresh database made there and dropped afterwards. Without it, the
 * embedded default `npm start` runs.
 */
const PRODUCTION_DATABASE = process.env.LIGHTHOUSE_DATABASE_URL;

/** A fresh database on the PRODUCTION_DATABASE server: its address, a query on it, and its removal. */
async function scratchDatabase() {
  const { default: pg } = await import('pg');
  const name = `sira_lighthouse_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: PRODUCTION_DATABASE });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  const url = new URL(PRODUCTION_DATABASE);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async query(text, values) {
      const client = new pg.Client({ connectionString: url.toString() });
      await client.connect();
      try {
        return await client.query(text, values);
      } finally {
        await client.end();
      }
    },
    async drop() {
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
    },
  };
}

async function startServer() {
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'sira-lh-'));
  const base = `http://localhost:${port}`;
  const database = PRODUCTION_DATABASE ? await scratchDatabase() : undefined;
  const mode = database
    ? {
        NODE_ENV: 'production',
        DATABASE_URL: database.url,
        APP_SECRET: randomBytes(32).toString('hex'),
        PUBLIC_BASE_URL: base,
        // Sira's own e-mails (the account confirmation) go nowhere: the account is confirmed in the database.
        SMTP_URL: 'smtp://127.0.0.1:9',
        SMTP_FROM: 'Sira <no-reply@sira.invalid>',
      }
    : { DATABASE_URL: '' };
  const child = spawn(process.execPath, [join(root, 'apps/server/dist/server.js')], {
    cwd: root,
    env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, LOG_LEVEL: 'warn', ...mode },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  for (let i = 0; i < 300; i++) {
    try {
      if ((await fetch(`${base}/readyz`)).ok)
        return {
          base,
          mode: database ? 'production (PostgreSQL)' : 'embedded (PGlite)',
          // Marks the account confirmed where no outbox can be read (production mode).
          confirm: database ? (email) => database.query('update "user" set email_verified = true where email = $1', [email]) : undefined,
          stop: () =>
            new Promise((r) => {
              child.once('exit', r);
              child.kill('SIGINT');
            }).then(async () => {
              rmSync(dataDir, { recursive: true, force: true });
              await database?.drop();
            }),
        };
    } catch {}
    await new Promise((r) => setTimeout(r, 200));
  }
  child.kill('SIGKILL');
  throw new Error('server did not start');
}

/**
 * A confirmed account signed in through the API as the web app's forms do, its confirmation link read from the
 * embedded outbox: the session cookie Lighthouse sends with every request of a signed-in page.
 */
async function signedInCookie({ base, confirm }) {
  const email = `lighthouse.${Date.now()}@sira.example`;
  const password = 'lighthouse-password-1';
  const json = { origin: base, 'content-type': 'application/json' };
  const registered = await fetch(`${base}/api/auth/register`, {
    method: 'POST',
    headers: json,
    body: JSON.stringify({ email, phone: '0512345678', password, confirmPassword: password, fullName: 'سارة أحمد', acceptTerms: true }),
  });
  if (registered.status !== 201) throw new Error(`registration answered ${registered.status}`);
  if (confirm) await confirm(email);
  else {
    let link;
    for (let attempt = 0; attempt < 100 && !link; attempt++) {
      const list = await (await fetch(`${base}/sandbox/outbox`)).text();
      const id = new RegExp(`${email.replace(/[.+]/g, '\\$&')}</td><td><a href="/sandbox/outbox/([0-9a-f-]+)"`).exec(list)?.[1];
      if (id) {
        const mail = await (await fetch(`${base}/sandbox/outbox/${id}`)).text();
        link = /href="([^"]*verify-email[^"]*)"/.exec(mail)?.[1]?.replace(/&(amp|#38);/g, '&');
      } else await new Promise((r) => setTimeout(r, 100));
    }
    if (!link) throw new Error('no confirmation e-mail in the outbox');
    await fetch(link, { redirect: 'manual' });
  }
  const signedIn = await fetch(`${base}/api/auth/sign-in`, { method: 'POST', headers: json, body: JSON.stringify({ email, password }) });
  if (!signedIn.ok) throw new Error(`sign-in answered ${signedIn.status}`);
  return signedIn.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
}

await buildIfNeeded({ quiet: true });
const server = await startServer();
const cookie = PAGES.some((path) => SIGNED_IN.has(path)) ? await signedInCookie(server) : undefined;
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
const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
};
const loadBefore = loadavg()[0];
const rows = [];
try {
  for (const path of PAGES) {
    const runs = [];
    for (let run = 0; run < RUNS; run++) {
      // A loaded machine occasionally makes Chromium show an interstitial instead of the page; that run measured
      // nothing, so it is repeated (twice at most) rather than reported as a score of 0.
      let lhr;
      for (let attempt = 1; attempt <= 3; attempt++) {
        ({ lhr } = await lighthouse(`${server.base}${path}`, {
          port: chrome.port,
          output: 'json',
          logLevel: 'error',
          onlyCategories: Object.keys(BUDGET),
          ...(SIGNED_IN.has(path) ? { extraHeaders: { Cookie: cookie } } : {}),
        }));
        if (!lhr.runtimeError) break;
        console.log(`${path}: run ${attempt} failed (${lhr.runtimeError.code}); ${attempt < 3 ? 'retrying' : 'giving up'}`);
      }
      // LIGHTHOUSE_REPORTS=<folder> keeps each run's whole report (where the main thread's time went, per script).
      if (process.env.LIGHTHOUSE_REPORTS)
        writeFileSync(join(process.env.LIGHTHOUSE_REPORTS, `${path.replace(/\W+/g, '_') || 'home'}-${run + 1}.json`), JSON.stringify(lhr));
      const requests = lhr.audits['network-requests']?.details?.items ?? [];
      runs.push({
        ...Object.fromEntries(Object.keys(BUDGET).map((k) => [k, Math.round((lhr.categories[k]?.score ?? 0) * 100)])),
        lcp: lhr.audits['largest-contentful-paint']?.numericValue ?? Number.NaN,
        tbt: lhr.audits['total-blocking-time']?.numericValue ?? Number.NaN,
        cls: lhr.audits['cumulative-layout-shift']?.numericValue ?? Number.NaN,
        js: requests.filter((r) => r.resourceType === 'Script').reduce((sum, r) => sum + (r.transferSize ?? 0), 0) / 1024,
      });
      const failing = Object.values(lhr.audits).filter((a) => a.score !== null && a.score < 1 && a.scoreDisplayMode === 'binary');
      if (failing.length)
        console.log(`${path}: audits not passed: ${failing.map((a) => `${a.id}${a.explanation ? ` (${a.explanation})` : ''}`).join(', ')}`);
    }
    rows.push({ path, ...Object.fromEntries(Object.keys(runs[0]).map((k) => [k, median(runs.map((r) => r[k]))])) });
  }
} finally {
  await chrome.kill();
  await server.stop();
}

const pad = (s, n) => String(s).padEnd(n);
const mark = (ok) => (ok ? '' : ' !');
console.log(`\nLighthouse ${lighthouse.version ?? '12'}, mobile profile, Debian Chromium: median of ${RUNS} runs, ${server.mode}`);
console.log(`load average (1 min) before / after: ${loadBefore.toFixed(1)} / ${loadavg()[0].toFixed(1)} on ${cpus().length} CPUs`);
console.log(
  `${pad('page', 20)}${Object.keys(BUDGET)
    .map((k) => pad(k, 16))
    .join('')}${pad('LCP', 9)}${pad('TBT', 9)}${pad('CLS', 8)}JavaScript`,
);
for (const row of rows) {
  const jsBudget = JS_BUDGET_KB[row.path];
  console.log(
    `${pad(row.path, 20)}${Object.keys(BUDGET)
      // A signed-in page is kept out of search engines on purpose (noindex): its SEO score is not a goal.
      .map((k) => pad(k === 'seo' && SIGNED_IN.has(row.path) ? `${row[k]} (noindex)` : `${row[k]}${mark(row[k] >= BUDGET[k])}`, 16))
      .join('')}${pad(`${(row.lcp / 1000).toFixed(1)} s`, 9)}${pad(`${Math.round(row.tbt)} ms`, 9)}${pad(
      `${row.cls.toFixed(3)}${mark(row.cls === 0)}`,
      8,
    )}${row.js.toFixed(1)} KB${jsBudget === undefined ? '' : ` (budget ${jsBudget}${mark(row.js <= jsBudget)})`}`,
  );
}
console.log(
  `budgets: ${Object.entries(BUDGET)
    .map(([k, v]) => `${k} ≥ ${v}`)
    .join(', ')}, CLS 0; "!" marks a miss`,
);

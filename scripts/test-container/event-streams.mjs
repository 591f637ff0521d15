// For scripts/test-container.sh: opens COUNT live-update streams (GET /api/events) through Caddy one after
// another, as a user reloading a page does: each waits for its answer and the stream's first event, stays
// open HOLD_MS, then closes. Prints one line with what it saw — the statuses and the time each took to its
// first event — and exits 1 unless every stream answered 200 and delivered `event: ready` within LIMIT_MS.
//
//   node event-streams.mjs <url> <ca-file> <curl-cookie-jar> <count> <hold-ms> <limit-ms>
//
// Not curl: `curl --max-time` ends a stream at a fixed time whether or not its answer has come, so a slow
// machine read as a refused stream; here a stream ends once its first event is in.
import { readFileSync } from 'node:fs';
import { request } from 'node:https';

const [url, caFile, jarFile, count = '1', holdMs = '0', limitMs = '15000'] = process.argv.slice(2);
const ca = readFileSync(caFile);
// curl's Netscape cookie file: domain, subdomains, path, secure, expiry, name, value (HttpOnly lines prefixed).
const cookie = readFileSync(jarFile, 'utf8')
  .split('\n')
  .map((line) => line.split('\t'))
  .filter((fields) => fields.length === 7)
  .map((fields) => `${fields[5]}=${fields[6]}`)
  .join('; ');

/** One stream: its status and the seconds to its first event, or what went wrong instead. */
function openStream() {
  const started = performance.now();
  const seconds = () => (performance.now() - started) / 1000;
  return new Promise((resolve) => {
    let status = 0;
    let settled = false;
    const done = (outcome) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      req.destroy();
      resolve({ status, seconds: seconds(), ...outcome });
    };
    const timer = setTimeout(() => done({ error: `no first event within ${Number(limitMs) / 1000} s` }), Number(limitMs));
    const req = request(url, { ca, headers: { cookie, accept: 'text/event-stream' } }, (res) => {
      status = res.statusCode ?? 0;
      let text = '';
      let ready = false;
      res.setEncoding('utf8');
      res.on('data', (chunk) => {
        if (ready) return;
        text += chunk;
        if (!/^event: ready$/m.test(text)) return;
        ready = true;
        const at = seconds();
        setTimeout(() => done({ seconds: at, ready: true }), Number(holdMs));
      });
      res.on('end', () => {
        if (!ready) done({ error: 'ended before its first event' });
      });
    });
    req.on('error', (error) => done({ error: error.message }));
    req.end();
  });
}

const results = [];
for (let i = 0; i < Number(count); i++) results.push(await openStream());
const counts = new Map();
for (const r of results) counts.set(r.status || 'none', (counts.get(r.status || 'none') ?? 0) + 1);
const tally = [...counts].map(([status, n]) => `${status}×${n}`);
const times = results
  .filter((r) => r.ready)
  .map((r) => r.seconds)
  .sort((a, b) => a - b);
const spread =
  times.length > 1
    ? `first event after ${times[0].toFixed(2)}–${times.at(-1).toFixed(2)} s (median ${times[Math.floor(times.length / 2)].toFixed(2)} s)`
    : times.length === 1
      ? `first event after ${times[0].toFixed(2)} s`
      : 'no first event';
const errors = [...new Set(results.filter((r) => r.error).map((r) => r.error))];
process.stdout.write(`status ${tally.join(', ')}; ${spread}${errors.length ? `; ${errors.join('; ')}` : ''}\n`);
process.exit(results.every((r) => r.status === 200 && r.ready) ? 0 : 1);

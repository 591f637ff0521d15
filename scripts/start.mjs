// `npm start`: build what changed, then run the server (embedded PGlite in ./data unless DATABASE_URL is set).
import { spawn } from 'node:child_process';
import { constants } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { buildIfNeeded, root } from './build-if-needed.mjs';

/**
 * glibc gives every thread that allocates its own malloc arena (up to eight per CPU) and seldom hands their
 * free space back. In the embedded server V8 optimises PGlite's WebAssembly on background threads while the
 * worker sends, and the process's resident memory kept climbing with the run: 64,000 messages peaked at
 * 300–342 MB, against 265 MB with two arenas and no more CPU (ADR 008, session 11). The setting is read when
 * the process starts, so on Linux the server runs as a child process that has it.
 */
const MALLOC_ARENA_MAX = '2';

if (process.platform === 'linux' && process.env.MALLOC_ARENA_MAX === undefined) {
  // Its own process group, so a Ctrl-C reaches it once (forwarded below), not from the terminal as well:
  // the server takes a second signal to mean "stop now" (apps/server/src/server.ts).
  const child = spawn(process.execPath, [...process.execArgv, fileURLToPath(import.meta.url), ...process.argv.slice(2)], {
    stdio: 'inherit',
    detached: true,
    env: { ...process.env, MALLOC_ARENA_MAX },
  });
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(signal, () => child.kill(signal));
  child.on('exit', (code, signal) => process.exit(code ?? 128 + (signal ? constants.signals[signal] : 0)));
} else {
  // Production's stdout carries JSON log records only (what a log shipper expects); a person gets plain text.
  const production = process.env.NODE_ENV === 'production';
  const record = (level, msg) => process.stdout.write(`${JSON.stringify({ level, time: Date.now(), pid: process.pid, msg })}\n`);
  try {
    buildIfNeeded({ say: production ? (message) => record(30, message) : undefined });
  } catch {
    if (production) record(60, 'The build failed (see the build output). Sira was not started.');
    else console.error('\nThe build failed (see above). Sira was not started.\n');
    process.exit(1);
  }
  process.chdir(root);
  await import(pathToFileURL(join(root, 'apps/server/dist/server.js')).href);
}

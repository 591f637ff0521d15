// `npm start`: build what changed (development only), then run the server (embedded PGlite in ./data unless
// DATABASE_URL is set) in the repository root. Settings come from the environment and, for what it does not
// set, from the root's `.env`.
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { constants } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parseEnv } from 'node:util';

/** `.env` from the repository root; a variable the real environment sets, even empty, wins. */
function loadDotEnv() {
  let text;
  try {
    text = readFileSync(resolve('.env'), 'utf8');
  } catch (error) {
    if (error.code === 'ENOENT') return;
    throw error;
  }
  for (const [name, value] of Object.entries(parseEnv(text))) {
    if (!Object.hasOwn(process.env, name)) process.env[name] = value;
  }
}

/**
 * glibc gives every thread that allocates its own malloc arena (up to eight per CPU) and seldom hands their
 * free space back. In the embedded server V8 optimises PGlite's WebAssembly on background threads while the
 * worker sends, and the process's resident memory kept climbing with the run: 64,000 messages peaked at
 * 300–342 MB, against 265 MB with two arenas and no more CPU (docs/benchmarks.md). The setting is read when
 * the process starts, so on Linux the server runs as a child process that has it.
 */
const MALLOC_ARENA_MAX = '2';
/**
 * V8's young generation is two semi-spaces of up to 16 MB each, which a busy server fills and keeps: 32 MB of the
 * embedded server's resident memory at rest. At 4 MB each it rested 25–30 MB lower after a first start and during
 * imports (docs/benchmarks.md, "Processes"). Embedded mode only: a production server (DATABASE_URL) keeps V8's
 * defaults.
 */
const EMBEDDED_V8_FLAGS = ['--max-semi-space-size=4'];
/** A signal repeated within this long is the same request (see below). */
const SAME_REQUEST_MS = 1_000;

function launch() {
  // Its own process group, so a Ctrl-C reaches it once (forwarded below), not from the terminal as well:
  // the server takes a second signal to mean "stop now" (apps/server/src/lib/process-stop.ts). The IPC
  // channel is how it knows this launcher is gone, however this launcher ends (even killed outright).
  const v8Flags = process.env.DATABASE_URL ? [] : EMBEDDED_V8_FLAGS;
  const child = spawn(process.execPath, [...v8Flags, ...process.execArgv, fileURLToPath(import.meta.url), ...process.argv.slice(2)], {
    stdio: ['inherit', 'inherit', 'inherit', 'ipc'],
    detached: true,
    env: { ...process.env, MALLOC_ARENA_MAX },
  });
  const forwarded = new Map();
  const forward = (signal) => {
    // Started by npm, a Ctrl-C arrives twice: from the terminal and forwarded by npm. Passed on once.
    const last = forwarded.get(signal);
    if (last !== undefined && Date.now() - last < SAME_REQUEST_MS) return;
    forwarded.set(signal, Date.now());
    child.kill(signal);
  };
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(signal, () => forward(signal));
  // Under npm this process's parent is the shell npm runs the script in, and that shell does not pass on the
  // SIGTERM npm forwards to it: it just exits. Its exit is the request to stop.
  if (process.env.npm_lifecycle_event) {
    const launcher = process.ppid;
    const watch = setInterval(() => {
      if (process.ppid === launcher) return;
      clearInterval(watch);
      forward('SIGTERM');
    }, 500);
    watch.unref();
  }
  child.on('exit', (code, signal) => process.exit(code ?? 128 + (signal ? constants.signals[signal] : 0)));
}

async function run() {
  const { buildIfNeeded, requireBuild, BuildUnusableError } = await import('./build-if-needed.mjs');
  try {
    // Production never builds at start: it needs the development dependencies, and a deployment should run
    // the build it tested. Development builds what changed.
    if (process.env.NODE_ENV === 'production') await requireBuild();
    else await buildIfNeeded();
  } catch (error) {
    const message =
      error instanceof BuildUnusableError
        ? error.message
        : `The build failed (see above). Sira was not started.\n${error instanceof Error ? error.message : ''}`;
    // Production's stdout carries JSON log records only (what a log shipper expects); a person gets plain text.
    if (process.env.NODE_ENV === 'production') {
      process.stdout.write(`${JSON.stringify({ level: 60, time: Date.now(), pid: process.pid, msg: message })}\n`);
    } else console.error(`\n${message}\n`);
    process.exit(1);
  }
  await import(pathToFileURL(join(root, 'apps/server/dist/server.js')).href);
}

const root = fileURLToPath(new URL('..', import.meta.url));
// DATA_DIR's default (./data), and `.env`, are the repository root's: the server runs there.
process.chdir(root);
loadDotEnv();
if (process.platform === 'linux' && process.env.MALLOC_ARENA_MAX === undefined) launch();
else await run();

/**
 * How a Sira process (server, worker) is stopped: SIGTERM or SIGINT, or its launcher going away.
 *
 * - The first request runs `stop` once; the process then exits 0, or 1 if stopping failed or took longer than
 *   the deadline (10 s: what service managers and `docker stop` commonly allow before they kill).
 * - The same signal again within a second is the same request: a Ctrl-C in a terminal reaches a process
 *   started by npm twice, once from the terminal and once forwarded by npm. A later one means "stop now".
 * - Started by a launcher (`npm start`'s scripts/start.mjs, or npm itself), the process stops when the
 *   launcher is gone: the shell npm runs a script in does not pass SIGTERM on, and a launcher killed outright
 *   forwards nothing, so an orphan would keep its port or keep sending.
 */
export interface StopHandle {
  /** Starts stopping as if a signal had come (`reason` is logged). */
  request(reason: string): void;
  /** Whether stopping has been asked for (a start still under way skips its remaining steps). */
  requested(): boolean;
  /** Aborted when stopping is asked for: a start waiting for its database stops waiting. */
  signal: AbortSignal;
}

export interface StopLog {
  info(details: object, message: string): void;
  error(details: object, message: string): void;
}

export const STOP_DEADLINE_MS = 10_000;
const SAME_REQUEST_MS = 1_000;
const LAUNCHER_CHECK_MS = 500;

export function stopOnSignals(stop: () => Promise<void>, log: StopLog, deadlineMs = STOP_DEADLINE_MS): StopHandle {
  let first: { reason: string; at: number } | undefined;
  const stopping = new AbortController();
  const request = (reason: string) => {
    if (first) {
      if (reason === first.reason && Date.now() - first.at < SAME_REQUEST_MS) return;
      // A second, separate request means "now": the database may not be closed cleanly, but the operator asked.
      log.error({ reason }, 'stopping at once');
      process.exit(130);
    }
    first = { reason, at: Date.now() };
    log.info({ signal: reason }, 'shutting down');
    stopping.abort();
    const timer = setTimeout(() => {
      log.error({ deadlineMs }, 'shutdown took too long; exiting');
      process.exit(1);
    }, deadlineMs);
    timer.unref();
    stop().then(
      () => process.exit(0),
      (error: unknown) => {
        log.error({ err: error }, 'error during shutdown');
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', () => request('SIGINT'));
  process.on('SIGTERM', () => request('SIGTERM'));
  watchLauncher(() => request('launcher exited'));
  return { request, requested: () => first !== undefined, signal: stopping.signal };
}

/**
 * Calls `gone` once when the process that launched this one has exited. scripts/start.mjs opens an IPC
 * channel to its server, which closes however the launcher ends. Under npm (`npm run worker`) the parent is
 * the shell npm ran the script in; when it exits while this process runs, npm has been stopped.
 */
export function watchLauncher(gone: () => void): void {
  if (process.channel) {
    process.channel.unref();
    process.once('disconnect', gone);
    return;
  }
  if (!process.env.npm_lifecycle_event) return;
  const launcher = process.ppid;
  const timer = setInterval(() => {
    if (process.ppid !== launcher) {
      clearInterval(timer);
      gone();
    }
  }, LAUNCHER_CHECK_MS);
  timer.unref();
}

import { setTimeout as sleep } from 'node:timers/promises';
import { isConnectionFailure } from './database-errors';
import { failureReason } from './database-outage';

export interface WaitLog {
  warn(fields: object, message: string): void;
  info(fields: object, message: string): void;
  debug(fields: object, message: string): void;
}

export interface WaitOptions {
  log: WaitLog;
  /** Aborted when the process is told to stop: the wait ends, rejecting with the signal's reason. */
  signal: AbortSignal;
  firstDelayMs?: number;
  maxDelayMs?: number;
}

/** 1 s, 2 s, 4 s … doubling up to 30 s between tries: quick when the database is seconds late, quiet when hours. */
export const retryDelayMs = (failures: number, firstMs = 1000, maxMs = 30_000): number =>
  Math.min(maxMs, firstMs * 2 ** Math.max(0, failures - 1));

export const WAITING_FOR_DATABASE = 'waiting for the database: it cannot be reached yet; trying again until it answers';

/**
 * Runs `attempt` (connect, then prepare the database) until it succeeds; it is given the signal, to give up a
 * connection that hangs when the process is told to stop. A failure that means the database
 * cannot be reached yet — refused, unresolvable, unreachable, starting up, out of connections
 * (isConnectionFailure) — is tried again after a growing delay: after a host's reboot PostgreSQL may come up
 * seconds after Sira, and a service manager that restarts a process which exited gives up after a few. The
 * first such failure is logged at warn with its reason, the later ones at debug, and the success after a wait
 * at info. Any other failure (a wrong password, no such database, an unmigrated database) is thrown at once:
 * waiting would not mend it.
 */
export async function waitForDatabase<T>(attempt: (signal: AbortSignal) => Promise<T>, options: WaitOptions): Promise<T> {
  const startedAt = performance.now();
  let failures = 0;
  for (;;) {
    options.signal.throwIfAborted();
    try {
      const result = await attempt(options.signal);
      if (failures > 0) {
        options.log.info({ waitedMs: Math.round(performance.now() - startedAt), attempts: failures + 1 }, 'database reachable: starting');
      }
      return result;
    } catch (error) {
      if (!isConnectionFailure(error) || options.signal.aborted) throw error;
      failures++;
      const retryInMs = retryDelayMs(failures, options.firstDelayMs, options.maxDelayMs);
      // The reason as text, not the error: a record carrying the error itself is the outage tracker's to count.
      const fields = { reason: failureReason(error), retryInMs };
      if (failures === 1) options.log.warn(fields, WAITING_FOR_DATABASE);
      else options.log.debug({ ...fields, attempt: failures }, 'database still out of reach');
      await sleep(retryInMs, undefined, { signal: options.signal, ref: true });
    }
  }
}

/**
 * `work`, or a rejection as soon as `signal` aborts: a connection to a host that does not answer may take its
 * whole timeout, longer than a stop may. What `work` does goes on unheeded (a connection attempt, closed by
 * its own timeout); never use it for work that must not be cut, such as a migration.
 */
export function unlessAborted<T>(work: Promise<T>, signal: AbortSignal): Promise<T> {
  if (signal.aborted) return Promise.reject(signal.reason);
  return new Promise<T>((resolve, reject) => {
    const abort = () => reject(signal.reason);
    signal.addEventListener('abort', abort, { once: true });
    work.then(resolve, reject).finally(() => signal.removeEventListener('abort', abort));
  });
}

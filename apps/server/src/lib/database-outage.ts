import { DatabaseConnectionError } from '../db/connection-error';
import { isDatabaseConnectionFailure } from './database-errors';

/**
 * One process's view of whether PostgreSQL can be reached, so that an outage is said twice — when it begins and
 * when it ends, at warn — instead of once per request and per worker pass. During a 20 s outage those had
 * written some 270 error records (a session lookup's SQL and stack on every request, every scheduler pass),
 * and operators page on errors.
 *
 * Every log record whose error is the database out of reach passes through `absorb` (the logger's hook,
 * lib/logger.ts), which notes it and has the record written at debug. The first while the database was thought
 * reachable has a fresh connection try the database: one connection that PostgreSQL ended, or a pool that ran
 * out, is not an outage (an info record says so); a refused or silent database is, and a fresh connection then
 * tries it every `retryMs` until it answers.
 */
export interface DatabaseOutageTracker {
  /** Whether `error` is the database out of reach; if so it is noted, and its record belongs at debug. */
  absorb(error: unknown): boolean;
  /**
   * From now on outages are told, in `log`. Before (a process still waiting for its database at start, which
   * says so itself) failures are only absorbed.
   */
  watch(log: OutageLog): void;
  /** False from a confirmed failure until the database answers again. */
  reachable(): boolean;
  close(): void;
}

export interface OutageLog {
  warn(fields: object, message: string): void;
  info(fields: object, message: string): void;
}

export interface OutageTrackerOptions {
  /** Resolves when a fresh connection to the database answers (db/client.ts checkDatabaseConnection). */
  probe: () => Promise<void>;
  /** Between two tries while the database is out of reach (default 1 s). */
  retryMs?: number;
  now?: () => number;
}

type State =
  | { kind: 'reachable'; checkedAt: number }
  | { kind: 'checking'; since: number }
  | { kind: 'unreachable'; since: number; reason: string };

export const OUTAGE_STARTED = 'database unreachable: requests answer 503 and background work waits until it answers';
export const OUTAGE_ENDED = 'database reachable again';

export function trackDatabaseOutages(options: OutageTrackerOptions): DatabaseOutageTracker {
  const retryMs = options.retryMs ?? 1000;
  const now = options.now ?? (() => performance.now());
  let log: OutageLog | undefined;
  let state: State = { kind: 'reachable', checkedAt: Number.NEGATIVE_INFINITY };
  let timer: NodeJS.Timeout | undefined;
  let closed = false;

  const tryAgainLater = (since: number, reason: string) => {
    timer = setTimeout(() => {
      options.probe().then(
        () => {
          if (closed) return;
          state = { kind: 'reachable', checkedAt: now() };
          log?.warn({ downForMs: Math.round(now() - since), reason }, OUTAGE_ENDED);
        },
        () => {
          if (!closed) tryAgainLater(since, reason);
        },
      );
    }, retryMs);
    timer.unref();
  };

  const check = (failure: unknown) => {
    const since = now();
    state = { kind: 'checking', since };
    options.probe().then(
      () => {
        if (closed) return;
        state = { kind: 'reachable', checkedAt: now() };
        log?.info({ reason: failureReason(failure) }, 'a database connection failed, but the database answers');
      },
      (probeError: unknown) => {
        if (closed) return;
        const reason = failureReason(probeError);
        state = { kind: 'unreachable', since, reason };
        log?.warn({ reason }, OUTAGE_STARTED);
        tryAgainLater(since, reason);
      },
    );
  };

  return {
    absorb(error) {
      if (!isDatabaseConnectionFailure(error)) return false;
      // Failures of requests that were under way when a check answered are not checked again at once: they
      // are the same event.
      if (log && !closed && state.kind === 'reachable' && now() - state.checkedAt >= retryMs) check(error);
      return true;
    },
    watch(target) {
      log = target;
    },
    reachable: () => state.kind !== 'unreachable',
    close() {
      closed = true;
      if (timer) clearTimeout(timer);
    },
  };
}

/**
 * The probe's own error names the database and the cause ("Cannot connect to PostgreSQL at sira@db:5432/sira:
 * connection refused …"); for another, its last cause's message: what the driver said, not a query's text.
 */
export function failureReason(error: unknown): string {
  if (error instanceof DatabaseConnectionError) return error.message;
  let current = error;
  for (let depth = 0; depth < 6; depth++) {
    const cause = (current as { cause?: unknown } | null)?.cause;
    if (cause === undefined || cause === null) break;
    current = cause;
  }
  const message = (current as { message?: unknown } | null)?.message;
  return typeof message === 'string' && message ? message : String(current);
}

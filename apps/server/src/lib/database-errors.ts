import { AsyncLocalStorage } from 'node:async_hooks';
import { DrizzleQueryError, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { DatabaseConnectionError, isMarkedDatabaseError } from '../db/connection-error';
import { AppError } from './errors';

/**
 * Network error codes of a connection that could not be made or was lost, and PostgreSQL's own: class 08
 * (connection exception), 57P01–57P03 (the server is shutting down, crashed, or cannot connect now) and 53300
 * (too many connections).
 */
const CONNECTION_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ECONNABORTED',
  'ENOTCONN',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
  '57P01',
  '57P02',
  '57P03',
  '53300',
]);

/** What node-postgres and PGlite say, without a code, when the connection is gone or none can be had. */
const CONNECTION_MESSAGES = [
  /^Connection terminated/i,
  /timeout exceeded when trying to connect/i,
  /Client has encountered a connection error and is not queryable/i,
  /Client was closed and is not queryable/i,
  /Cannot use a pool after calling end/i,
  /PGlite is closed/i,
];

function isConnectionFailureItself(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string' && (CONNECTION_CODES.has(code) || /^08[0-9A-Z]{3}$/.test(code))) return true;
  const message = (error as { message?: unknown }).message;
  if (typeof message === 'string' && CONNECTION_MESSAGES.some((pattern) => pattern.test(message))) return true;
  return error instanceof AggregateError && error.errors.some(isConnectionFailureItself);
}

/**
 * Whether an error means "the database cannot be reached right now" rather than "this request is wrong": the
 * error or any of its causes (Drizzle wraps the driver's error in a DrizzleQueryError).
 */
export function isConnectionFailure(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; depth < 6 && current; depth++) {
    if (isConnectionFailureItself(current)) return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}

/** Whether the error or one of its causes was raised by the database's driver or names the database. */
function raisedByDatabase(error: unknown, depth = 0): boolean {
  if (typeof error !== 'object' || error === null || depth > 6) return false;
  if (
    isMarkedDatabaseError(error) ||
    error instanceof DrizzleQueryError ||
    error instanceof DatabaseConnectionError ||
    error instanceof ServiceUnavailableError
  )
    return true;
  // The connection messages above are the database drivers' own wording, used by no other client.
  const message = (error as { message?: unknown }).message;
  if (typeof message === 'string' && CONNECTION_MESSAGES.some((pattern) => pattern.test(message))) return true;
  if (error instanceof AggregateError && error.errors.some((part) => raisedByDatabase(part, depth + 1))) return true;
  return raisedByDatabase((error as { cause?: unknown }).cause, depth + 1);
}

/**
 * A connection failure of the database's own (see isConnectionFailure), as opposed to the same refused or reset
 * connection to the mail relay, Paylink or Google: what the database outage tracker counts (lib/database-outage.ts).
 */
export function isDatabaseConnectionFailure(error: unknown): boolean {
  return isConnectionFailure(error) && raisedByDatabase(error);
}

/** 503: a moment without the database. The web shows the spec's generic error; retrying later succeeds. */
export class ServiceUnavailableError extends AppError {
  constructor(cause?: unknown) {
    super(503, 'SERVICE_UNAVAILABLE');
    this.name = 'ServiceUnavailableError';
    if (cause !== undefined) this.cause = cause;
  }
}

/**
 * For failures that arrive without their cause: asks the database itself, and throws ServiceUnavailableError
 * when it cannot be reached.
 */
export async function assertDatabaseReachable(db: Database): Promise<void> {
  try {
    await db.execute(sql`select 1`);
  } catch (error) {
    if (isConnectionFailure(error)) throw new ServiceUnavailableError(error);
    throw error;
  }
}

const watched = new AsyncLocalStorage<{ failure: unknown }>();

/**
 * better-auth catches its database errors, logs them and answers a bare 500 (or, for sign-out, a success whose
 * session row was never deleted). Its logger hands each error here (modules/auth/auth.ts), so the call that
 * was waiting can tell an outage from a fault.
 */
export function noteConnectionFailure(error: unknown): void {
  const watch = watched.getStore();
  if (watch && watch.failure === undefined && isConnectionFailure(error)) watch.failure = error;
}

const statusOf = (error: unknown) => (error as { statusCode?: unknown } | null)?.statusCode;

/**
 * Runs a better-auth call and throws ServiceUnavailableError (503) when the database could not be reached
 * during it: one of its errors was a connection failure, or it failed with a server error (thrown, or an answer
 * `isServerError` recognises) and the database does not answer now either.
 */
export async function revealingDatabaseOutage<T>(
  db: Database,
  work: () => Promise<T>,
  isServerError: (value: T) => boolean = () => false,
): Promise<T> {
  const watch = { failure: undefined as unknown };
  const settle = async (serverError: boolean) => {
    if (watch.failure !== undefined) throw new ServiceUnavailableError(watch.failure);
    if (serverError) await assertDatabaseReachable(db);
  };
  let value: T;
  try {
    value = await watched.run(watch, work);
  } catch (error) {
    const status = statusOf(error);
    await settle(typeof status === 'number' && status >= 500);
    throw error;
  }
  await settle(isServerError(value));
  return value;
}

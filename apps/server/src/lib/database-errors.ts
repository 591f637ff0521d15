import { sql } from 'drizzle-orm';
import type { Database } from '../db/client';
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

/** 503: a moment without the database. The web shows the spec's generic error; retrying later succeeds. */
export class ServiceUnavailableError extends AppError {
  constructor(cause?: unknown) {
    super(503, 'SERVICE_UNAVAILABLE');
    this.name = 'ServiceUnavailableError';
    if (cause !== undefined) this.cause = cause;
  }
}

/**
 * For failures that arrive without their cause — better-auth answers a failed session lookup with a bare 500:
 * asks the database itself, and throws ServiceUnavailableError when it cannot be reached.
 */
export async function assertDatabaseReachable(db: Database): Promise<void> {
  try {
    await db.execute(sql`select 1`);
  } catch (error) {
    if (isConnectionFailure(error)) throw new ServiceUnavailableError(error);
    throw error;
  }
}

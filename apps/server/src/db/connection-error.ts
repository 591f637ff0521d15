/**
 * Why PostgreSQL could not be reached, said so an operator knows which setting to fix. Without it the first
 * failing statement (the migrator's `CREATE SCHEMA "drizzle"`) was all anyone saw, whether the password was
 * wrong or the server was down.
 */
export class DatabaseConnectionError extends Error {
  constructor(
    message: string,
    /** The driver's error code: a SQLSTATE (28P01, 3D000, …) or a system one (ECONNREFUSED, …). */
    public readonly code: string | undefined,
    /** The driver's own error: a process waiting for its database tells from it whether waiting can help. */
    cause?: unknown,
  ) {
    super(message, cause === undefined ? undefined : { cause });
    this.name = 'DatabaseConnectionError';
  }
}

/**
 * Errors raised by the database driver itself (node-postgres's connections: connecting, and queries sent past
 * Drizzle). A refused or reset connection looks the same whether it was PostgreSQL's or the mail relay's; this
 * mark is how the database outage tracker (lib/database-outage.ts) tells them apart.
 */
const raisedByDatabase = new WeakSet<object>();

export function markAsDatabaseError<T>(error: T): T {
  if (typeof error === 'object' && error !== null) raisedByDatabase.add(error);
  return error;
}

export const isMarkedDatabaseError = (error: unknown): boolean =>
  typeof error === 'object' && error !== null && raisedByDatabase.has(error);

/** `user@host:port/database` from a connection string, never its password. */
export function describeTarget(url: string): string {
  try {
    const u = new URL(url);
    const user = u.username ? `${decodeURIComponent(u.username)}@` : '';
    const database = decodeURIComponent(u.pathname.replace(/^\//, '')) || '(default database)';
    return `${user}${u.hostname || 'localhost'}:${u.port || '5432'}/${database}`;
  } catch {
    return '(unreadable DATABASE_URL)';
  }
}

const CAUSES: Record<string, string> = {
  ECONNREFUSED: 'connection refused: is PostgreSQL running, and listening on that host and port?',
  ENOTFOUND: 'the host name does not resolve',
  EAI_AGAIN: 'the host name could not be resolved right now (DNS)',
  EHOSTUNREACH: 'the host is unreachable',
  ENETUNREACH: 'the network is unreachable',
  ETIMEDOUT: 'no answer from the host (timed out)',
  ECONNRESET: 'the server closed the connection while it was being set up',
  '28P01': 'authentication failed: wrong user name or password',
  '28000': 'the server refused this user (pg_hba.conf, or the role does not exist)',
  '3D000': 'the database does not exist: create it first (CREATE DATABASE), or fix its name',
  '57P03': 'the server is starting up or shutting down; try again shortly',
  '53300': 'the server has no free connection slots (too many connections)',
};

/** The driver's error turned into one line naming the target and the cause (or the driver's own text). */
export function connectionError(error: unknown, url: string): DatabaseConnectionError {
  const e = error as { code?: string; message?: string; errors?: Array<{ code?: string }> };
  // A host name with several addresses fails with an AggregateError whose parts carry the codes.
  const code = e.code ?? e.errors?.find((part) => part.code)?.code;
  const timedOut = !code && /timeout/i.test(e.message ?? '');
  const cause = (code && CAUSES[code]) ?? (timedOut ? CAUSES.ETIMEDOUT : (e.message ?? String(error)));
  return new DatabaseConnectionError(`Cannot connect to PostgreSQL at ${describeTarget(url)}: ${cause}`, code, error);
}

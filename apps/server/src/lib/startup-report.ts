import type { Logger } from 'pino';
import type { Mode } from '../config/env';
import { EnvError } from '../config/env';
import { DatabaseConnectionError } from '../db/connection-error';
import { DatabaseNotMigratedError } from '../db/migrate';
import { DataDirLockedError } from './data-dir';
import { createLogger } from './logger';

export interface StartedInfo {
  mode: Mode;
  port: number;
  database: 'pglite' | 'postgres';
  dataDir: string;
  admin: { email: string; password: string | undefined; credentialsFile?: string; inDatabase?: true } | undefined;
  /** false: the administrator is `npm run migrate`'s to create, not this process's. */
  migrateOnStart?: boolean;
  startedInMs: number;
}

/** How the administrator line reads: the password only when it was generated at this very start. */
function adminLine(admin: StartedInfo['admin'], migrateOnStart = true): string {
  if (!admin) {
    return migrateOnStart
      ? '  Administrator: set ADMIN_EMAIL and ADMIN_PASSWORD to create one'
      : '  Administrator: created by `npm run migrate` from ADMIN_EMAIL and ADMIN_PASSWORD';
  }
  if (admin.password && admin.credentialsFile) {
    return `  Administrator: ${admin.email}  /  password: ${admin.password}\n  (shown this once; kept in ${admin.credentialsFile})`;
  }
  if (admin.credentialsFile) return `  Administrator: ${admin.email}  (password in ${admin.credentialsFile})`;
  if (admin.inDatabase) return `  Administrator: ${admin.email}  (the database's own: its password is the one it had)`;
  return `  Administrator: ${admin.email}  (password from ADMIN_PASSWORD)`;
}

/**
 * The start-up announcement. Embedded mode greets the person at the terminal with a few lines of text;
 * production writes one JSON record like every other line, so a log shipper never meets plain text, and no
 * password is ever in it.
 */
export function reportStarted(log: Logger, info: StartedInfo): void {
  if (info.mode === 'production') {
    log.info(
      { port: info.port, database: info.database, admin: info.admin?.email ?? null, startedInMs: Math.round(info.startedInMs) },
      'Sira started',
    );
    return;
  }
  const lines = [
    '',
    `  Sira is running at http://localhost:${info.port}  (${info.database === 'pglite' ? `embedded database in ${info.dataDir}` : 'PostgreSQL'})`,
    adminLine(info.admin, info.migrateOnStart),
    `  Started in ${(info.startedInMs / 1000).toFixed(1)} s. Press Ctrl-C to stop.`,
    '',
  ];
  process.stdout.write(`${lines.join('\n')}\n`);
}

/**
 * A process that could not start. In production a fatal JSON record on stdout (the configuration problem
 * named, no values); otherwise the reason as text for the person who ran `npm start`.
 */
export function reportStartFailure(what: 'Sira' | 'Sira worker', error: unknown): void {
  if (process.env.NODE_ENV === 'production') {
    createLogger('info').fatal({ err: error }, `${what} could not start`);
    return;
  }
  if (
    error instanceof EnvError ||
    error instanceof DataDirLockedError ||
    error instanceof DatabaseConnectionError ||
    error instanceof DatabaseNotMigratedError
  ) {
    process.stderr.write(`\n${what} could not start. ${error.message}\n\n`);
  } else {
    process.stderr.write(`\n${what} could not start: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n\n`);
  }
}

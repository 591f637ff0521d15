import { deliveryFailureText } from '@sira/shared/messages/sending';
import { sql } from 'drizzle-orm';
import { type Database, type DatabaseHandle, type DatabaseKind, rowsOf } from '../../db/client';
import { migrateDatabase, withPreparationLock } from '../../db/migrate';
import { settings } from '../../db/schema';
import { recordAudit } from '../../lib/audit';
import { writeSetting } from '../../lib/settings';
import { failDeliveries } from './job-state';
import { readSendingPause, SENDING_PAUSE_KEY, type StoredPause } from './sending-pause';

/**
 * A restored or copied database never sends on its own (ADR 019). A backup taken while Sira sends holds rows
 * a worker had claimed or handed to Google, and pending rows the original may go on to send: started as it is,
 * the copy would send them again from users' own mailboxes. So a restored database starts with sending paused
 * — `npm run restore`, and `npm run after-restore` after a pg_restore, pause it before any process starts, and
 * a worker that finds the database somewhere else than where it last ran (a copy nobody announced) pauses it
 * before its first claim — and the rows that were in a worker's hands are settled as interrupted: failed, the
 * credit returned, offered to the user's "resend failed", never sent again by themselves, since they may have
 * gone. Pending rows stay pending and go when an administrator resumes.
 */

/** Settings key: where the database is (databaseIdentity), as the last worker to start on it found it. */
export const DATABASE_IDENTITY_KEY = 'database_identity';

/** What the audit and the log name as having paused sending after `npm run restore` / `npm run after-restore`. */
export const RESTORE_COMMAND = 'npm run restore';
export const AFTER_RESTORE_COMMAND = 'npm run after-restore';
/** …and a worker that found a copy. */
export const COPY_FOUND_BY_WORKER = 'sending worker (restored or copied database found)';

/**
 * Where this database is, in a form a copy does not keep. PostgreSQL: the cluster's system identifier (initdb
 * draws a new one; a physical replica or a snapshot of the disk keeps it) and the database's oid (a new one for
 * every CREATE DATABASE, so a pg_restore into a new database differs). PGlite: its folder — every new embedded
 * database starts from the same build (ADR 017), so the folder is what tells a copy from the original.
 */
export async function databaseIdentity(db: Database, kind: DatabaseKind): Promise<string> {
  // An in-memory database (tests) has no folder and is never copied.
  if (kind === 'pglite') return `pglite:${(db as { $client?: { dataDir?: string } }).$client?.dataDir ?? 'memory'}`;
  const [database] = rowsOf<{ oid: string }>(
    await db.execute(sql`select oid::text as oid from pg_database where datname = current_database()`),
  );
  let cluster = 'unknown';
  try {
    const [row] = rowsOf<{ id: string }>(await db.execute(sql`select system_identifier::text as id from pg_control_system()`));
    cluster = row?.id ?? cluster;
  } catch (error) {
    // A managed PostgreSQL may refuse the function to ordinary roles, always: the oid alone is the identity there.
    if (!isInsufficientPrivilege(error)) throw error;
  }
  return `postgres:${cluster}:${database?.oid ?? 'unknown'}`;
}

function isInsufficientPrivilege(error: unknown): boolean {
  for (let e: unknown = error; e; e = (e as { cause?: unknown }).cause) if ((e as { code?: unknown }).code === '42501') return true;
  return false;
}

export interface RestorePause {
  /** Deliveries that were being sent in the copy, now failed with their credit returned. */
  interrupted: number;
}

/**
 * Pauses sending and settles the deliveries a worker held in the copy, in one transaction; audited with what
 * did it. `identity`, when given, is recorded as where the database now is, so its workers do not take it for
 * a copy again. Safe to run twice: the second finds nothing in a worker's hands.
 */
export async function pauseAfterRestore(db: Database, by: string, identity?: string): Promise<RestorePause> {
  return db.transaction((tx) => pauseRestored(tx, by, identity));
}

/**
 * What `npm run restore` and `npm run after-restore` do to a restored database before any process starts on it:
 * migrate it (so the settlement meets this version's schema), then pause its sending as above, recording where
 * it now is.
 */
export async function prepareRestoredDatabase(handle: DatabaseHandle, by: string): Promise<RestorePause> {
  await withPreparationLock(handle, () => migrateDatabase(handle));
  return pauseAfterRestore(handle.db, by, await databaseIdentity(handle.db, handle.kind));
}

export type CopyCheck = { kind: 'first' | 'same' } | ({ kind: 'copied'; previous: string } & RestorePause);

/**
 * Run by every worker before its first claim (and before its first sweep, which would give claimed rows back to
 * the queue): the first start records where the database is; a later start somewhere else pauses sending as
 * after a restore. Workers starting together take turns on the settings row.
 */
export async function pauseIfCopied(db: Database, identity: string): Promise<CopyCheck> {
  return db.transaction(async (tx) => {
    const inserted = await tx
      .insert(settings)
      .values({ key: DATABASE_IDENTITY_KEY, value: { id: identity } })
      .onConflictDoNothing({ target: settings.key })
      .returning({ key: settings.key });
    if (inserted.length > 0) return { kind: 'first' } as const;
    const [stored] = rowsOf<{ id: string | null }>(
      await tx.execute(sql`select value->>'id' as id from settings where key = ${DATABASE_IDENTITY_KEY} for update`),
    );
    if (stored?.id === identity) return { kind: 'same' } as const;
    return { kind: 'copied', previous: stored?.id ?? '', ...(await pauseRestored(tx, COPY_FOUND_BY_WORKER, identity)) } as const;
  });
}

async function pauseRestored(tx: Database, by: string, identity: string | undefined): Promise<RestorePause> {
  await tx.execute(sql`select 1 from settings where key = ${SENDING_PAUSE_KEY} for update`);
  const before = await readSendingPause(tx);
  const interrupted = await settleInterrupted(tx, deliveryFailureText.restoreInterrupted);
  // A second pause of the same restore (the command, then a worker in a new folder) keeps the first's count.
  const earlier = before?.paused && before.reason === 'restored' ? before.interrupted : 0;
  const after: StoredPause = { paused: true, reason: 'restored', at: new Date().toISOString(), by, interrupted: earlier + interrupted };
  await writeSetting(tx, SENDING_PAUSE_KEY, after);
  if (identity) await writeSetting(tx, DATABASE_IDENTITY_KEY, { id: identity });
  await recordAudit(tx, {
    actor: { id: null, email: by },
    action: 'sending.pause_after_restore',
    entity: 'settings',
    entityId: SENDING_PAUSE_KEY,
    before,
    after,
  });
  return { interrupted };
}

/**
 * Every delivery in a worker's hands in the copy — claimed, or handed to Google without an answer — ends
 * failed: its failed_emails row, its job's counter (and the job's end when it was the last), the credit back
 * to the user. Its cause is 'retries', the one "resend failed" offers (rules/delivery-failure.ts): nothing is
 * wrong with the company or the message, and only the user knows whether to send it again.
 */
async function settleInterrupted(tx: Database, reason: string): Promise<number> {
  return (await failDeliveries(tx, sql`d.status = 'sending'`, reason, 'retries')).length;
}

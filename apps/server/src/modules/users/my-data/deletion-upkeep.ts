import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { type Database, rowsOf } from '../../../db/client';

/** Tables a deletion writes that do not reference the login: their rows name the address or the account. */
const ALSO_TOUCHED = ['mail_outbox', 'rate_limits', 'verification', 'audit_log'];

/**
 * Every table that references the login, directly or through another: the deletion's cascades (and its
 * "set null"s, such as the invoices kept) reach these. Read from the catalogue, so a table added later with a
 * foreign key to the account is vacuumed too.
 */
async function tablesReachedFromLogin(db: Database): Promise<string[]> {
  const rows = rowsOf<{ name: string }>(
    await db.execute(sql`
      with recursive reached(oid) as (
        select 'public.user'::regclass::oid
        union
        select c.conrelid from pg_constraint c join reached r on c.confrelid = r.oid where c.contype = 'f'
      )
      select relname as name from pg_class where oid in (select oid from reached) order by relname`),
  );
  return rows.map((r) => r.name);
}

/**
 * After an account is deleted (ADR 015): a deleted row stays in its table's file, bytes and all, until a
 * vacuum removes it — on PGlite, which has no autovacuum, until someone runs one. So the tables the deletion
 * touched are vacuumed once it has committed: a plain VACUUM (no table lock that would stop the app) with index
 * cleanup forced, since index entries hold values too (the address in the login's unique index). Run in the
 * background by the caller; never throws — a failure is logged, and the rows then wait for the next vacuum
 * (autovacuum on PostgreSQL). What the vacuum cannot reach — the write-ahead log, freed space not yet reused,
 * backups — the privacy page tells the user about.
 */
export async function vacuumAfterDeletion(db: Database, log: FastifyBaseLogger): Promise<void> {
  const started = Date.now();
  try {
    const tables = [...new Set([...(await tablesReachedFromLogin(db)), ...ALSO_TOUCHED])];
    // VACUUM takes no parameters and runs outside a transaction: one statement of quoted names.
    await db.execute(
      sql`vacuum (index_cleanup on) ${sql.join(
        tables.map((t) => sql.identifier(t)),
        sql`, `,
      )}`,
    );
    log.info({ tables: tables.length, ms: Date.now() - started }, 'tables vacuumed after an account deletion');
  } catch (error) {
    log.error({ err: error }, 'vacuum after an account deletion failed: the erased rows stay in the table files until the next vacuum');
  }
}

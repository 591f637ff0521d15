import { sql } from 'drizzle-orm';
import { type DatabaseHandle, rowsOf } from './client';

export interface ConstraintValidation {
  validated: string[];
  /** Existing rows break these: they hold for new rows all the same, and are tried again at the next start. */
  failed: { constraint: string; message: string }[];
}

const quoteIdent = (name: string) => `"${name.replaceAll('"', '""')}"`;

/**
 * Validates the check and foreign-key constraints that migrations added `NOT VALID`, each in a transaction of
 * its own, once the migration's transaction has committed.
 *
 * Adding a constraint plainly scans the table's rows under a lock that blocks its writes (for a foreign key,
 * the referenced table's writes too) until the migration commits. Added `NOT VALID`, it holds for every new
 * row at once and scans nothing; `VALIDATE CONSTRAINT` then checks the old rows under a lock that lets reads
 * and writes go on. drizzle's migrator runs all pending migrations in one transaction, where a `VALIDATE`
 * would still scan under the first lock, so migrations write only `NOT VALID` (the linter, .squawk.toml,
 * insists) and the validation happens here.
 */
export async function validateConstraints(handle: DatabaseHandle): Promise<ConstraintValidation> {
  const pending = rowsOf<{ tableName: string; constraintName: string }>(
    await handle.db.execute(sql`
      select c.conrelid::regclass::text as "tableName", c.conname as "constraintName"
      from pg_constraint c join pg_namespace n on n.oid = c.connamespace
      where not c.convalidated and c.contype in ('c', 'f') and n.nspname = 'public'
      order by c.conrelid::regclass::text, c.conname`),
  );
  const result: ConstraintValidation = { validated: [], failed: [] };
  for (const { tableName, constraintName } of pending) {
    const name = `${tableName}.${constraintName}`;
    try {
      await handle.db.execute(sql.raw(`alter table ${tableName} validate constraint ${quoteIdent(constraintName)}`));
      result.validated.push(name);
    } catch (error) {
      const cause = (error as { cause?: Error }).cause ?? (error as Error);
      result.failed.push({ constraint: name, message: cause.message });
    }
  }
  return result;
}

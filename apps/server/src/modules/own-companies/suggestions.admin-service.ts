import type { CompanySuggestion } from '@sira/shared/schemas/own-companies';
import { sql } from 'drizzle-orm';
import { type Database, rowsOf } from '../../db/client';
import { type AuditEntry, recordAudit } from '../../lib/audit';
import { AppError } from '../../lib/errors';
import { findCompanyPackage } from '../companies/companies.service';

/** The oldest pending suggestions the admin sees at once. */
export const SUGGESTIONS_SHOWN = 200;

/**
 * The rows users offered to the directory and not yet decided, oldest first. The only place an admin reads a
 * user's own companies: rows never suggested (suggestion null) and decided ones are not in it.
 */
export async function listSuggestions(db: Database): Promise<{ items: CompanySuggestion[]; total: number }> {
  const [items, [counted]] = await Promise.all([
    db.execute(sql`
      select u.id, u.name, u.email, u.sector, u.location as city, u.suggested_at as "suggestedAt",
        exists (select 1 from companies c where lower(c.email) = lower(u.email)) as "inDirectory"
      from user_companies u
      where u.suggestion = 'pending'
      order by u.suggested_at, u.id
      limit ${SUGGESTIONS_SHOWN}`),
    db.execute(sql`select count(*)::int as n from user_companies where suggestion = 'pending'`).then((r) => rowsOf<{ n: number }>(r)),
  ]);
  return {
    items: rowsOf<Omit<CompanySuggestion, 'suggestedAt'> & { suggestedAt: Date | string }>(items).map((row) => ({
      ...row,
      inDirectory: !!row.inDirectory,
      suggestedAt: new Date(row.suggestedAt).toISOString(),
    })),
    total: Number(counted?.n ?? 0),
  };
}

export type SuggestionDecision = { decision: 'accept'; ids: string[]; packageId: string } | { decision: 'decline'; ids: string[] };

/**
 * Accept: the pending rows among `ids` are copied into the chosen package's list of the directory, an address
 * already there is not added twice (the directory's unique index decides, as in the import) and counted as a
 * duplicate; the rows become 'accepted'. Decline: they become 'declined'. Rows not pending (decided meanwhile,
 * deleted by their owner, never suggested) are left alone. The audit entry records counts and the package, not
 * the addresses: the rows stay their owners' data, erased with their accounts.
 */
export async function decideSuggestions(
  db: Database,
  actor: AuditEntry['actor'],
  input: SuggestionDecision,
): Promise<{ added: number; duplicates: number; declined: number }> {
  const ids = [...new Set(input.ids)];
  const target = input.decision === 'accept' ? await findCompanyPackage(db, input.packageId) : undefined;
  if (input.decision === 'accept' && !target) throw new AppError(400, 'SUGGESTION_PACKAGE_NOT_FOUND');
  return db.transaction(async (tx) => {
    // Locked in id order: two admins deciding the same rows at once take turns, and the second finds them decided.
    const pending = rowsOf<{ id: string }>(
      await tx.execute(sql`
        select id from user_companies
        where id = any(${sql.param(ids)}::uuid[]) and suggestion = 'pending'
        order by id
        for update`),
    ).map((row) => row.id);
    if (pending.length === 0) return { added: 0, duplicates: 0, declined: 0 };
    if (input.decision === 'decline' || !target) {
      await tx.execute(sql`update user_companies set suggestion = 'declined' where id = any(${sql.param(pending)}::uuid[])`);
      await recordAudit(tx, {
        actor,
        action: 'companies.decline_suggestions',
        entity: 'user_companies',
        after: { declined: pending.length },
      });
      return { added: 0, duplicates: 0, declined: pending.length };
    }
    // Two rows of one batch with one address (two users suggested it) insert once: the second is a duplicate.
    const added = rowsOf<{ id: string }>(
      await tx.execute(sql`
        insert into companies (name, email, sector, location, package_id)
        select u.name, lower(u.email), u.sector, u.location, ${target.id}::uuid
        from user_companies u
        where u.id = any(${sql.param(pending)}::uuid[])
        order by lower(u.email), u.suggested_at
        on conflict do nothing
        returning id`),
    ).length;
    await tx.execute(sql`update user_companies set suggestion = 'accepted' where id = any(${sql.param(pending)}::uuid[])`);
    const outcome = { added, duplicates: pending.length - added, declined: 0 };
    await recordAudit(tx, {
      actor,
      action: 'companies.accept_suggestions',
      entity: 'user_companies',
      after: { packageName: target.name, accepted: pending.length, added: outcome.added, duplicates: outcome.duplicates },
    });
    return outcome;
  });
}

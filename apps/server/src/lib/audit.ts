import type { Database } from '../db/client';
import { auditLog } from '../db/schema';

export interface AuditEntry {
  /** The administrator; a command run by the operator (the restore) has no id and names itself. */
  actor: { id: string | null; email: string };
  action: string;
  entity: string;
  entityId?: string | null;
  before?: unknown;
  after?: unknown;
}

/**
 * Records an administrator's write. Call it with the same `db` (or transaction) as the write itself, so the
 * record exists exactly when the change does.
 */
export async function recordAudit(db: Database, entry: AuditEntry): Promise<void> {
  await db.insert(auditLog).values({
    actorId: entry.actor.id,
    actorEmail: entry.actor.email,
    action: entry.action,
    entity: entry.entity,
    entityId: entry.entityId ?? null,
    before: (entry.before ?? null) as object | null,
    after: (entry.after ?? null) as object | null,
  });
}

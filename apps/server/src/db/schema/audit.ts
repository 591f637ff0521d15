import { index, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { createdAt, id } from './columns';

/** Every administrator write: who, what, the row before and after, and when. */
export const auditLog = pgTable(
  'audit_log',
  {
    id: id(),
    actorId: text('actor_id'),
    actorEmail: text('actor_email').notNull(),
    /** e.g. 'packages.update', 'companies.import'. */
    action: text('action').notNull(),
    entity: text('entity').notNull(),
    entityId: text('entity_id'),
    before: jsonb('before'),
    after: jsonb('after'),
    createdAt: createdAt(),
  },
  (t) => [index('audit_log_created_at_idx').on(t.createdAt.desc()), index('audit_log_entity_idx').on(t.entity, t.entityId)],
);

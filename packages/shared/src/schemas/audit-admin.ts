import { z } from 'zod';
import { keysetPageFields, pageCursor } from './common';

export const AUDIT_PAGE_SIZE = 25;

/** The verbs an audit action ends with ('templates.update' → update): the tab's action filter. */
export const AUDIT_VERBS = ['create', 'update', 'delete', 'import'] as const;

/** The log counts its entries exactly up to this many, and estimates past it (said so on screen). */
export const AUDIT_COUNT_LIMIT = 50_000;

/**
 * GET /api/admin/audit?cursor=&actor=&action=&entity=&from=&to=: cursor is one of the last answer's (absent: the
 * newest entries; the log is paged by key, newest first); every filter is optional.
 * actor: an administrator's e-mail, as recorded; action: a verb; from/to: instants (ISO 8601), from included,
 * to excluded — the browser sends the start of the first day and of the day after the last, in its own time.
 */
export const auditQuerySchema = z.object({
  cursor: pageCursor(),
  actor: z.string().trim().min(1).max(320).optional(),
  action: z.enum(AUDIT_VERBS).optional(),
  entity: z
    .string()
    .regex(/^[a-z_]{1,64}$/)
    .optional(),
  from: z.iso.datetime({ offset: true }).optional(),
  to: z.iso.datetime({ offset: true }).optional(),
});
export type AuditQuery = z.input<typeof auditQuerySchema>;

export const auditEntrySchema = z.object({
  id: z.uuid(),
  actorEmail: z.string(),
  /** '<entity>.<verb>', e.g. 'templates.update'. */
  action: z.string(),
  entity: z.string(),
  entityId: z.string().nullable(),
  /** The row as it was and as it became; null for a create's before and a delete's after. */
  before: z.unknown(),
  after: z.unknown(),
  /** ISO 8601. */
  createdAt: z.string(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

export const auditPageSchema = z.object({
  entries: z.array(auditEntrySchema),
  ...keysetPageFields,
  /** Every administrator with an entry, for the admin filter (not narrowed by the filters). */
  actors: z.array(z.string()),
  /** Every entity with an entry, for the entity filter. */
  entities: z.array(z.string()),
});
export type AuditPage = z.infer<typeof auditPageSchema>;

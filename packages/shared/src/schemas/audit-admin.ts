import { z } from 'zod';

export const AUDIT_PAGE_SIZE = 25;

/** GET /api/admin/audit?page=: 1-based. */
export const auditQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
});

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
  page: z.number().int(),
  pageSize: z.number().int(),
  total: z.number().int(),
});
export type AuditPage = z.infer<typeof auditPageSchema>;

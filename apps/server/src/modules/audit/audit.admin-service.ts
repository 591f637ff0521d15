import { AUDIT_COUNT_LIMIT, AUDIT_PAGE_SIZE, type AuditPage, type auditQuerySchema } from '@sira/shared/schemas/audit-admin';
import { and, asc, desc, eq, gte, like, lt, type SQL, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Database } from '../../db/client';
import { auditLog } from '../../db/schema';
import { cappedCount, decodeCursor, fingerprintOf, keysetPage } from '../../lib/keyset';

export type AuditFilters = Omit<z.output<typeof auditQuerySchema>, 'cursor'>;

/** An entry's place in the log: its time to the microsecond (as text: a JS Date keeps milliseconds), then id. */
const auditKey = z.tuple([z.string().regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/), z.uuid()]);
type AuditKey = z.output<typeof auditKey>;
const exactTime = sql<string>`to_char(${auditLog.createdAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

/** The filters as one condition; each absent filter matches everything. */
function matching(filters: AuditFilters): SQL | undefined {
  const conditions: SQL[] = [];
  if (filters.actor) conditions.push(eq(auditLog.actorEmail, filters.actor));
  // Actions are '<entity>.<verb>' (some entities have a dot: 'sending.settings.update'); the verb is last.
  if (filters.action) conditions.push(like(auditLog.action, `%.${filters.action}`));
  if (filters.entity) conditions.push(eq(auditLog.entity, filters.entity));
  if (filters.from) conditions.push(gte(auditLog.createdAt, new Date(filters.from)));
  if (filters.to) conditions.push(lt(auditLog.createdAt, new Date(filters.to)));
  return conditions.length > 0 ? and(...conditions) : undefined;
}

/**
 * One page of the audit log, newest first, narrowed by the filters, read by key from the page the cursor names
 * (lib/keyset.ts: no OFFSET, so an old page of a long log costs what the newest does); with every admin and
 * entity to filter by. The total is exact up to `countLimit` and the planner's estimate past it.
 */
export async function listAuditEntries(
  db: Database,
  cursor: string | undefined,
  filters: AuditFilters = {},
  countLimit = AUDIT_COUNT_LIMIT,
): Promise<AuditPage> {
  const where = matching(filters);
  const fingerprint = fingerprintOf('audit', filters.actor, filters.action, filters.entity, filters.from, filters.to);
  const at = decodeCursor(cursor, auditKey, fingerprint);
  type Row = Awaited<ReturnType<typeof readRows>>[number];
  // The log's order is newest first: "after" a key is older, "backward" is towards the newest.
  const readRows = ({ key, inclusive, backward, limit }: { key?: AuditKey; inclusive?: boolean; backward?: boolean; limit: number }) => {
    const beyond = key
      ? sql`(${auditLog.createdAt}, ${auditLog.id}) ${backward ? sql`>` : inclusive ? sql`<=` : sql`<`} (${key[0]}::timestamptz, ${key[1]}::uuid)`
      : undefined;
    const order = backward ? [asc(auditLog.createdAt), asc(auditLog.id)] : [desc(auditLog.createdAt), desc(auditLog.id)];
    return db
      .select({ entry: auditLog, exactTime })
      .from(auditLog)
      .where(and(where, beyond))
      .orderBy(...order)
      .limit(limit);
  };
  const [page, actors, entities] = await Promise.all([
    keysetPage<Row, AuditKey>(
      {
        fingerprint,
        keyOf: (row) => [row.exactTime, row.entry.id],
        read: readRows,
        count: () => cappedCount(db, sql`${auditLog}`, where, countLimit),
      },
      at,
      AUDIT_PAGE_SIZE,
    ),
    db.selectDistinct({ email: auditLog.actorEmail }).from(auditLog).orderBy(asc(auditLog.actorEmail)),
    db.selectDistinct({ entity: auditLog.entity }).from(auditLog).orderBy(asc(auditLog.entity)),
  ]);
  const { items: rows, ...place } = page;
  return {
    entries: rows.map(({ entry: r }) => ({
      id: r.id,
      actorEmail: r.actorEmail,
      action: r.action,
      entity: r.entity,
      entityId: r.entityId,
      before: r.before,
      after: r.after,
      createdAt: r.createdAt.toISOString(),
    })),
    ...place,
    actors: actors.map((a) => a.email),
    entities: entities.map((e) => e.entity),
  };
}

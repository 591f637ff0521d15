import { type AdminFailedEmailsPage, FAILED_EMAILS_COUNT_LIMIT } from '@sira/shared/schemas/sending-admin';
import { and, asc, desc, eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Database } from '../../db/client';
import { failedEmails, profiles } from '../../db/schema';
import { cappedCount, decodeCursor, fingerprintOf, keysetPage } from '../../lib/keyset';

export const FAILED_EMAILS_PAGE_SIZE = 50;

/** A failure's place in the list: its time to the microsecond (as text: a JS Date keeps milliseconds), then id. */
const failureKey = z.tuple([z.string().regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/), z.uuid()]);
type FailureKey = z.output<typeof failureKey>;
const exactTime = sql<string>`to_char(${failedEmails.createdAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

/**
 * E-mails that could not be delivered, newest first (then by id), each with the sending account's e-mail
 * (spec §7), read by key from the page the cursor names (lib/keyset.ts: no OFFSET, so an old page costs what the
 * newest does). Counted exactly up to `countLimit` and estimated past it.
 */
export async function listFailedEmails(
  db: Database,
  query: { cursor?: string },
  countLimit = FAILED_EMAILS_COUNT_LIMIT,
): Promise<AdminFailedEmailsPage> {
  const fingerprint = fingerprintOf('failed-emails');
  const cursor = decodeCursor(query.cursor, failureKey, fingerprint);
  type Row = Awaited<ReturnType<typeof readRows>>[number];
  // Newest first: "after" a key is older, "backward" is towards the newest. The time alone as well: a bound
  // failed_emails_created_id_idx starts from.
  const readRows = ({ key, inclusive, backward, limit }: { key?: FailureKey; inclusive?: boolean; backward?: boolean; limit: number }) => {
    const beyond = key
      ? and(
          sql`(${failedEmails.createdAt}, ${failedEmails.id}) ${backward ? sql`>` : inclusive ? sql`<=` : sql`<`} (${key[0]}::timestamptz, ${key[1]}::uuid)`,
          sql`${failedEmails.createdAt} ${backward ? sql`>=` : sql`<=`} ${key[0]}::timestamptz`,
        )
      : undefined;
    const way = backward ? asc : desc;
    return db
      .select({
        id: failedEmails.id,
        email: failedEmails.email,
        userEmail: profiles.email,
        error: failedEmails.error,
        createdAt: failedEmails.createdAt,
        exactTime,
      })
      .from(failedEmails)
      .innerJoin(profiles, eq(profiles.id, failedEmails.profileId))
      .where(beyond)
      .orderBy(way(failedEmails.createdAt), way(failedEmails.id))
      .limit(limit);
  };
  const page = await keysetPage<Row, FailureKey>(
    {
      fingerprint,
      keyOf: (row) => [row.exactTime, row.id],
      read: readRows,
      count: () => cappedCount(db, sql`${failedEmails}`, undefined, countLimit),
    },
    cursor,
    FAILED_EMAILS_PAGE_SIZE,
  );
  return { ...page, items: page.items.map(({ exactTime: _, ...r }) => ({ ...r, createdAt: r.createdAt.toISOString() })) };
}

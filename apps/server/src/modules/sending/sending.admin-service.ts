import { DELIVERY_PAGE_SIZE } from '@sira/shared';
import {
  type SendingLogPage,
  type SendingLogsParams,
  type SendingSettings,
  type SendingSettingsInput,
  settleSendingSettings,
} from '@sira/shared/schemas/sending-admin';
import { type SQL, sql } from 'drizzle-orm';
import { z } from 'zod';
import { type Database, rowsOf } from '../../db/client';
import { recordAudit } from '../../lib/audit';
import { AppError } from '../../lib/errors';
import { decodeCursor, fingerprintOf, keysetPage } from '../../lib/keyset';
import { writeSetting } from '../../lib/settings';
import type { Viewer } from '../../plugins/access';
import { DAILY_CAPS_KEY, DELAY_SETTINGS_KEY, readSendingSettings } from './sending-settings';

/** The admin's email_settings and email_logs tabs. */

export { readSendingSettings };

/**
 * Spec §5 as settleSendingSettings reads it: what was typed becomes a whole number within its range (a
 * non-number 0, then the minimum: batch_size/max_per_minute/max_per_hour 1, the others 0); fields left out keep
 * their stored value. Answers what was stored, so the form shows it. Audited with before and after.
 */
export async function updateSendingSettings(db: Database, actor: Viewer, input: SendingSettingsInput): Promise<SendingSettings> {
  return db.transaction(async (tx) => {
    const before = await readSendingSettings(tx);
    const next = settleSendingSettings(input, before);
    if (!next) throw new AppError(400, 'INVALID_SETTINGS');
    await writeSetting(tx, DELAY_SETTINGS_KEY, next.delay);
    await writeSetting(tx, DAILY_CAPS_KEY, next.dailyCaps);
    await recordAudit(tx, {
      actor,
      action: 'sending.settings.update',
      entity: 'settings',
      entityId: DELAY_SETTINGS_KEY,
      before,
      after: next,
    });
    return next;
  });
}

const iso = (value: Date | string) => new Date(value).toISOString();

/**
 * A job's place in the logs: its creation time to the microsecond (as text: a JS Date keeps milliseconds), then
 * its id between jobs created in the same microsecond.
 */
const logKey = z.tuple([z.string().regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/), z.uuid()]);
type LogKey = z.output<typeof logKey>;

interface LogRow {
  id: string;
  user_email: string;
  package_name: string | null;
  subject: string;
  status: SendingLogPage['rows'][number]['status'];
  sent: number;
  failed: number;
  total: number;
  created_at: Date | string;
  exact_time: string;
}

/**
 * Send jobs of every user, newest first (then by id), 50 a page, read by key from the page the cursor names
 * (lib/keyset.ts: no OFFSET, so an old page costs what the newest does). The search matches the user's e-mail
 * or the subject (contains, case-insensitive; trigram indexes serve both). The summary counts the jobs the
 * table lists — the search and the status filter both apply — so a counter never reports jobs the filtered
 * table does not hold; its total is the list's, exact.
 */
export async function listSendingLogs(db: Database, query: SendingLogsParams): Promise<SendingLogPage> {
  const search = query.search.trim();
  const status = query.status;
  const fingerprint = fingerprintOf('sending-logs', search, status);
  const cursor = decodeCursor(query.cursor, logKey, fingerprint);
  const pattern = `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const searching: SQL | undefined = search ? sql`p.email ilike ${pattern} or j.subject ilike ${pattern}` : undefined;
  const filtered: SQL = sql.join([searching ? sql`(${searching})` : sql`true`, status ? sql`j.status = ${status}` : sql`true`], sql` and `);

  // Every job has its user (profile_id is a not-null foreign key): the count joins them only to search by e-mail.
  const summarising = db
    .execute(sql`
      select count(*)::int as total,
        count(*) filter (where j.status in ('pending','processing'))::int as in_progress,
        count(*) filter (where j.status = 'completed')::int as completed,
        count(*) filter (where j.status = 'failed')::int as failed
      from send_jobs j ${searching ? sql`join profiles p on p.id = j.profile_id` : sql``}
      where ${filtered}`)
    .then((rows) => rowsOf<{ total: number; in_progress: number; completed: number; failed: number }>(rows)[0]);
  // Awaited below; a page read failing first must not leave its rejection unhandled.
  summarising.catch(() => undefined);

  // Newest first: "after" a key is older, "backward" is towards the newest. The time alone as well: a bound
  // send_jobs_created_id_idx and send_jobs_status_created_id_idx start from.
  const readRows = async ({
    key,
    inclusive,
    backward,
    limit,
  }: {
    key?: LogKey;
    inclusive?: boolean;
    backward?: boolean;
    limit: number;
  }) => {
    const beyond = key
      ? sql`and (j.created_at, j.id) ${backward ? sql`>` : inclusive ? sql`<=` : sql`<`} (${key[0]}::timestamptz, ${key[1]}::uuid)
          and j.created_at ${backward ? sql`>=` : sql`<=`} ${key[0]}::timestamptz`
      : sql``;
    const way = backward ? sql`asc` : sql`desc`;
    return rowsOf<LogRow>(
      await db.execute(sql`
        select j.id, p.email as user_email, k.name as package_name, j.subject, j.status,
          j.sent_count as sent, j.failed_count as failed, j.total_emails_intended as total, j.created_at,
          to_char(j.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as exact_time
        from send_jobs j
        join profiles p on p.id = j.profile_id
        left join packages k on k.id = p.package_id
        where ${filtered} ${beyond}
        order by j.created_at ${way}, j.id ${way}
        limit ${limit}`),
    );
  };
  const page = await keysetPage<LogRow, LogKey>(
    {
      fingerprint,
      keyOf: (row) => [row.exact_time, row.id],
      read: readRows,
      count: async () => ({ total: (await summarising)?.total ?? 0, isEstimate: false }),
    },
    cursor,
    DELIVERY_PAGE_SIZE,
  );
  const summary = (await summarising) ?? { total: 0, in_progress: 0, completed: 0, failed: 0 };
  const { items, ...place } = page;
  return {
    summary: { total: summary.total, inProgress: summary.in_progress, completed: summary.completed, failed: summary.failed },
    ...place,
    pageSize: DELIVERY_PAGE_SIZE,
    rows: items.map((r) => ({
      id: r.id,
      userEmail: r.user_email,
      packageName: r.package_name,
      subject: r.subject,
      status: r.status,
      sent: r.sent,
      failed: r.failed,
      total: r.total,
      createdAt: iso(r.created_at),
    })),
  };
}

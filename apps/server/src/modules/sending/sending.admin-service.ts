import { DELIVERY_PAGE_SIZE } from '@sira/shared';
import {
  type SendingLogPage,
  type SendingLogsParams,
  type SendingSettings,
  type SendingSettingsInput,
  settleSendingSettings,
} from '@sira/shared/schemas/sending-admin';
import { type SQL, sql } from 'drizzle-orm';
import { type Database, rowsOf } from '../../db/client';
import { recordAudit } from '../../lib/audit';
import { AppError } from '../../lib/errors';
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
 * Send jobs of every user, newest first, 50 a page. The search matches the user's e-mail or the subject
 * (contains, case-insensitive; trigram indexes serve both). The summary counts the jobs the table lists — the
 * search and the status filter both apply — so a counter never reports jobs the filtered table does not hold.
 */
export async function listSendingLogs(db: Database, query: SendingLogsParams): Promise<SendingLogPage> {
  const search = query.search.trim();
  const status = query.status;
  const page = query.page;
  const pattern = `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const matches: SQL = search ? sql`(p.email ilike ${pattern} or j.subject ilike ${pattern})` : sql`true`;
  const filtered: SQL = status ? sql`${matches} and j.status = ${status}` : matches;

  const [summaryRows, rows] = await Promise.all([
    db.execute(sql`
      select count(*)::int as total,
        count(*) filter (where j.status in ('pending','processing'))::int as in_progress,
        count(*) filter (where j.status = 'completed')::int as completed,
        count(*) filter (where j.status = 'failed')::int as failed
      from send_jobs j join profiles p on p.id = j.profile_id
      where ${filtered}`),
    db.execute(sql`
      select j.id, p.email as user_email, k.name as package_name, j.subject, j.status,
        j.sent_count as sent, j.failed_count as failed, j.total_emails_intended as total, j.created_at
      from send_jobs j
      join profiles p on p.id = j.profile_id
      left join packages k on k.id = p.package_id
      where ${filtered}
      order by j.created_at desc, j.id desc
      limit ${DELIVERY_PAGE_SIZE} offset ${(page - 1) * DELIVERY_PAGE_SIZE}`),
  ]);
  const summary = rowsOf<{ total: number; in_progress: number; completed: number; failed: number }>(summaryRows)[0] ?? {
    total: 0,
    in_progress: 0,
    completed: 0,
    failed: 0,
  };
  return {
    summary: { total: summary.total, inProgress: summary.in_progress, completed: summary.completed, failed: summary.failed },
    rows: rowsOf<{
      id: string;
      user_email: string;
      package_name: string | null;
      subject: string;
      status: SendingLogPage['rows'][number]['status'];
      sent: number;
      failed: number;
      total: number;
      created_at: Date | string;
    }>(rows).map((r) => ({
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
    total: summary.total,
    page,
    pageSize: DELIVERY_PAGE_SIZE,
  };
}

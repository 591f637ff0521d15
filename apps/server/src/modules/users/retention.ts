import { DEFAULT_RETENTION_DAYS, RETENTION_DAYS_LIMITS, type RetentionNotice } from '@sira/shared/schemas/retention';
import { type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { rowsOf } from '../../db/client';
import type { BackgroundContext, BackgroundTask } from '../../lib/background-task';
import { startPeriodicTask } from '../../lib/periodic-task';
import { readSetting, writeSetting } from '../../lib/settings';

/**
 * Nothing kept longer than needed (ADR 012): a user's résumé files are deleted, and the bodies of their send
 * jobs blanked (subjects, counts and statuses stay), N days after their last send finished — N the admin's
 * setting, 90 by default. The user's own list of companies and the records of its uploads go with them, and
 * the text of the job ads they applied to is blanked (title, company and date stay; ADR 029). The clock
 * starts at the later of the last finished send, the last résumé upload and the last company added to the
 * list, so a résumé or a list added today is not erased because a send ended months ago, and it never starts
 * while a send is still pending or running (its worker still reads the file, the body and the list).
 */

export const RETENTION_SETTING_KEY = 'retention';
const DAY_MS = 24 * 60 * 60 * 1000;

/** The admin's number of days; a stored value out of range (edited by hand) falls back to the default. */
export async function readRetentionDays(db: Database): Promise<number> {
  const stored = await readSetting<{ days?: unknown }>(db, RETENTION_SETTING_KEY);
  const days = stored?.days;
  return typeof days === 'number' && Number.isInteger(days) && days >= RETENTION_DAYS_LIMITS.min && days <= RETENTION_DAYS_LIMITS.max
    ? days
    : DEFAULT_RETENTION_DAYS;
}

export async function writeRetentionDays(db: Database, days: number): Promise<void> {
  await writeSetting(db, RETENTION_SETTING_KEY, { days });
}

/** When a profile's clock started: its last finished send or its last upload, whichever is later (null: neither). */
const anchorOf = (profileId: SQL) => sql`greatest(
  (select max(coalesce(j.completed_at, j.created_at)) from send_jobs j where j.profile_id = ${profileId} and j.status in ('completed', 'failed')),
  (select max(r.created_at) from resumes r where r.profile_id = ${profileId}),
  (select max(u.created_at) from user_companies u where u.profile_id = ${profileId}))`;
const unfinishedSend = (profileId: SQL) =>
  sql`exists (select 1 from send_jobs j where j.profile_id = ${profileId} and j.status in ('pending', 'processing'))`;
const holdsSomething = (profileId: SQL) => sql`(exists (select 1 from resumes r where r.profile_id = ${profileId})
  or exists (select 1 from send_jobs j where j.profile_id = ${profileId} and j.content <> '')
  or exists (select 1 from user_companies u where u.profile_id = ${profileId})
  or exists (select 1 from excel_files f where f.profile_id = ${profileId} and f.scope = 'own_list')
  or exists (select 1 from job_ads a where a.profile_id = ${profileId} and a.post_text <> ''))`;

/** What the dashboard says: what is held, and the day it goes. */
export async function retentionNotice(db: Database, profileId: string, days: number): Promise<RetentionNotice> {
  const id = sql`${profileId}`;
  const [row] = rowsOf<{
    resumes: number;
    messages: number;
    ownCompanies: number;
    jobAds: number;
    held: boolean;
    waiting: boolean;
    anchor: Date | string | null;
  }>(
    await db.execute(sql`
      select
        (select count(*)::int from resumes r where r.profile_id = ${id}) as resumes,
        (select count(*)::int from send_jobs j where j.profile_id = ${id} and j.content <> '') as messages,
        (select count(*)::int from user_companies u where u.profile_id = ${id}) as "ownCompanies",
        (select count(*)::int from job_ads a where a.profile_id = ${id} and a.post_text <> '') as "jobAds",
        ${holdsSomething(id)} as held,
        ${unfinishedSend(id)} as waiting,
        ${anchorOf(id)} as anchor`),
  );
  const resumeCount = row?.resumes ?? 0;
  const messageCount = row?.messages ?? 0;
  const waitingForSend = !!row?.waiting;
  const anchor = row?.anchor ? new Date(row.anchor) : null;
  // The same rule as the pass: whatever it would erase (an upload record alone included) has a day.
  const held = !!row?.held;
  return {
    days,
    resumeCount,
    messageCount,
    ownCompanyCount: row?.ownCompanies ?? 0,
    jobAdCount: row?.jobAds ?? 0,
    waitingForSend,
    deleteOn: held && !waitingForSend && anchor ? new Date(anchor.getTime() + days * DAY_MS).toISOString() : null,
  };
}

export interface RetentionPass {
  profiles: number;
  resumes: number;
  messages: number;
  /** Rows of users' own lists deleted, and job ads whose text was blanked. */
  ownCompanies: number;
  jobAds: number;
}

/** Profiles looked at per query; a pass takes further batches while they bring erasures. */
const BATCH = 500;

/**
 * One pass at `now`: erases what is due. Safe on several hosts at once: each profile is erased in its own
 * transaction holding its profile row (scheduling a send holds the same row, so a send being scheduled with a
 * résumé commits before the erasure looks, or waits for it and then finds the résumé gone), a row another host
 * holds is skipped (SKIP LOCKED: that host is erasing it, or a send is being scheduled), and the rule is checked
 * again under the lock, so erasing twice erases nothing more.
 */
export async function runRetention(db: Database, options: { now: Date; days: number }): Promise<RetentionPass> {
  const cutoff = new Date(options.now.getTime() - options.days * DAY_MS);
  const done: RetentionPass = { profiles: 0, resumes: 0, messages: 0, ownCompanies: 0, jobAds: 0 };
  const seen = new Set<string>();
  for (;;) {
    const candidates = rowsOf<{ id: string }>(
      await db.execute(sql`
        select p.id from profiles p
        where ${holdsSomething(sql`p.id`)} and not ${unfinishedSend(sql`p.id`)} and ${anchorOf(sql`p.id`)} <= ${cutoff.toISOString()}::timestamptz
        order by p.id
        limit ${BATCH}`),
    ).filter((c) => !seen.has(c.id));
    if (candidates.length === 0) break;
    let erasedInBatch = 0;
    for (const { id } of candidates) {
      seen.add(id);
      const erased = await eraseIfDue(db, id, cutoff);
      if (!erased) continue;
      erasedInBatch++;
      done.profiles++;
      done.resumes += erased.resumes;
      done.messages += erased.messages;
      done.ownCompanies += erased.ownCompanies;
      done.jobAds += erased.jobAds;
    }
    if (erasedInBatch === 0) break;
  }
  return done;
}

async function eraseIfDue(db: Database, profileId: string, cutoff: Date): Promise<Omit<RetentionPass, 'profiles'> | null> {
  return db.transaction(async (tx) => {
    const id = sql`${profileId}`;
    const [due] = rowsOf<{ due: boolean }>(
      await tx.execute(sql`
        select (not ${unfinishedSend(id)} and ${anchorOf(id)} <= ${cutoff.toISOString()}::timestamptz) as due
        from profiles where id = ${id} for update skip locked`),
    );
    if (!due?.due) return null;
    // Deleting the row deletes its bytes (resume_files cascades).
    const resumes = rowsOf<{ path: string }>(await tx.execute(sql`delete from resumes where profile_id = ${id} returning path`));
    const messages = rowsOf<{ id: string }>(
      await tx.execute(sql`
        update send_jobs set content = ''
        where profile_id = ${id} and content <> '' and status in ('completed', 'failed')
        returning id`),
    );
    // The list goes whole (its rows are the user's data, not a record of sends: each delivery keeps its own
    // snapshot of the recipient), then the records of its uploads.
    const ownCompanies = rowsOf<{ id: string }>(await tx.execute(sql`delete from user_companies where profile_id = ${id} returning id`));
    await tx.execute(sql`delete from excel_files where profile_id = ${id} and scope = 'own_list'`);
    const jobAds = rowsOf<{ id: string }>(
      await tx.execute(sql`update job_ads set post_text = '' where profile_id = ${id} and post_text <> '' returning id`),
    );
    return { resumes: resumes.length, messages: messages.length, ownCompanies: ownCompanies.length, jobAds: jobAds.length };
  });
}

const INTERVAL_MS = 60 * 60_000;
/** Soon after start, so a server restarted more often than hourly (embedded, on a laptop) still runs it. */
const FIRST_PASS_AFTER_MS = 60_000;

/** The background task (background.ts): a pass every hour, in every process that runs background tasks. */
export function startRetention(ctx: BackgroundContext): BackgroundTask {
  return startPeriodicTask(
    'retention',
    INTERVAL_MS,
    async () => {
      const pass = await runRetention(ctx.db, { now: new Date(), days: await readRetentionDays(ctx.db) });
      if (pass.profiles > 0) ctx.log.info(pass, 'retention: résumés, message bodies, own lists and job ads’ text erased');
    },
    ctx.log,
    FIRST_PASS_AFTER_MS,
  );
}

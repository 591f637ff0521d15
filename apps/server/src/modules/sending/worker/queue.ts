import type { FailureCause } from '@sira/shared/rules/delivery-failure';
import { sql } from 'drizzle-orm';
import { type Database, rowsOf } from '../../../db/client';
import { hotQuery, hotTransaction } from '../../../db/hot-statements';
import type { MailProvider } from '../../mailbox/providers/provider';
import { failDeliveries, settleJobs, startJobs } from '../job-state';
import { systemClock } from './clock';

/**
 * The send queue's row operations (ADR 002, ADR 008). Each is one statement or one short transaction; no
 * transaction is ever held open across a call to the provider.
 *
 * Lease semantics: a worker claims a few due deliveries of one mailbox at a time by setting them 'sending'
 * with `lease_expires_at` and the mailbox in `sender_email` ("claimed, not handed over": provider_message_id
 * null). Right before the provider call it marks the row handed over (provider_message_id = '', the
 * provider's answer pending) — a write to unindexed columns only, so PostgreSQL updates the row in place
 * (HOT) and the mark costs little. The lease timestamp doubles as a fencing token: every later update names
 * the lease it holds, so a worker that lost its rows to the sweeper can never write over someone else's.
 * While a mailbox has any 'sending' row no other worker claims for it, so each mailbox sends strictly one
 * message at a time, in pacing order, whichever worker holds it.
 */

/** The name of recordAndHandOver's prepared statement (fault injection in tests finds it by this name). */
export const RECORDING_STATEMENT = 'sira_record_and_hand_over_v3';

/** provider_message_id of a row handed to the provider whose answer has not been recorded yet. */
export const HANDED_OVER = '';

/** A user with work and a linked mailbox to do it: the scheduler's unit (one run per user at a time). */
export interface ActiveMailbox {
  profileId: string;
  /** The user's chosen mailbox when it may send (else another of theirs); each claim names the one it sends from. */
  email: string;
  dailyCap: number | null;
}

/** The mailbox a claim's rows leave from (ADR 030): what pacing, caps and the provider call need to know. */
export interface ClaimedMailbox {
  mailboxId: string;
  provider: MailProvider;
  email: string;
  dailyCap: number | null;
  /** Microsoft: 'consumer' or 'organization'; SMTP: its server, for the preset's default cap. */
  accountType: string | null;
  smtpHost: string | null;
}

/**
 * Linked, not paused mailboxes whose owner has a job still in progress, leaving out `skip` (mailboxes this
 * worker is sending from or knows to have nothing due yet): the first `limit` of them in the order of their key
 * (the user's id) after `after`, and up to `upTo` when given. The walk follows the index of linked mailboxes by
 * user (user_mailboxes_linked_profile_idx) and stops at `limit`, so a
 * pass reads as many mailboxes as it can start however many there are, and sorts nothing (mailbox-pick.ts
 * turns it into a round over all of them).
 */
export async function pickMailboxes(
  db: Database,
  limit: number,
  after: string,
  skip: readonly string[] = [],
  upTo?: string,
): Promise<ActiveMailbox[]> {
  // A user's mailboxes are adjacent in the index on (profile_id, provider, email): DISTINCT ON keeps one row per
  // user, the chosen mailbox first, and the walk still stops at `limit` users.
  const rows = rowsOf<{ profile_id: string; email: string; daily_cap: number | null }>(
    await db.execute(sql`
      select distinct on (g.profile_id) g.profile_id, g.email, g.daily_cap
      from user_mailboxes g
      where g.profile_id > ${after}::text
        and (${upTo ?? null}::text is null or g.profile_id <= ${upTo ?? null}::text)
        and g.credential is not null
        and (g.paused_until is null or g.paused_until <= now())
        and not (g.profile_id = any(${sql.param([...skip])}::text[]))
        and exists (select 1 from send_jobs j where j.profile_id = g.profile_id and j.status in ('pending', 'processing'))
      order by g.profile_id, g.chosen desc nulls last
      limit ${limit}`),
  );
  return rows.map((r) => ({ profileId: r.profile_id, email: r.email, dailyCap: r.daily_cap }));
}

export interface ClaimedDelivery {
  id: string;
  jobId: string;
  recipientEmail: string;
  companyName: string;
  sector: string;
  location: string;
  /** The job a job ad's delivery applies for ({{job_title}}); null or absent for any other. */
  jobTitle?: string | null;
  attempts: number;
  /** The fencing token: the lease this worker holds on the row. */
  lease: string;
  /** Its job chose working hours only: it leaves only while the sending window is open. */
  windowed: boolean;
}

export type ClaimResult =
  | { kind: 'claimed'; email: string; dailyCap: number | null; mailbox: ClaimedMailbox; rows: ClaimedDelivery[] }
  /**
   * Nothing due now. `nextDueAt`: when the earliest pending delivery of an any-time job becomes due;
   * `nextWindowedDueAt`: the same for working-hours jobs, which then wait for the window too (null: none).
   */
  | { kind: 'idle'; email: string; dailyCap: number | null; nextDueAt: Date | null; nextWindowedDueAt: Date | null }
  /** Another worker holds this mailbox (it has a delivery in 'sending'). */
  | { kind: 'busy' }
  | { kind: 'unavailable'; reason: 'not_linked' | 'paused'; pausedUntil: Date | null };

/**
 * Claims up to `limit` due deliveries of one user, all leaving from one of their mailboxes (ADR 030): the
 * mailbox of the first due row whose mailbox is linked and not paused. The user_mailboxes row locks (the
 * user's mailboxes and every link of their addresses) serialise claims across workers and Sira accounts, so the
 * "nothing in 'sending'" check — for this user and for the addresses — and the claim cannot interleave.
 *
 * `handOver`: the rows are handed over in the same write (provider_message_id = ''). The worker asks for this
 * only when pacing lets the whole claim leave back to back, so the rows are in the provider's hands within
 * moments anyway — and a write per message is saved (ADR 008, "write path").
 *
 * `asOf` is the worker's clock: rows due by then are claimed (due times are written by the same clock, see
 * scheduleRetry); leases are the database's own time. `windowOpen`: whether the sending window is open at
 * `asOf`; while it is closed only rows of any-time jobs are claimed.
 */
export async function claimDeliveries(
  db: Database,
  profileId: string,
  limit: number,
  leaseSeconds: number,
  handOver = false,
  asOf: Date = new Date(systemClock.now()),
  windowOpen = true,
): Promise<ClaimResult> {
  return hotTransaction(db, async (hot) => {
    // The user's linked mailboxes and every link of their addresses, in one order: one address may be linked to
    // several Sira accounts, and pacing belongs to the address (so does a provider's pause, see pauseMailbox).
    const links = await hot.rows<{
      id: string;
      profile_id: string;
      provider: MailProvider;
      email: string;
      daily_cap: number | null;
      account_type: string | null;
      smtp_host: string | null;
      chosen: boolean;
      paused_until: number | null;
    }>(
      'sira_claim_lock_mailboxes_v3',
      sql`select id, profile_id, provider, email, daily_cap, account_type, smtp_host, chosen,
          (extract(epoch from paused_until) * 1000)::float8 as paused_until
        from user_mailboxes
        where credential is not null
          and email in (select email from user_mailboxes where profile_id = ${profileId} and credential is not null)
        order by id for update`,
    );
    const own = links.filter((l) => l.profile_id === profileId);
    if (own.length === 0) return { kind: 'unavailable', reason: 'not_linked', pausedUntil: null } as const;
    const pausedUntilOf = (email: string) => Math.max(0, ...links.filter((l) => l.email === email).map((l) => l.paused_until ?? 0));
    const ready = own.filter((l) => pausedUntilOf(l.email) <= asOf.getTime());
    if (ready.length === 0) {
      return { kind: 'unavailable', reason: 'paused', pausedUntil: new Date(Math.min(...own.map((l) => pausedUntilOf(l.email)))) } as const;
    }
    const chosen = own.find((l) => l.chosen) ?? null;
    const emails = [...new Set(own.map((l) => l.email))];
    const [inFlight] = await hot.rows<{ busy: boolean }>(
      'sira_claim_in_flight_v3',
      sql`select exists (select 1 from deliveries where profile_id = ${profileId} and status = 'sending')
        or exists (select 1 from deliveries where sender_email = any(${sql.param(emails)}::text[]) and status = 'sending') as busy`,
    );
    if (inFlight?.busy) return { kind: 'busy' } as const;
    // A job goes from the mailbox it names, or the chosen one when it names none (scheduled before mailboxes
    // could be chosen). A claim takes rows of one mailbox: that of the first due row whose mailbox may send.
    const readyIds = ready.map((l) => l.id);
    const chosenId = chosen?.id ?? null;
    const mailboxOfJob = sql`coalesce(j.mailbox_id, ${chosenId}::uuid)`;
    // RETURNING has no order: the rows are put back in the order they were picked in.
    const claimed = await hot.rows<{
      id: string;
      job_id: string;
      recipient_email: string;
      company_name: string;
      sector: string;
      location: string;
      job_title: string | null;
      attempts: number;
      lease: string;
      windowed: boolean;
      mailbox_id: string;
    }>(
      'sira_claim_deliveries_v6',
      sql`
        with first as (
          select ${mailboxOfJob} as mailbox_id
          from deliveries d join send_jobs j on j.id = d.job_id
          where d.profile_id = ${profileId} and d.status = 'pending' and d.next_attempt_at <= ${asOf.toISOString()}::timestamptz
            and j.status in ('pending', 'processing') and (j.send_window = 'any_time' or ${windowOpen}::boolean)
            and ${mailboxOfJob} = any(${sql.param(readyIds)}::uuid[])
          order by d.created_at, d.next_attempt_at, d.company_name, d.id
          limit 1
        ), sender as (
          select m.id, m.email, m.provider from unnest(${sql.param(readyIds)}::uuid[], ${sql.param(ready.map((l) => l.email))}::text[],
            ${sql.param(ready.map((l) => l.provider))}::text[]) as m(id, email, provider)
          where m.id = (select mailbox_id from first)
        ), picked as (
          select d.id from deliveries d
          where d.profile_id = ${profileId} and d.status = 'pending' and d.next_attempt_at <= ${asOf.toISOString()}::timestamptz
            and exists (select 1 from send_jobs j where j.id = d.job_id and j.status in ('pending', 'processing')
              and (j.send_window = 'any_time' or ${windowOpen}::boolean)
              and ${mailboxOfJob} = (select mailbox_id from first))
          order by d.created_at, d.next_attempt_at, d.company_name, d.id
          limit ${limit}::int
          for update skip locked
        ), taken as (
          update deliveries d
          set updated_at = now(), status = 'sending', sender_email = (select email from sender),
            sender_provider = (select provider from sender),
            provider_message_id = ${handOver ? HANDED_OVER : null}::text,
            lease_expires_at = now() + make_interval(secs => ${leaseSeconds}::int)
          from picked where d.id = picked.id
          returning d.id, d.job_id, d.recipient_email, d.company_name, d.sector, d.location, d.job_title, d.attempts,
            d.lease_expires_at::text as lease, d.next_attempt_at, d.created_at
        )
        select id, job_id, recipient_email, company_name, sector, location, job_title, attempts, lease,
          (select j.send_window = 'working_hours' from send_jobs j where j.id = taken.job_id) as windowed,
          (select id from sender)::text as mailbox_id
        from taken
        order by created_at, next_attempt_at, company_name, id`,
    );
    const primary = chosen && readyIds.includes(chosen.id) ? chosen : (ready[0] as (typeof ready)[number]);
    if (claimed.length === 0) {
      const [next] = await hot.rows<{ at: number | null; windowed_at: number | null }>(
        'sira_claim_next_due_v3',
        sql`
          select
            (extract(epoch from min(d.next_attempt_at) filter (where j.send_window = 'any_time')) * 1000)::float8 as at,
            (extract(epoch from min(d.next_attempt_at) filter (where j.send_window = 'working_hours')) * 1000)::float8 as windowed_at
          from deliveries d join send_jobs j on j.id = d.job_id
          where d.profile_id = ${profileId} and d.status = 'pending' and j.status in ('pending', 'processing')
            and ${mailboxOfJob} = any(${sql.param(readyIds)}::uuid[])`,
      );
      const dateOf = (at: number | null | undefined) => (at === null || at === undefined ? null : new Date(at));
      return {
        kind: 'idle',
        email: primary.email,
        dailyCap: primary.daily_cap,
        nextDueAt: dateOf(next?.at),
        nextWindowedDueAt: dateOf(next?.windowed_at),
      } as const;
    }
    const sender = own.find((l) => l.id === claimed[0]?.mailbox_id) as (typeof own)[number];
    const jobIds = [...new Set(claimed.map((r) => r.job_id))];
    await hot.rows('sira_claim_start_jobs_v1', startJobs(jobIds));
    return {
      kind: 'claimed',
      email: sender.email,
      dailyCap: sender.daily_cap,
      mailbox: {
        mailboxId: sender.id,
        provider: sender.provider,
        email: sender.email,
        dailyCap: sender.daily_cap,
        accountType: sender.account_type,
        smtpHost: sender.smtp_host,
      },
      rows: claimed.map((r) => ({
        id: r.id,
        jobId: r.job_id,
        recipientEmail: r.recipient_email,
        companyName: r.company_name,
        sector: r.sector,
        location: r.location,
        jobTitle: r.job_title,
        attempts: r.attempts,
        lease: r.lease,
        windowed: r.windowed === true,
      })),
    } as const;
  });
}

/** The mailbox's sends over the last 24 h (ms since the epoch, ascending): the pacing history. */
export async function sendHistory(db: Database, senderEmail: string): Promise<number[]> {
  const rows = await hotQuery<{ at: number }>(
    db,
    'sira_send_history_v1',
    sql`
      select (extract(epoch from sent_at) * 1000)::float8 as at from deliveries
      where sender_email = ${senderEmail}::text and status = 'sent' and sent_at > now() - interval '24 hours'
      order by sent_at`,
  );
  return rows.map((r) => r.at);
}

export interface HandOver {
  rows: ReadonlyArray<{ id: string; lease: string }>;
  senderEmail: string;
  /** The lease is extended to at least this far ahead (it usually already is: no indexed column changes). */
  leaseSeconds: number;
}

export interface SentRecord {
  id: string;
  lease: string;
  at: Date;
  providerMessageId: string;
}

/** The counters' part of the recording statement: the same every time, so built once. */
const SETTLE_SENT = settleJobs('sent');

/**
 * One statement for the worker's steady state: records deliveries the provider accepted (each row sent, its
 * job's counters and the user's sent count — all in this statement) and hands the next deliveries over
 * (`provider_message_id = ''`: in the provider's hands, answer pending — durable before the calls are made).
 * Either list may be empty. Returns how many were recorded and the lease each handed-over row now holds
 * (a row missing from it is no longer this worker's).
 *
 * Rows are matched by id and lease only: a lease exists exactly while a row is 'sending' (a CHECK constraint),
 * so no status test is needed — and without one the planner looks each row up by its key. With
 * `status = 'sending'` it could pick the partial index of rows in flight and scan every mailbox's claimed
 * rows for each batch, which it does wherever statistics lag (PGlite has no autovacuum): 1,300 rows scanned
 * to record 100 with 16 mailboxes sending.
 */
export async function recordAndHandOver(
  db: Database,
  sent: readonly SentRecord[],
  handOver: HandOver | null,
): Promise<{ recorded: number; handed: Map<string, string> }> {
  const handed = handOver?.rows ?? [];
  const horizon = sql`now() + make_interval(secs => ${handOver?.leaseSeconds ?? 0}::int)`;
  const rows = await hotQuery<{ kind: 'sent' | 'handed'; id: string | null; lease: string | null; n: number }>(
    db,
    RECORDING_STATEMENT,
    sql`
      with s as (
        select * from unnest(
          ${sql.param(sent.map((r) => r.id))}::uuid[], ${sql.param(sent.map((r) => r.lease))}::text[],
          ${sql.param(sent.map((r) => r.at.toISOString()))}::text[], ${sql.param(sent.map((r) => r.providerMessageId))}::text[]
        ) as v(id, lease, at, mid)
      ), d as (
        update deliveries d
        set updated_at = now(), status = 'sent', sent_at = s.at::timestamptz, provider_message_id = nullif(s.mid, ''),
          lease_expires_at = null, last_error = null, attempts = d.attempts + 1
        from s
        where d.id = s.id and d.lease_expires_at = s.lease::timestamptz
        returning d.job_id, d.profile_id
      )${SETTLE_SENT}, h as (
        update deliveries d
        set updated_at = now(), provider_message_id = ${HANDED_OVER}, sender_email = ${handOver?.senderEmail ?? ''},
          lease_expires_at = case when d.lease_expires_at < ${horizon} then ${horizon} else d.lease_expires_at end
        from unnest(${sql.param(handed.map((r) => r.id))}::uuid[], ${sql.param(handed.map((r) => r.lease))}::text[]) as v(id, lease)
        where d.id = v.id and d.lease_expires_at = v.lease::timestamptz
        returning d.id, d.lease_expires_at::text as lease
      )
      select 'sent' as kind, null::uuid as id, null::text as lease, (select count(*) from d)::int as n
      union all
      select 'handed', h.id, h.lease, 0 from h`,
  );
  return {
    recorded: rows.find((r) => r.kind === 'sent')?.n ?? 0,
    handed: new Map(rows.filter((r) => r.kind === 'handed').map((r) => [r.id as string, r.lease as string])),
  };
}

/**
 * Renews the leases a worker holds (the rows it claimed, is sending or has not recorded yet): each now ends
 * `leaseSeconds` from now. Returns the lease each row now holds; a row missing from it is no longer this
 * worker's (its lease ran out and the sweeper settled it, or another write took it).
 */
export async function renewLeases(
  db: Database,
  rows: ReadonlyArray<{ id: string; lease: string }>,
  leaseSeconds: number,
): Promise<Map<string, string>> {
  if (rows.length === 0) return new Map();
  const renewed = rowsOf<{ id: string; lease: string }>(
    await db.execute(sql`
      update deliveries d
      set updated_at = now(), lease_expires_at = now() + make_interval(secs => ${leaseSeconds}::int)
      from unnest(${sql.param(rows.map((r) => r.id))}::uuid[], ${sql.param(rows.map((r) => r.lease))}::text[]) as v(id, lease)
      where d.id = v.id and d.lease_expires_at = v.lease::timestamptz
      returning d.id, d.lease_expires_at::text as lease`),
  );
  return new Map(renewed.map((r) => [r.id, r.lease]));
}

/**
 * The delivery ends failed: failed_emails row, job counter (and the job's end when it was the last), the
 * message credit back to the user, and — when the address was refused — a hard failure counted on the
 * directory's company of that address, for the admin; all in the one statement that fails it.
 */
export async function recordFailed(db: Database, id: string, lease: string, reason: string, cause: FailureCause): Promise<boolean> {
  const failed = await failDeliveries(
    db,
    sql`d.id = ${id} and d.status = 'sending' and d.lease_expires_at = ${lease}::timestamptz`,
    reason,
    cause,
  );
  return failed.length > 0;
}

/**
 * A transient failure with attempts left: back to pending, due again at `dueAt` (retry_delay after the
 * attempt, by the worker's clock — the clock the claim compares due times with).
 */
export async function scheduleRetry(db: Database, id: string, lease: string, reason: string, dueAt: Date): Promise<boolean> {
  const [row] = rowsOf<{ id: string }>(
    await db.execute(sql`
      update deliveries
      set updated_at = now(), status = 'pending', sender_email = null, sender_provider = null, provider_message_id = null, lease_expires_at = null, attempts = attempts + 1,
        last_error = ${reason},
        next_attempt_at = ${dueAt.toISOString()}::timestamptz
      where id = ${id} and status = 'sending' and lease_expires_at = ${lease}::timestamptz
      returning id`),
  );
  return !!row;
}

/**
 * Gives claimed rows back without counting an attempt: to 'pending' (stopping, a provider pause, a passing
 * refresh problem) or to 'held' when the mailbox is gone — unless it was linked again meanwhile.
 */
export async function releaseDeliveries(
  db: Database,
  rows: ReadonlyArray<{ id: string; lease: string }>,
  to: 'pending' | 'held',
  options: { lastError?: string; dueInSeconds?: number } = {},
): Promise<number> {
  if (rows.length === 0) return 0;
  const pairs = sql.join(
    rows.map((r) => sql`(${r.id}::uuid, ${r.lease}::timestamptz)`),
    sql`, `,
  );
  const status =
    to === 'held'
      ? sql`case when exists (
          select 1 from send_jobs j join user_mailboxes m on m.id = j.mailbox_id or (j.mailbox_id is null and m.profile_id = j.profile_id and m.chosen)
          where j.id = d.job_id and m.credential is not null) then 'pending' else 'held' end`
      : sql`'pending'`;
  const released = rowsOf<{ id: string }>(
    await db.execute(sql`
      update deliveries d
      set updated_at = now(), status = ${status}, sender_email = null, sender_provider = null, provider_message_id = null, lease_expires_at = null,
        last_error = coalesce(${options.lastError ?? null}, d.last_error),
        next_attempt_at = greatest(d.next_attempt_at, now() + make_interval(secs => ${options.dueInSeconds ?? 0}::int))
      where d.status = 'sending' and (d.id, d.lease_expires_at) in (${pairs})
      returning d.id`),
  );
  return released.length;
}

/**
 * Whether the user's account still exists. Rows a worker held that are gone altogether went with a deleted
 * account (ADR 015); a sweeper settles rows, it never removes them.
 */
export async function accountExists(db: Database, profileId: string): Promise<boolean> {
  const [row] = rowsOf<{ found: boolean }>(await db.execute(sql`select exists (select 1 from profiles where id = ${profileId}) as found`));
  return row?.found === true;
}

/**
 * The provider said the mailbox reached its sending limit (Gmail's 429 "(Mail sending)", Microsoft's 429, an
 * SMTP quota reply): the mailbox rests until the provider's time — every link of its address, since the limit
 * is the account's — and its rows wait, no attempt counted. The user's other mailboxes are not touched.
 */
export async function pauseMailbox(db: Database, mailboxId: string, until: Date): Promise<void> {
  await db.execute(sql`
    update user_mailboxes set paused_until = ${until}
    where email = (select email from user_mailboxes where id = ${mailboxId})`);
  // The version still running during an upgrade reads the pause from user_gmail (ADR 030).
  await db.execute(sql`
    update user_gmail set paused_until = ${until}
    where email = (select email from user_mailboxes where id = ${mailboxId} and provider = 'gmail')`);
}

/**
 * Rows whose lease ran out. Claimed but never handed over (provider_message_id null): back to pending,
 * nothing was sent. Handed over without an answer recorded (the worker died mid-call): failed with the
 * reason and the credit returned — never sent again, since the provider may have accepted it.
 */
export async function sweepExpiredLeases(db: Database, reason: string, batch = 500): Promise<{ released: string[]; failed: string[] }> {
  const released = rowsOf<{ profile_id: string }>(
    await db.execute(sql`
      update deliveries d set updated_at = now(), status = 'pending', lease_expires_at = null, sender_email = null, sender_provider = null
      where d.id in (
        select id from deliveries
        where status = 'sending' and lease_expires_at < now() and provider_message_id is null
        limit ${batch} for update skip locked
      )
      returning d.profile_id`),
  );
  const failed = await failDeliveries(
    db,
    sql`d.id in (
      select id from deliveries
      where status = 'sending' and lease_expires_at < now() and provider_message_id is not null
      limit ${batch} for update skip locked
    )`,
    reason,
    'unconfirmed',
  );
  return { released: released.map((r) => r.profile_id), failed };
}

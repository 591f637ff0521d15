import { isMailAddress } from '@sira/shared';
import { deliveryFailureText } from '@sira/shared/messages/sending';
import type { AdminOptOutList, OptOutChoice, OptOutView, RedirectDecision, RedirectStatus } from '@sira/shared/schemas/opt-out';
import { type SQL, sql } from 'drizzle-orm';
import { type Database, rowsOf } from '../../db/client';
import { recordAudit } from '../../lib/audit';
import { AppError } from '../../lib/errors';
import type { OptOutClaim } from './opt-out-link';

/**
 * Company opt-out (ADR 013): a receiving company's "no more CVs at this address" and "send to this other
 * address instead", reached through the signed link of an application e-mail (opt-out-link.ts).
 *
 * The mark is the company_opt_outs row of the address. From the moment it exists:
 * - scheduling skips the address (`notOptedOut`, in sending.service.ts), for every user and package;
 * - deliveries to it still waiting (pending, held) end 'opted_out' in the same transaction as the mark;
 * - the worker settles any it had already claimed the same way before sending (`optedOutAmong`);
 * and each such delivery gives its message credit back and leaves its job's total, so nobody pays for it.
 */

/** The reason an opted-out delivery records (Arabic for the user, English for support). */
export const OPTED_OUT_REASON = deliveryFailureText.optedOut;

/** SQL condition: the address (an SQL expression) carries no opt-out mark. */
export const notOptedOut = (address: SQL) => sql`not exists (select 1 from company_opt_outs o where o.email = lower(${address}))`;

/** Which of these addresses (any case) carry an opt-out mark, lower-cased. */
export async function optedOutAmong(db: Pick<Database, 'execute'>, addresses: readonly string[]): Promise<Set<string>> {
  if (addresses.length === 0) return new Set();
  const wanted = [...new Set(addresses.map((a) => a.toLowerCase()))];
  const rows = rowsOf<{ email: string }>(
    await db.execute(sql`select email from company_opt_outs where email = any(${sql.param(wanted)}::text[])`),
  );
  return new Set(rows.map((r) => r.email));
}

/**
 * Ends the chosen deliveries 'opted_out' and gives their credit back: each leaves its job's total (so a job
 * whose other deliveries are all done completes), and its owner's balance gets the message back — all in one
 * statement. `target` is a SQL condition on `deliveries d` that must select only rows not yet settled.
 * Returns the owners whose balance changed.
 */
async function settleOptedOut(db: Pick<Database, 'execute'>, target: SQL): Promise<string[]> {
  const rows = rowsOf<{ profile_id: string }>(
    await db.execute(sql`
      with d as (
        update deliveries d
        set updated_at = now(), status = 'opted_out', last_error = ${OPTED_OUT_REASON},
          lease_expires_at = null, provider_message_id = null, sender_email = null
        where ${target}
        returning d.job_id, d.profile_id
      ), per_job as (
        select job_id, count(*)::int as n from d group by job_id
      ), j as (
        update send_jobs s
        set total_emails_intended = s.total_emails_intended - per_job.n,
          status = case when s.status in ('pending', 'processing') and s.sent_count + s.failed_count >= s.total_emails_intended - per_job.n
            then case when s.sent_count = 0 and s.failed_count > 0 then 'failed' else 'completed' end else s.status end,
          completed_at = case when s.status in ('pending', 'processing') and s.sent_count + s.failed_count >= s.total_emails_intended - per_job.n
            then now() else s.completed_at end
        from per_job where s.id = per_job.job_id
        returning s.id
      ), per_profile as (
        select profile_id, count(*)::int as n from d group by profile_id
      ), p as (
        update profiles pr set messages_remaining = pr.messages_remaining + per_profile.n
        from per_profile where pr.id = per_profile.profile_id
        returning pr.id
      )
      select distinct profile_id from d`),
  );
  return rows.map((r) => r.profile_id);
}

/** The worker's claimed row whose address opted out: settled like the waiting ones, matched by its lease. */
export async function recordOptedOut(db: Pick<Database, 'execute'>, id: string, lease: string): Promise<boolean> {
  const owners = await settleOptedOut(db, sql`d.id = ${id} and d.status = 'sending' and d.lease_expires_at = ${lease}::timestamptz`);
  return owners.length > 0;
}

interface OptOutRow {
  id: string;
  email: string;
  company_name: string;
  redirect_email: string | null;
  redirect_status: RedirectStatus | null;
}

async function readMark(db: Pick<Database, 'execute'>, email: string): Promise<OptOutRow | undefined> {
  return rowsOf<OptOutRow>(
    await db.execute(sql`select id, email, company_name, redirect_email, redirect_status from company_opt_outs where email = ${email}`),
  )[0];
}

/** The company's name for the page: the delivery's, else the mark's, else the directory's. */
async function companyNameOf(db: Pick<Database, 'execute'>, claim: OptOutClaim): Promise<string> {
  const [row] = rowsOf<{ name: string }>(
    await db.execute(sql`
      select coalesce(
        (select company_name from deliveries where id = ${claim.deliveryId}::uuid),
        (select company_name from company_opt_outs where email = ${claim.email}),
        (select name from companies where lower(email) = ${claim.email} limit 1),
        '') as name`),
  );
  return row?.name ?? '';
}

const viewOf = (claim: OptOutClaim, companyName: string, mark: OptOutRow | undefined): OptOutView => ({
  companyName,
  email: claim.email,
  optedOut: !!mark,
  redirect: mark?.redirect_email && mark.redirect_status ? { email: mark.redirect_email, status: mark.redirect_status } : null,
});

/** What the link's page shows. */
export async function describeOptOut(db: Database, claim: OptOutClaim): Promise<OptOutView> {
  const [companyName, mark] = await Promise.all([companyNameOf(db, claim), readMark(db, claim.email)]);
  return viewOf(claim, companyName, mark);
}

export interface OptOutOutcome {
  view: OptOutView;
  /** Users whose waiting deliveries to the address were settled (their dashboards and balances changed). */
  affectedProfiles: string[];
}

/**
 * Carries out the receiver's choice: the address is marked (again, harmlessly, if it already was), its waiting
 * deliveries end 'opted_out' with their credit back, and a redirect request waits for the administrator.
 * A new redirect replaces one not decided yet, or one decided earlier (the receiver may change their mind).
 */
export async function applyOptOut(
  db: Database,
  claim: OptOutClaim,
  choice: OptOutChoice,
  source: 'page' | 'one_click',
): Promise<OptOutOutcome> {
  let redirectTo: string | null = null;
  if (choice.choice === 'redirect') {
    redirectTo = choice.newEmail.trim().toLowerCase();
    if (!isMailAddress(redirectTo)) throw new AppError(400, 'OPT_OUT_EMAIL_INVALID');
    if (redirectTo === claim.email) throw new AppError(400, 'OPT_OUT_SAME_ADDRESS');
  }
  return db.transaction(async (tx) => {
    const companyName = await companyNameOf(tx, claim);
    await tx.execute(sql`
      insert into company_opt_outs (email, company_name, delivery_id, source, redirect_email, redirect_status)
      values (${claim.email}, ${companyName},
        (select id from deliveries where id = ${claim.deliveryId}::uuid),
        ${source}, ${redirectTo}, ${redirectTo === null ? null : 'pending'})
      on conflict (email) do update set
        redirect_email = coalesce(excluded.redirect_email, company_opt_outs.redirect_email),
        redirect_status = coalesce(excluded.redirect_status, company_opt_outs.redirect_status),
        redirect_decided_at = case when excluded.redirect_email is null then company_opt_outs.redirect_decided_at end`);
    const affectedProfiles = await settleOptedOut(tx, sql`lower(d.recipient_email) = ${claim.email} and d.status in ('pending', 'held')`);
    return { view: viewOf(claim, companyName, await readMark(tx, claim.email)), affectedProfiles };
  });
}

/** The administrator's list: redirect requests waiting first, then the newest. */
export async function listOptOuts(db: Database, limit = 200): Promise<AdminOptOutList> {
  const items = rowsOf<{
    id: string;
    email: string;
    company_name: string;
    source: 'page' | 'one_click';
    created_at: Date | string;
    redirect_email: string | null;
    redirect_status: RedirectStatus | null;
    redirect_decided_at: Date | string | null;
    in_directory: boolean;
  }>(
    await db.execute(sql`
      select o.id, o.email, o.company_name, o.source, o.created_at, o.redirect_email, o.redirect_status, o.redirect_decided_at,
        exists (select 1 from companies c where lower(c.email) = o.email) as in_directory
      from company_opt_outs o
      order by (o.redirect_status = 'pending') desc nulls last, o.created_at desc, o.id
      limit ${limit}`),
  );
  const [counts] = rowsOf<{ total: number; pending: number }>(
    await db.execute(sql`
      select count(*)::int as total, count(*) filter (where redirect_status = 'pending')::int as pending from company_opt_outs`),
  );
  const iso = (v: Date | string | null) => (v === null ? null : new Date(v).toISOString());
  return {
    items: items.map((r) => ({
      id: r.id,
      email: r.email,
      companyName: r.company_name,
      source: r.source,
      createdAt: iso(r.created_at) as string,
      redirectEmail: r.redirect_email,
      redirectStatus: r.redirect_status,
      redirectDecidedAt: iso(r.redirect_decided_at),
      inDirectory: r.in_directory,
    })),
    pendingRedirects: counts?.pending ?? 0,
    total: counts?.total ?? 0,
  };
}

/**
 * The administrator's decision on a redirect request. Approving gives the directory entry of the opted-out
 * address the new one (so the company gets CVs there from the next send on); rejecting leaves the directory
 * as it is. Either way the old address stays opted out, as its receiver asked.
 */
export async function decideRedirect(
  db: Database,
  id: string,
  decision: RedirectDecision['decision'],
  actor: { id: string; email: string },
): Promise<void> {
  await db.transaction(async (tx) => {
    const [mark] = rowsOf<OptOutRow>(
      await tx.execute(
        sql`select id, email, company_name, redirect_email, redirect_status from company_opt_outs where id = ${id}::uuid for update`,
      ),
    );
    if (!mark?.redirect_email) throw new AppError(404, 'OPT_OUT_NOT_FOUND');
    if (mark.redirect_status !== 'pending') throw new AppError(409, 'OPT_OUT_ALREADY_DECIDED');
    let movedCompany: string | null = null;
    if (decision === 'approve') {
      const [taken] = rowsOf<{ id: string }>(
        await tx.execute(sql`select id from companies where lower(email) = ${mark.redirect_email} limit 1`),
      );
      if (taken) throw new AppError(409, 'OPT_OUT_ADDRESS_TAKEN');
      const [moved] = rowsOf<{ id: string }>(
        await tx.execute(sql`update companies set email = ${mark.redirect_email} where lower(email) = ${mark.email} returning id`),
      );
      movedCompany = moved?.id ?? null;
    }
    const status = decision === 'approve' ? 'approved' : 'rejected';
    await tx.execute(sql`update company_opt_outs set redirect_status = ${status}, redirect_decided_at = now() where id = ${id}::uuid`);
    await recordAudit(tx, {
      actor,
      action: decision === 'approve' ? 'approve_redirect' : 'reject_redirect',
      entity: 'company_opt_outs',
      entityId: id,
      before: { email: mark.email, redirectEmail: mark.redirect_email, redirectStatus: mark.redirect_status },
      after: { redirectStatus: status, companyId: movedCompany },
    });
  });
}

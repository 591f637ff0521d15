import type {
  AdminOptOutList,
  AdminOptOutMark,
  AdminOptOutRequest,
  OptOutRequestKind,
  OptOutRequestStatus,
  RequestDecision,
} from '@sira/shared/schemas/opt-out';
import { sql } from 'drizzle-orm';
import { type Database, rowsOf } from '../../db/client';
import { recordAudit } from '../../lib/audit';
import { AppError } from '../../lib/errors';
import { isAccountAddress, markForEveryone } from './opt-out.service';

/**
 * The administrator's side of the opt-out (ADR 018), in the companies tab: requests made through links, with
 * the evidence to decide them (which delivery, which sending user, how many of their own links that user has
 * used, whether the company's address confirmed it), and the addresses no user sends to. Every decision, undo
 * and lift is audited.
 */

type Actor = { id: string; email: string };
const iso = (v: Date | string | null) => (v === null ? null : new Date(v).toISOString());

export async function listOptOuts(db: Database, limit = 200): Promise<AdminOptOutList> {
  const requests = rowsOf<{
    id: string;
    kind: OptOutRequestKind;
    email: string;
    company_name: string;
    redirect_email: string | null;
    status: OptOutRequestStatus;
    created_at: Date | string;
    confirmed_at: Date | string | null;
    decided_at: Date | string | null;
    link_id: string;
    sent_at: Date | string | null;
    requester_ip: string | null;
    sender_id: string | null;
    sender_email: string | null;
    sender_name: string | null;
    links_used: number;
    in_directory: boolean;
  }>(
    await db.execute(sql`
      select r.id, r.kind, r.email, r.company_name, r.redirect_email, r.status, r.created_at, r.confirmed_at, r.decided_at,
        r.link_id, d.sent_at, r.requester_ip, p.id as sender_id, p.email as sender_email, p.full_name as sender_name,
        (case when p.id is null then 0 else (select count(*) from (
          select x.link_id from opt_out_requests x where x.sender_profile_id = p.id
          union
          select s.delivery_id from sender_opt_outs s where s.profile_id = p.id and s.delivery_id is not null) used) end)::int as links_used,
        exists (select 1 from companies c where lower(c.email) = r.email) as in_directory
      from opt_out_requests r
      left join deliveries d on d.id = r.link_id
      left join profiles p on p.id = r.sender_profile_id
      order by (r.status = 'unconfirmed' or (r.status = 'confirmed' and r.kind = 'redirect')) desc, r.created_at desc, r.id
      limit ${limit}`),
  );
  const marks = rowsOf<{
    id: string;
    email: string;
    company_name: string;
    source: AdminOptOutMark['source'];
    created_at: Date | string;
    in_directory: boolean;
  }>(
    await db.execute(sql`
      select o.id, o.email, o.company_name, o.source, o.created_at,
        exists (select 1 from companies c where lower(c.email) = o.email) as in_directory
      from company_opt_outs o order by o.created_at desc, o.id limit ${limit}`),
  );
  const [counts] = rowsOf<{ open: number; marks: number }>(
    await db.execute(sql`
      select
        (select count(*) from opt_out_requests where status = 'unconfirmed' or (status = 'confirmed' and kind = 'redirect'))::int as open,
        (select count(*) from company_opt_outs)::int as marks`),
  );
  return {
    requests: requests.map(
      (r): AdminOptOutRequest => ({
        id: r.id,
        kind: r.kind,
        email: r.email,
        companyName: r.company_name,
        redirectEmail: r.redirect_email,
        status: r.status,
        createdAt: iso(r.created_at) as string,
        confirmedAt: iso(r.confirmed_at),
        decidedAt: iso(r.decided_at),
        deliveryId: r.link_id,
        deliverySentAt: iso(r.sent_at),
        sender: r.sender_id ? { id: r.sender_id, email: r.sender_email ?? '', fullName: r.sender_name, linksUsed: r.links_used } : null,
        requesterIp: r.requester_ip,
        inDirectory: r.in_directory,
      }),
    ),
    openRequests: counts?.open ?? 0,
    marks: marks.map((m) => ({
      id: m.id,
      email: m.email,
      companyName: m.company_name,
      source: m.source,
      createdAt: iso(m.created_at) as string,
      inDirectory: m.in_directory,
    })),
    totalMarks: counts?.marks ?? 0,
  };
}

interface RequestRow {
  id: string;
  kind: OptOutRequestKind;
  email: string;
  company_name: string;
  redirect_email: string | null;
  status: OptOutRequestStatus;
  link_id: string;
  company_id: string | null;
}

async function lockRequest(tx: Pick<Database, 'execute'>, id: string): Promise<RequestRow> {
  const [row] = rowsOf<RequestRow>(
    await tx.execute(sql`
      select id, kind, email, company_name, redirect_email, status, link_id, company_id
      from opt_out_requests where id = ${id}::uuid for update`),
  );
  if (!row) throw new AppError(404, 'OPT_OUT_NOT_FOUND');
  return row;
}

/**
 * The administrator's decision on a request. Approving a stop marks the address for every user; approving a
 * redirect also gives the directory entry the new address, so the company gets CVs there from the next send on.
 * Rejecting changes nothing for other users (a stop the company's address already confirmed stays; the
 * administrator may lift it). Returns the users whose waiting deliveries were settled.
 */
export async function decideRequest(db: Database, id: string, decision: RequestDecision['decision'], actor: Actor): Promise<string[]> {
  return db.transaction(async (tx) => {
    const row = await lockRequest(tx, id);
    const open = row.status === 'unconfirmed' || (row.status === 'confirmed' && row.kind === 'redirect');
    if (!open) throw new AppError(409, 'OPT_OUT_ALREADY_DECIDED');
    let affected: string[] = [];
    let movedCompany: string | null = null;
    if (decision === 'approve') {
      if (row.redirect_email) {
        if (await isAccountAddress(tx, row.redirect_email)) throw new AppError(409, 'OPT_OUT_ACCOUNT_ADDRESS');
        const [taken] = rowsOf<{ id: string }>(
          await tx.execute(sql`select id from companies where lower(email) = ${row.redirect_email} limit 1`),
        );
        if (taken) throw new AppError(409, 'OPT_OUT_ADDRESS_TAKEN');
        const [moved] = rowsOf<{ id: string }>(
          await tx.execute(sql`update companies set email = ${row.redirect_email} where lower(email) = ${row.email} returning id`),
        );
        movedCompany = moved?.id ?? null;
      }
      affected = await markForEveryone(tx, {
        email: row.email,
        companyName: row.company_name,
        linkId: row.link_id,
        source: 'admin',
        requestId: row.id,
      });
    }
    const status = decision === 'approve' ? 'approved' : 'rejected';
    await tx.execute(sql`
      update opt_out_requests set status = ${status}, decided_at = now(), decided_by = ${actor.id}, company_id = ${movedCompany}::uuid
      where id = ${id}::uuid`);
    await recordAudit(tx, {
      actor,
      action: `${decision}_opt_out_${row.kind}`,
      entity: 'opt_out_requests',
      entityId: id,
      before: { email: row.email, kind: row.kind, redirectEmail: row.redirect_email, status: row.status },
      after: { status, companyId: movedCompany },
    });
    return affected;
  });
}

/**
 * Reverses a request in force (approved, or a stop the company confirmed): its mark is lifted, and a redirect's
 * directory entry goes back to the old address when nothing else has taken it since.
 */
export async function undoRequest(db: Database, id: string, actor: Actor): Promise<void> {
  await db.transaction(async (tx) => {
    const row = await lockRequest(tx, id);
    const inForce = row.status === 'approved' || (row.status === 'confirmed' && row.kind === 'stop');
    if (!inForce) throw new AppError(409, 'OPT_OUT_NOT_IN_FORCE');
    let movedBack: string | null = null;
    if (row.kind === 'redirect' && row.company_id && row.redirect_email) {
      const [oldTaken] = rowsOf<{ id: string }>(
        await tx.execute(sql`select id from companies where lower(email) = ${row.email} and id <> ${row.company_id}::uuid limit 1`),
      );
      if (oldTaken) throw new AppError(409, 'OPT_OUT_ADDRESS_TAKEN');
      const [moved] = rowsOf<{ id: string }>(
        await tx.execute(sql`
          update companies set email = ${row.email}
          where id = ${row.company_id}::uuid and lower(email) = ${row.redirect_email} returning id`),
      );
      movedBack = moved?.id ?? null;
    }
    await tx.execute(sql`delete from company_opt_outs where request_id = ${id}::uuid`);
    await tx.execute(
      sql`update opt_out_requests set status = 'undone', decided_at = now(), decided_by = ${actor.id} where id = ${id}::uuid`,
    );
    await recordAudit(tx, {
      actor,
      action: `undo_opt_out_${row.kind}`,
      entity: 'opt_out_requests',
      entityId: id,
      before: { email: row.email, redirectEmail: row.redirect_email, status: row.status, companyId: row.company_id },
      after: { status: 'undone', companyMovedBack: movedBack },
    });
  });
}

/** Lifts a mark: every user may send to the address again. A request that made it is then undone. */
export async function liftMark(db: Database, id: string, actor: Actor): Promise<void> {
  await db.transaction(async (tx) => {
    const [mark] = rowsOf<{ id: string; email: string; source: string; request_id: string | null }>(
      await tx.execute(sql`delete from company_opt_outs where id = ${id}::uuid returning id, email, source, request_id`),
    );
    if (!mark) throw new AppError(404, 'OPT_OUT_NOT_FOUND');
    if (mark.request_id) {
      await tx.execute(sql`
        update opt_out_requests set status = 'undone', decided_at = now(), decided_by = ${actor.id}
        where id = ${mark.request_id}::uuid and kind = 'stop'`);
    }
    await recordAudit(tx, {
      actor,
      action: 'lift_opt_out',
      entity: 'company_opt_outs',
      entityId: id,
      before: { email: mark.email, source: mark.source, requestId: mark.request_id },
      after: null,
    });
  });
}

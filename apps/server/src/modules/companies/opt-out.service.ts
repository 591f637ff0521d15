import { BlockList, isIPv4, isIPv6 } from 'node:net';
import { isMailAddress } from '@sira/shared';
import type {
  OptOutChoice,
  OptOutConfirmationView,
  OptOutRequestKind,
  OptOutRequestStatus,
  OptOutView,
} from '@sira/shared/schemas/opt-out';
import { sql } from 'drizzle-orm';
import { type Database, rowsOf } from '../../db/client';
import { AppError } from '../../lib/errors';
import { CONFIRMATION_DAYS } from './opt-out-confirmation-link';
import type { OptOutClaim } from './opt-out-link';
import { settleOptedOut, waitingFrom, waitingTo } from './opt-out-marks';

/**
 * The receiving company's side of the opt-out (ADR 013, ADR 018), reached through the signed link of an
 * application e-mail. The link is held by the company and by the user who sent the mail (their Sent folder), so:
 * - any use of it stops that sender's own mail to the address at once (sender_opt_outs), which harms nobody;
 * - a stop for every user, or a redirect to another address, is a request (opt_out_requests) that changes
 *   other users' sends only once a link mailed to the company's address confirms it, or an administrator
 *   decides it. The sending user's own session and network may not file one; a link files one request, ever;
 *   a redirect may not point to an address of a Sira account.
 */

type Executor = Pick<Database, 'execute'>;

/** The delivery a link names: who sent it (null once that account and its deliveries are deleted). */
async function senderOf(db: Executor, claim: OptOutClaim): Promise<string | null> {
  const [row] = rowsOf<{ profile_id: string }>(
    await db.execute(sql`select profile_id from deliveries where id = ${claim.deliveryId}::uuid`),
  );
  return row?.profile_id ?? null;
}

/** The company's name for the page: the delivery's, else a request's or mark's, else the directory's. */
async function companyNameOf(db: Executor, claim: OptOutClaim): Promise<string> {
  const [row] = rowsOf<{ name: string }>(
    await db.execute(sql`
      select coalesce(
        (select company_name from deliveries where id = ${claim.deliveryId}::uuid),
        (select company_name from opt_out_requests where link_id = ${claim.deliveryId}::uuid),
        (select company_name from company_opt_outs where email = ${claim.email}),
        (select name from companies where lower(email) = ${claim.email} limit 1),
        '') as name`),
  );
  return row?.name ?? '';
}

/** The same network: one IPv4 address, or one IPv6 /64 (what one home or phone connection is given). */
function sameNetwork(a: string, b: string): boolean {
  const plain = (ip: string) => ip.replace(/^::ffff:(?=\d+\.\d+\.\d+\.\d+$)/i, '');
  const [x, y] = [plain(a), plain(b)];
  if (isIPv4(x) && isIPv4(y)) return x === y;
  if (!isIPv6(x) || !isIPv6(y)) return false;
  const block = new BlockList();
  block.addSubnet(x, 64, 'ipv6');
  return block.check(y, 'ipv6');
}

/**
 * Whether a request through a link comes from the user who sent its message: signed in as them, or from a
 * network address they signed in from (their recent sign-ins and live sessions).
 */
export async function isFromSender(db: Executor, senderProfileId: string | null, viewerId: string | null, ip: string): Promise<boolean> {
  if (!senderProfileId) return false;
  if (viewerId === senderProfileId) return true;
  const addresses = rowsOf<{ ip: string }>(
    await db.execute(sql`
      select ip_address as ip from sign_ins
      where user_id = ${senderProfileId} and ip_address is not null and outcome = 'succeeded'
      union
      select ip_address as ip from session where user_id = ${senderProfileId} and ip_address is not null`),
  );
  return addresses.some((row) => sameNetwork(row.ip, ip));
}

interface LinkState {
  stoppedForSender: boolean;
  optedOut: boolean;
  request: { kind: OptOutRequestKind; status: OptOutRequestStatus; redirectEmail: string | null } | null;
}

async function linkState(db: Executor, claim: OptOutClaim, senderProfileId: string | null): Promise<LinkState> {
  const [row] = rowsOf<{
    own: boolean;
    all: boolean;
    kind: OptOutRequestKind | null;
    status: OptOutRequestStatus | null;
    redirect_email: string | null;
  }>(
    await db.execute(sql`
      select
        exists (select 1 from sender_opt_outs where profile_id = ${senderProfileId} and email = ${claim.email}) as own,
        exists (select 1 from company_opt_outs where email = ${claim.email}) as all,
        r.kind, r.status, r.redirect_email
      from (select 1) one left join opt_out_requests r on r.link_id = ${claim.deliveryId}::uuid`),
  );
  return {
    // A deleted sender sends nothing more anywhere.
    stoppedForSender: senderProfileId === null || !!row?.own || !!row?.all,
    optedOut: !!row?.all,
    request: row?.kind && row.status ? { kind: row.kind, status: row.status, redirectEmail: row.redirect_email } : null,
  };
}

/** Who is asking, as the routes know it. */
export interface Requester {
  viewerId: string | null;
  ip: string;
}

/** What the link's page shows. */
export async function describeOptOut(db: Database, claim: OptOutClaim, requester: Requester): Promise<OptOutView> {
  const sender = await senderOf(db, claim);
  const [companyName, state, fromSender] = await Promise.all([
    companyNameOf(db, claim),
    linkState(db, claim, sender),
    isFromSender(db, sender, requester.viewerId, requester.ip),
  ]);
  return { companyName, email: claim.email, ...state, fromSender };
}

/** The request a link filed that the company's address is to confirm. */
export interface ConfirmationToSend {
  requestId: string;
  email: string;
  companyName: string;
  kind: OptOutRequestKind;
  redirectEmail: string | null;
}

export interface OptOutOutcome {
  view: OptOutView;
  /** Users whose waiting deliveries to the address were settled (their dashboards and balances changed). */
  affectedProfiles: string[];
  confirmation: ConfirmationToSend | null;
}

/** Whether an address belongs to a Sira account: its sign-in address or a mailbox linked to one. */
export async function isAccountAddress(db: Executor, email: string): Promise<boolean> {
  const [row] = rowsOf<{ found: boolean }>(
    await db.execute(sql`
      select exists (select 1 from "user" where lower(email) = ${email})
        or exists (select 1 from profiles where lower(email) = ${email})
        or exists (select 1 from user_mailboxes where lower(email) = ${email} and credential is not null) as found`),
  );
  return !!row?.found;
}

/**
 * Carries out a choice made through a link: the sender's own stop at once, and for `stop_all` or `redirect` a
 * request waiting for the company's address to confirm it (the caller mails the confirmation).
 */
export async function applyOptOut(
  db: Database,
  claim: OptOutClaim,
  choice: OptOutChoice,
  source: 'page' | 'one_click',
  requester: Requester,
): Promise<OptOutOutcome> {
  let redirectTo: string | null = null;
  if (choice.choice === 'redirect') {
    redirectTo = choice.newEmail.trim().toLowerCase();
    if (!isMailAddress(redirectTo)) throw new AppError(400, 'OPT_OUT_EMAIL_INVALID');
    if (redirectTo === claim.email) throw new AppError(400, 'OPT_OUT_SAME_ADDRESS');
  }
  const sender = await senderOf(db, claim);
  if (choice.choice !== 'stop') {
    // A request for every user must come from the company, not from the user who holds the link as its sender.
    if (await isFromSender(db, sender, requester.viewerId, requester.ip)) throw new AppError(403, 'OPT_OUT_SENDER_REQUEST');
    if (redirectTo && (await isAccountAddress(db, redirectTo))) throw new AppError(400, 'OPT_OUT_ACCOUNT_ADDRESS');
  }
  return db.transaction(async (tx) => {
    const companyName = await companyNameOf(tx, claim);
    let affectedProfiles: string[] = [];
    if (sender) {
      await tx.execute(sql`
        insert into sender_opt_outs (profile_id, email, delivery_id, source)
        values (${sender}, ${claim.email}, ${claim.deliveryId}::uuid, ${source})
        on conflict (profile_id, email) do nothing`);
      affectedProfiles = await settleOptedOut(tx, waitingFrom(sender, claim.email));
    }
    let confirmation: ConfirmationToSend | null = null;
    if (choice.choice !== 'stop') {
      const [existing] = rowsOf<{ id: string }>(
        await tx.execute(sql`select id from opt_out_requests where link_id = ${claim.deliveryId}::uuid`),
      );
      if (existing) throw new AppError(409, 'OPT_OUT_LINK_USED');
      const [already] = rowsOf<{ id: string }>(await tx.execute(sql`select id from company_opt_outs where email = ${claim.email}`));
      // Nothing to ask for: no user sends here already (a redirect is still a new request).
      if (!already || redirectTo) {
        const kind: OptOutRequestKind = redirectTo ? 'redirect' : 'stop';
        const [filed] = rowsOf<{ id: string }>(
          await tx.execute(sql`
            insert into opt_out_requests (kind, email, company_name, link_id, sender_profile_id, redirect_email, requester_ip)
            values (${kind}, ${claim.email}, ${companyName}, ${claim.deliveryId}::uuid, ${sender}, ${redirectTo}, ${requester.ip})
            returning id`),
        );
        if (!filed) throw new Error('opt-out request insert returned nothing');
        confirmation = { requestId: filed.id, email: claim.email, companyName, kind, redirectEmail: redirectTo };
      }
    }
    const view: OptOutView = {
      companyName,
      email: claim.email,
      ...(await linkState(tx, claim, sender)),
      fromSender: false,
    };
    return { view, affectedProfiles, confirmation };
  });
}

interface RequestRow {
  id: string;
  kind: OptOutRequestKind;
  email: string;
  company_name: string;
  redirect_email: string | null;
  status: OptOutRequestStatus;
  link_id: string;
  expired: boolean;
}

async function readRequest(db: Executor, id: string, lock = false): Promise<RequestRow | undefined> {
  return rowsOf<RequestRow>(
    await db.execute(sql`
      select id, kind, email, company_name, redirect_email, status, link_id,
        created_at < now() - make_interval(days => ${CONFIRMATION_DAYS}) as expired
      from opt_out_requests where id = ${id}::uuid ${lock ? sql`for update` : sql``}`),
  )[0];
}

const confirmationViewOf = (row: RequestRow): OptOutConfirmationView => ({
  companyName: row.company_name,
  email: row.email,
  kind: row.kind,
  redirectEmail: row.redirect_email,
  status: row.status,
});

/** What the confirmation page shows. */
export async function describeConfirmation(db: Database, requestId: string): Promise<OptOutConfirmationView> {
  const row = await readRequest(db, requestId);
  if (!row) throw new AppError(404, 'OPT_OUT_CONFIRMATION_INVALID');
  return confirmationViewOf(row);
}

/**
 * Marks the address for every user, settling every user's deliveries to it still waiting. Used when the
 * company's address confirms a request and when an administrator approves one.
 */
export async function markForEveryone(
  tx: Executor,
  mark: { email: string; companyName: string; linkId: string | null; source: 'confirmed' | 'admin'; requestId: string },
): Promise<string[]> {
  await tx.execute(sql`
    insert into company_opt_outs (email, company_name, delivery_id, source, request_id)
    values (${mark.email}, ${mark.companyName}, (select id from deliveries where id = ${mark.linkId}::uuid), ${mark.source}, ${mark.requestId}::uuid)
    on conflict (email) do nothing`);
  return settleOptedOut(tx, waitingTo(mark.email));
}

/**
 * The company's address confirms its request: a stop is in force for every user from now on; for a redirect
 * the old address is stopped for every user and the new one waits for the administrator. Confirming again
 * changes nothing; a request decided against, or older than the link's days, is refused.
 */
export async function confirmRequest(
  db: Database,
  requestId: string,
): Promise<{ view: OptOutConfirmationView; affectedProfiles: string[] }> {
  return db.transaction(async (tx) => {
    const row = await readRequest(tx, requestId, true);
    if (!row) throw new AppError(404, 'OPT_OUT_CONFIRMATION_INVALID');
    if (row.status === 'rejected' || row.status === 'undone') throw new AppError(409, 'OPT_OUT_ALREADY_DECIDED');
    if (row.status !== 'unconfirmed') return { view: confirmationViewOf(row), affectedProfiles: [] };
    if (row.expired) throw new AppError(410, 'OPT_OUT_CONFIRMATION_EXPIRED');
    await tx.execute(sql`update opt_out_requests set status = 'confirmed', confirmed_at = now() where id = ${requestId}::uuid`);
    const affectedProfiles = await markForEveryone(tx, {
      email: row.email,
      companyName: row.company_name,
      linkId: row.link_id,
      source: 'confirmed',
      requestId,
    });
    return { view: confirmationViewOf({ ...row, status: 'confirmed' }), affectedProfiles };
  });
}

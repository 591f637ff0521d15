import { isMailAddress } from '@sira/shared';
import { extractJobAd } from '@sira/shared/job-ad/extract';
import type { JobAdErrorCode } from '@sira/shared/messages/job-ads';
import type { JobAdApplied, JobAdApplyInput, JobAdReading } from '@sira/shared/schemas/job-ads';
import { sql } from 'drizzle-orm';
import { type Database, rowsOf } from '../../db/client';
import { jobAds } from '../../db/schema';
import { AppError } from '../../lib/errors';
import type { EventBus } from '../../lib/event-bus';
import { optedOutAddresses } from '../companies/opt-out-marks';
import { chargeScheduled } from '../sending/job-state';
import { cleanMessage, insertSendJob, lockSender, rowsWritten } from '../sending/sending.service';

/**
 * Applying to a job ad (ADR 029): the post is read on the server, each address it names is said to be open to
 * this user or not and why, and an application is scheduled as one delivery per chosen address through the same
 * engine as every send — the same lock, checks, debit and worker. What this user may not write to is decided
 * by the same facts as sending/contacted.ts: never twice to one address, whatever the source; never to an
 * address that opted out; and not again to one that refused the user's message as undeliverable.
 *
 * Every answer is about the signed-in user alone: another user's messages to an address are not told.
 */

export type AddressBlock = 'contacted' | 'opted_out' | 'undeliverable';

interface AddressState {
  blocked: AddressBlock | null;
  contactedAt: string | null;
}

/** What becomes of a job ad's delivery's company: the post says no sector or city. */
const UNSPECIFIED = 'غير محدد';

const blockCode: Record<AddressBlock, JobAdErrorCode> = {
  contacted: 'JOB_AD_ADDRESS_CONTACTED',
  opted_out: 'JOB_AD_ADDRESS_OPTED_OUT',
  undeliverable: 'JOB_AD_ADDRESS_UNDELIVERABLE',
};

/**
 * Whether `profileId` may write to each address (any case), keyed by the lower-cased address:
 * - contacted: the user has a message to it sent or on its way (pending, held, sending), with when it was sent
 *   or scheduled (the newest);
 * - opted_out: the directory's mark, the user's own stop, or one of the user's messages to it ended so;
 * - undeliverable: one of the user's messages to it failed as an address refused, or the user's own company of
 *   that address is marked so (user_companies.hard_failures).
 * In that order when several hold. One statement over the user's own rows (deliveries_profile_contacted_idx for
 * the messages that count as contacted).
 */
export async function addressStates(
  db: Pick<Database, 'execute'>,
  profileId: string,
  addresses: readonly string[],
): Promise<Map<string, AddressState>> {
  const wanted = [...new Set(addresses.map((a) => a.toLowerCase()))];
  if (wanted.length === 0) return new Map();
  const rows = rowsOf<{ email: string; contacted_at: Date | string | null; opted_out: boolean; undeliverable: boolean }>(
    await db.execute(sql`
      select a.email,
        (select max(coalesce(d.sent_at, d.created_at)) from deliveries d
          where d.profile_id = ${profileId} and d.status <> 'failed' and lower(d.recipient_email) = a.email
            and d.status in ('pending', 'held', 'sending', 'sent')) as contacted_at,
        (a.email in (${optedOutAddresses(profileId)})
          or exists (select 1 from deliveries d
            where d.profile_id = ${profileId} and d.status <> 'failed' and lower(d.recipient_email) = a.email
              and d.status = 'opted_out')) as opted_out,
        (exists (select 1 from deliveries d
            where d.profile_id = ${profileId} and d.status = 'failed' and d.failure_cause = 'address'
              and lower(d.recipient_email) = a.email)
          or exists (select 1 from user_companies u
            where u.profile_id = ${profileId} and lower(u.email) = a.email and u.hard_failures > 0)) as undeliverable
      from unnest(${sql.param(wanted)}::text[]) as a(email)`),
  );
  return new Map(
    rows.map((r) => {
      const blocked: AddressBlock | null =
        r.contacted_at !== null ? 'contacted' : r.opted_out ? 'opted_out' : r.undeliverable ? 'undeliverable' : null;
      return [r.email, { blocked, contactedAt: r.contacted_at === null ? null : new Date(r.contacted_at).toISOString() }];
    }),
  );
}

/** POST /api/job-ads/read: the post read (addresses, job title, company), each address with whether it is open. */
export async function readJobAd(db: Database, profileId: string, text: string): Promise<JobAdReading> {
  const found = extractJobAd(text);
  const states = await addressStates(db, profileId, found.emails);
  return {
    addresses: found.emails.map((email) => {
      const state = states.get(email.toLowerCase());
      return { email, blocked: state?.blocked ?? null, contactedAt: state?.contactedAt ?? null };
    }),
    jobTitle: found.title,
    companyName: found.company,
  };
}

/** The addresses of an application: trimmed, each an address Sira can send to, each once (compared without case). */
export function chosenAddresses(emails: readonly string[]): string[] {
  const trimmed = emails.map((e) => e.trim()).filter((e) => e.length > 0);
  if (trimmed.length === 0) throw new AppError(400, 'JOB_AD_NO_ADDRESS');
  if (!trimmed.every(isMailAddress)) throw new AppError(400, 'JOB_AD_ADDRESS_INVALID');
  const seen = new Set<string>();
  return trimmed.filter((e) => {
    const key = e.toLowerCase();
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

export interface ApplyDeps {
  db: Database;
  events: EventBus;
}

/**
 * POST /api/job-ads/apply. Nothing the client said about the addresses is trusted: each is checked again here,
 * under the profile's lock that every scheduling takes, so two tabs applying — or an application and a send to
 * the directory — cannot both write to one address. The ad, its job and its deliveries are one transaction
 * with the debit.
 */
export async function applyToJobAd(deps: ApplyDeps, profileId: string, input: JobAdApplyInput): Promise<JobAdApplied> {
  const emails = chosenAddresses(input.emails);
  const jobTitle = input.jobTitle.trim();
  if (!jobTitle) throw new AppError(400, 'JOB_AD_TITLE_REQUIRED');
  const companyName = input.companyName.trim();
  if (!companyName) throw new AppError(400, 'JOB_AD_COMPANY_REQUIRED');
  const message = cleanMessage(input, { jobAd: true });

  const result = await deps.db.transaction(async (tx) => {
    const sender = await lockSender(tx, profileId, input.resumeId);
    const states = await addressStates(tx, profileId, emails);
    for (const email of emails) {
      const blocked = states.get(email.toLowerCase())?.blocked;
      if (blocked) throw new AppError(409, blockCode[blocked]);
    }
    if (sender.balance < emails.length) throw new AppError(409, 'NO_BALANCE');

    const [ad] = await tx
      .insert(jobAds)
      .values({ profileId, postText: input.text.trim(), jobTitle, companyName })
      .returning({ id: jobAds.id });
    if (!ad) throw new Error('job ad insert returned nothing');
    const jobId = await insertSendJob(tx, profileId, sender, message, {
      targets: null,
      sendWindow: input.sendWindow ?? 'working_hours',
      source: 'job_ad',
    });
    const scheduled = rowsWritten(
      await tx.execute(sql`
        insert into deliveries (job_id, profile_id, source, job_ad_id, job_title, recipient_email, company_name, sector, location)
        select ${jobId}, ${profileId}, 'job_ad', ${ad.id}, ${jobTitle}, a.email, ${companyName}, ${UNSPECIFIED}, ${UNSPECIFIED}
        from unnest(${sql.param(emails)}::text[]) as a(email)`),
    );
    await chargeScheduled(tx, jobId, profileId, scheduled);
    return { jobId, jobAdId: ad.id, scheduled };
  });
  deps.events.publish({ topic: 'sending', profileId });
  deps.events.publish({ topic: 'profile', profileId });
  return result;
}

import { type JobSource, PACKAGE_COMPANY_LIMIT, type Targeting, type TargetSource, targetsAll, unknownPlaceholders } from '@sira/shared';
import type { ScheduledSend, ScheduleSendInput, SendingCompose, UploadedResume } from '@sira/shared/schemas/sending';
import type { SendWindowMode } from '@sira/shared/schemas/sending-window';
import { and, asc, eq, isNotNull, type SQL, sql } from 'drizzle-orm';
import { type Database, rowsOf } from '../../db/client';
import { packages, packageTemplates, profiles, resumeFiles, resumes, sendJobs, templates, userMailboxes } from '../../db/schema';
import { AppError } from '../../lib/errors';
import type { EventBus } from '../../lib/event-bus';
import { sanitizeRichHtml } from '../../lib/html';
import { resumeFitsMicrosoft } from '../mailbox/providers/microsoft/sender';
import { stillReachable } from './contacted';
import { chargeScheduled } from './job-state';
import { attachmentName, htmlToText } from './mime';
import { holdsJobAdPlaceholder } from './personalize';
import { checkResume } from './resume-check';
import { isPdf, resumePath } from './resume-storage';
import { dailyLimitForSend } from './status.service';
import { chosenTargets, targetFilter } from './targeting';

/**
 * /send-resume on the server: what the user may send now, the résumé upload, and scheduling — the one
 * transaction that turns a request into a job, one delivery per company and a debited balance (ADR 002).
 * The client sends a résumé, a subject and a content; every count and balance is decided here.
 */

/**
 * Companies this user may still be sent to (see stillReachable) from `source`, all of them: one send takes at
 * most PACKAGE_COMPANY_LIMIT (sendableFrom), and the rest is there for the next. The directory's are the
 * package's companies; the own list's, the user's own companies; both count an address on both lists once.
 */
export async function companiesLeftFor(
  db: Pick<Database, 'execute'>,
  profileId: string,
  packageId: string,
  source: TargetSource = 'directory',
): Promise<number> {
  const reachable = stillReachable(profileId);
  const remaining =
    source === 'directory'
      ? await db.execute(sql`
    with ${reachable.with}
    select count(*)::int as n from companies c where c.package_id = ${packageId} and ${reachable.where}`)
      : source === 'own_list'
        ? await db.execute(sql`
    with ${reachable.with}
    select count(*)::int as n from user_companies u where ${reachable.own}`)
        : await db.execute(sql`
    with ${reachable.with}, own as materialized (
      select lower(u.email) as email from user_companies u where ${reachable.own})
    select ((select count(*) from own) + (
      select count(*) from companies c
      where c.package_id = ${packageId} and ${reachable.where} and lower(c.email) not in (select o.email from own o)))::int as n`);
  return rowsOf<{ n: number }>(remaining)[0]?.n ?? 0;
}

/** What one send may take (spec §9): the balance, the companies left, and never more than the per-send limit. */
export const sendableFrom = (balance: number, companiesLeft: number) =>
  Math.max(0, Math.min(balance, companiesLeft, PACKAGE_COMPANY_LIMIT));

export async function getCompose(db: Database, profileId: string): Promise<SendingCompose> {
  const [profile] = await db
    .select({
      packageId: profiles.packageId,
      balance: profiles.messagesRemaining,
      fullName: profiles.fullName,
      fullNameEn: profiles.fullNameEn,
      phone: profiles.phoneNumber,
      ownListAllowed: packages.canUploadExcel,
    })
    .from(profiles)
    .innerJoin(packages, eq(packages.id, profiles.packageId))
    .where(eq(profiles.id, profileId));
  if (!profile) throw new AppError(404, 'PROFILE_NOT_FOUND');
  const [offered, companiesRemaining, ownCompaniesRemaining] = await Promise.all([
    db
      .select({ id: templates.id, name: templates.name, subject: templates.subject, content: templates.content })
      .from(packageTemplates)
      .innerJoin(templates, eq(templates.id, packageTemplates.templateId))
      .where(eq(packageTemplates.packageId, profile.packageId))
      .orderBy(asc(packageTemplates.templateNumber), asc(templates.name)),
    companiesLeftFor(db, profileId, profile.packageId),
    companiesLeftFor(db, profileId, profile.packageId, 'own_list'),
  ]);
  const sendableNow = sendableFrom(profile.balance, companiesRemaining);
  return {
    templates: offered,
    balance: profile.balance,
    companiesRemaining,
    ownCompaniesRemaining,
    ownListAllowed: profile.ownListAllowed,
    sendableNow,
    dailyLimit: await dailyLimitForSend(db, profileId, sendableNow),
    applicant: { fullName: profile.fullName, fullNameEn: profile.fullNameEn, phone: profile.phone },
  };
}

/**
 * Stores an upload: its row and its bytes in one transaction, so there is never a row without bytes nor bytes
 * without a row. The request's buffer is handed to the driver as it is (a binary parameter), not copied.
 * Before anything is stored the file is read (resume-check.ts): one no company could open is refused, and
 * what would cost the applicant replies comes back as warnings with the upload.
 */
export async function uploadResume(db: Database, profileId: string, file: { filename: string; buffer: Buffer }): Promise<UploadedResume> {
  if (!isPdf(file.buffer)) throw new AppError(400, 'NOT_PDF');
  // Spec §5: nothing can be sent without a balance, so there is nothing to upload a résumé for either.
  const [profile] = await db
    .select({ balance: profiles.messagesRemaining, fullName: profiles.fullName, fullNameEn: profiles.fullNameEn })
    .from(profiles)
    .where(eq(profiles.id, profileId));
  if (!profile || profile.balance <= 0) throw new AppError(409, 'NO_BALANCE');
  const check = await checkResume(file.buffer, attachmentName(file.filename), profile);
  const path = resumePath(profileId, file.filename);
  const row = await db.transaction(async (tx) => {
    const [inserted] = await tx
      .insert(resumes)
      .values({ profileId, path, originalName: attachmentName(file.filename), sizeBytes: file.buffer.length })
      .returning({ id: resumes.id, name: resumes.originalName, sizeBytes: resumes.sizeBytes });
    if (!inserted) throw new Error('résumé insert returned nothing');
    await tx.insert(resumeFiles).values({ path, bytes: file.buffer });
    return inserted;
  });
  return { ...row, check };
}

/**
 * The name the companies see on the attachment, changed before sending (the check suggests one when the file's
 * own name says nothing). A job already scheduled keeps the name it was scheduled with.
 */
export async function renameResume(db: Database, profileId: string, resumeId: string, name: string): Promise<{ id: string; name: string }> {
  const [row] = await db
    .update(resumes)
    .set({ originalName: attachmentName(name) })
    .where(and(eq(resumes.id, resumeId), eq(resumes.profileId, profileId)))
    .returning({ id: resumes.id, name: resumes.originalName });
  if (!row) throw new AppError(404, 'RESUME_NOT_FOUND');
  return row;
}

/** A user's newest uploads are kept whatever happens to them (one may be about to be scheduled in another tab). */
export const KEPT_RESUMES = 3;

/**
 * Deletes a user's older résumés — beyond the newest KEPT_RESUMES — that no unfinished job attaches: a finished
 * job never reads its file again, and without this every upload would stay in the database for good. Deleting
 * a row deletes its bytes (`resume_files` cascades). Returns the paths removed.
 *
 * The profile row is locked first, as scheduling locks it: a job being scheduled with one of these résumés
 * commits before the delete looks for it (a new statement, so a fresh snapshot), and is seen.
 */
export async function pruneResumes(db: Database, profileId: string): Promise<string[]> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select 1 from profiles where id = ${profileId} for update`);
    return rowsOf<{ path: string }>(
      await tx.execute(sql`
        delete from resumes r
        where r.profile_id = ${profileId}
          and r.id not in (
            select id from resumes where profile_id = ${profileId} order by created_at desc, id desc limit ${KEPT_RESUMES})
          and not exists (
            select 1 from send_jobs j
            where j.profile_id = ${profileId} and j.resume_path = r.path and j.status in ('pending', 'processing'))
        returning r.path`),
    ).map((r) => r.path);
  });
}

export interface ScheduleDeps {
  db: Database;
  events: EventBus;
}

/** Whose send it is and what it attaches, read and checked under the profile's lock (lockSender). */
export interface Sender {
  balance: number;
  packageId: string;
  applicantName: string;
  applicantNameEn: string | null;
  applicantPhone: string | null;
  resume: { path: string; name: string };
  /** The mailbox chosen now, which sends the whole job (ADR 030). */
  mailboxId: string;
}

/**
 * The subject and content as they are stored and sent: the subject on one line, the content sanitised. Refused
 * when either is empty, when a placeholder is unknown, and — outside a job ad — when one only a job ad fills is
 * used (it would reach every company empty).
 */
export function cleanMessage(
  input: { subject: string; content: string },
  options: { jobAd: boolean },
): { subject: string; content: string } {
  const subject = input.subject.replace(/[\r\n]+/g, ' ').trim();
  const content = sanitizeRichHtml(input.content).trim();
  // Content that sanitises to nothing visible (only tags, or only a script) counts as empty (spec §5).
  if (!subject || !content || !htmlToText(content)) throw new AppError(400, 'MISSING_FIELDS');
  if (unknownPlaceholders(`${subject}\n${content}`).length > 0) throw new AppError(400, 'PLACEHOLDER_UNKNOWN');
  if (!options.jobAd && holdsJobAdPlaceholder(`${subject}\n${content}`)) throw new AppError(400, 'PLACEHOLDER_JOB_AD_ONLY');
  return { subject, content };
}

/**
 * The first step of every scheduling transaction: the profile row locked — concurrent requests of one user
 * queue here, so the balance read is the balance the debit applies to (50 simultaneous submissions cannot spend
 * it twice) — then what a send needs: the applicant's name, a stored résumé of theirs, a balance, a mailbox.
 */
export async function lockSender(tx: Pick<Database, 'execute' | 'select'>, profileId: string, resumeId: string): Promise<Sender> {
  const [profile] = rowsOf<{
    balance: number;
    package_id: string;
    full_name: string | null;
    full_name_en: string | null;
    phone_number: string | null;
  }>(
    await tx.execute(
      sql`select messages_remaining as balance, package_id, full_name, full_name_en, phone_number from profiles where id = ${profileId} for update`,
    ),
  );
  if (!profile) throw new AppError(404, 'PROFILE_NOT_FOUND');
  // Companies must know who writes: an account made before registration asked the name gives it first.
  if (!profile.full_name) throw new AppError(409, 'APPLICANT_NAME_REQUIRED');
  // A résumé whose bytes are not stored (a file an earlier version kept on a disk this database never got)
  // could only fail every delivery: it is refused before the balance is touched. The join reads the key only.
  const [resume] = await tx
    .select({ path: resumes.path, name: resumes.originalName, sizeBytes: resumes.sizeBytes })
    .from(resumes)
    .innerJoin(resumeFiles, eq(resumeFiles.path, resumes.path))
    .where(and(eq(resumes.id, resumeId), eq(resumes.profileId, profileId)));
  if (!resume) throw new AppError(404, 'RESUME_NOT_FOUND');
  if (profile.balance <= 0) throw new AppError(409, 'NO_BALANCE');
  const [mailbox] = await tx
    .select({ id: userMailboxes.id, provider: userMailboxes.provider })
    .from(userMailboxes)
    .where(and(eq(userMailboxes.profileId, profileId), eq(userMailboxes.chosen, true), isNotNull(userMailboxes.credential)));
  if (!mailbox) throw new AppError(409, 'MAILBOX_NOT_LINKED');
  // A Microsoft mailbox sends a message in one Graph call only (ADR 030): every message would fail.
  if (mailbox.provider === 'microsoft' && !resumeFitsMicrosoft(resume.sizeBytes)) throw new AppError(409, 'RESUME_TOO_LARGE_FOR_MAILBOX');
  return {
    mailboxId: mailbox.id,
    balance: profile.balance,
    packageId: profile.package_id,
    applicantName: profile.full_name,
    applicantNameEn: profile.full_name_en,
    applicantPhone: profile.phone_number,
    resume: { path: resume.path, name: resume.name },
  };
}

/** The job row of a send: its message, résumé and applicant as scheduled, whom it reaches and when it may leave. */
export async function insertSendJob(
  tx: Pick<Database, 'insert'>,
  profileId: string,
  sender: Sender,
  message: { subject: string; content: string },
  options: { targets: Targeting | null; sendWindow: SendWindowMode; source: JobSource },
): Promise<string> {
  const targets = options.targets;
  const [job] = await tx
    .insert(sendJobs)
    .values({
      profileId,
      subject: message.subject,
      content: message.content,
      mailboxId: sender.mailboxId,
      resumePath: sender.resume.path,
      resumeName: sender.resume.name,
      status: 'pending',
      applicantName: sender.applicantName,
      applicantNameEn: sender.applicantNameEn,
      applicantPhone: sender.applicantPhone,
      targetSectors: targets && targets.sectors.length > 0 ? [...targets.sectors] : null,
      targetCities: targets && targets.cities.length > 0 ? [...targets.cities] : null,
      sendWindow: options.sendWindow,
      targetSource: options.source,
    })
    .returning({ id: sendJobs.id });
  if (!job) throw new Error('send job insert returned nothing');
  return job.id;
}

/** Rows an INSERT wrote, as each driver tells it. */
export const rowsWritten = (result: unknown): number =>
  (result as { rowCount?: number | null }).rowCount ?? (result as { affectedRows?: number }).affectedRows ?? 0;

/**
 * Copies the recipients of a send from its source into deliveries, each with a snapshot of its company (the
 * message must not change if the list does), in one statement — chosen and copied by the database, not a loop.
 * Sectors and cities narrow the directory only: the own list is the user's own choice, taken whole. A send to
 * both takes each address once: an address on the user's reachable own list comes from it (its name and
 * details are the user's), and its directory company is left out; the own list goes first when the limit cuts.
 */
function insertRecipients(
  jobId: string,
  profileId: string,
  packageId: string,
  source: TargetSource,
  targets: Targeting,
  limit: number,
): SQL {
  const reachable = stillReachable(profileId);
  if (source === 'directory')
    return sql`
      with ${reachable.with}
      insert into deliveries (job_id, profile_id, company_id, recipient_email, company_name, sector, location)
      select ${jobId}, ${profileId}, c.id, c.email, c.name, c.sector, c.location
      from companies c
      where c.package_id = ${packageId} and ${reachable.where} and ${targetFilter(targets)}
      order by c.name, c.id
      limit ${limit}`;
  if (source === 'own_list')
    return sql`
      with ${reachable.with}
      insert into deliveries (job_id, profile_id, source, user_company_id, recipient_email, company_name, sector, location)
      select ${jobId}, ${profileId}, 'own_list', u.id, u.email, u.name, u.sector, u.location
      from user_companies u
      where ${reachable.own}
      order by u.name, u.id
      limit ${limit}`;
  return sql`
    with ${reachable.with}, own as materialized (
      select u.id, u.email, u.name, u.sector, u.location from user_companies u where ${reachable.own})
    insert into deliveries (job_id, profile_id, source, company_id, user_company_id, recipient_email, company_name, sector, location)
    select ${jobId}, ${profileId}, t.source, t.company_id, t.user_company_id, t.email, t.name, t.sector, t.location
    from (
      select 'own_list' as source, null::uuid as company_id, o.id as user_company_id, o.email, o.name, o.sector, o.location, 0 as rank
      from own o
      union all
      select 'directory', c.id, null::uuid, c.email, c.name, c.sector, c.location, 1
      from companies c
      where c.package_id = ${packageId} and ${reachable.where} and ${targetFilter(targets)}
        and lower(c.email) not in (select lower(o.email) from own o)
    ) t
    order by t.rank, t.name, coalesce(t.user_company_id, t.company_id)
    limit ${limit}`;
}

export async function scheduleSend(deps: ScheduleDeps, profileId: string, input: ScheduleSendInput): Promise<ScheduledSend> {
  const message = cleanMessage(input, { jobAd: false });
  const source = input.source ?? 'directory';
  const targets = chosenTargets(input.targeting);

  const result = await deps.db.transaction(async (tx) => {
    const sender = await lockSender(tx, profileId, input.resumeId);
    const jobId = await insertSendJob(tx, profileId, sender, message, {
      // The own list is taken whole: a job of it alone records no narrowing.
      targets: source === 'own_list' ? null : targets,
      sendWindow: input.sendWindow ?? 'working_hours',
      source,
    });
    const limit = Math.min(sender.balance, PACKAGE_COMPANY_LIMIT);
    const scheduled = rowsWritten(await tx.execute(insertRecipients(jobId, profileId, sender.packageId, source, targets, limit)));
    if (scheduled === 0) {
      if (source === 'own_list') throw new AppError(409, 'NO_OWN_COMPANIES');
      throw new AppError(409, targetsAll(targets) ? 'NO_COMPANIES' : 'NO_MATCHING_COMPANIES');
    }

    await chargeScheduled(tx, jobId, profileId, scheduled);
    return { jobId, scheduled };
  });
  deps.events.publish({ topic: 'sending', profileId });
  deps.events.publish({ topic: 'profile', profileId });
  return result;
}

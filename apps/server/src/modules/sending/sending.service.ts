import { PACKAGE_COMPANY_LIMIT, targetsAll, unknownPlaceholders } from '@sira/shared';
import type { ScheduledSend, ScheduleSendInput, SendingCompose, UploadedResume } from '@sira/shared/schemas/sending';
import { and, asc, eq, sql } from 'drizzle-orm';
import { type Database, rowsOf } from '../../db/client';
import { packageTemplates, profiles, resumeFiles, resumes, sendJobs, templates, userGmail } from '../../db/schema';
import { AppError } from '../../lib/errors';
import type { EventBus } from '../../lib/event-bus';
import { sanitizeRichHtml } from '../../lib/html';
import { stillReachable } from './contacted';
import { chargeScheduled } from './job-state';
import { attachmentName, htmlToText } from './mime';
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
 * Companies of a package this user may still be sent to (see stillReachable), all of them: one send takes at
 * most PACKAGE_COMPANY_LIMIT (sendableFrom), and the rest is there for the next.
 */
export async function companiesLeftFor(db: Database, profileId: string, packageId: string): Promise<number> {
  const reachable = stillReachable(profileId);
  const remaining = await db.execute(sql`
    with ${reachable.with}
    select count(*)::int as n from companies c where c.package_id = ${packageId} and ${reachable.where}`);
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
    })
    .from(profiles)
    .where(eq(profiles.id, profileId));
  if (!profile) throw new AppError(404, 'PROFILE_NOT_FOUND');
  const [offered, companiesRemaining] = await Promise.all([
    db
      .select({ id: templates.id, name: templates.name, subject: templates.subject, content: templates.content })
      .from(packageTemplates)
      .innerJoin(templates, eq(templates.id, packageTemplates.templateId))
      .where(eq(packageTemplates.packageId, profile.packageId))
      .orderBy(asc(packageTemplates.templateNumber), asc(templates.name)),
    companiesLeftFor(db, profileId, profile.packageId),
  ]);
  const sendableNow = sendableFrom(profile.balance, companiesRemaining);
  return {
    templates: offered,
    balance: profile.balance,
    companiesRemaining,
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

export async function scheduleSend(deps: ScheduleDeps, profileId: string, input: ScheduleSendInput): Promise<ScheduledSend> {
  const subject = input.subject.replace(/[\r\n]+/g, ' ').trim();
  const content = sanitizeRichHtml(input.content).trim();
  // Content that sanitises to nothing visible (only tags, or only a script) counts as empty (spec §5).
  if (!subject || !content || !htmlToText(content)) throw new AppError(400, 'MISSING_FIELDS');
  if (unknownPlaceholders(`${subject}\n${content}`).length > 0) throw new AppError(400, 'PLACEHOLDER_UNKNOWN');
  const targets = chosenTargets(input.targeting);

  const result = await deps.db.transaction(async (tx) => {
    // The profile row is the lock: concurrent requests of one user queue here, so the balance read below is
    // the balance the debit applies to (50 simultaneous submissions cannot spend it twice).
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
      .select({ path: resumes.path, name: resumes.originalName })
      .from(resumes)
      .innerJoin(resumeFiles, eq(resumeFiles.path, resumes.path))
      .where(and(eq(resumes.id, input.resumeId), eq(resumes.profileId, profileId)));
    if (!resume) throw new AppError(404, 'RESUME_NOT_FOUND');
    if (profile.balance <= 0) throw new AppError(409, 'NO_BALANCE');
    const [mailbox] = await tx.select({ email: userGmail.email }).from(userGmail).where(eq(userGmail.profileId, profileId));
    if (!mailbox) throw new AppError(409, 'MAILBOX_NOT_LINKED');

    const [job] = await tx
      .insert(sendJobs)
      .values({
        profileId,
        subject,
        content,
        resumePath: resume.path,
        resumeName: resume.name,
        status: 'pending',
        applicantName: profile.full_name,
        applicantNameEn: profile.full_name_en,
        applicantPhone: profile.phone_number,
        targetSectors: targets.sectors.length > 0 ? [...targets.sectors] : null,
        targetCities: targets.cities.length > 0 ? [...targets.cities] : null,
        sendWindow: input.sendWindow ?? 'working_hours',
      })
      .returning({ id: sendJobs.id });
    if (!job) throw new Error('send job insert returned nothing');

    // One statement for every company: the recipients are chosen and copied by the database, not a loop.
    const reachable = stillReachable(profileId);
    const inserted = await tx.execute(sql`
      with ${reachable.with}
      insert into deliveries (job_id, profile_id, company_id, recipient_email, company_name, sector, location)
      select ${job.id}, ${profileId}, c.id, c.email, c.name, c.sector, c.location
      from companies c
      where c.package_id = ${profile.package_id} and ${reachable.where} and ${targetFilter(targets)}
      order by c.name, c.id
      limit ${Math.min(profile.balance, PACKAGE_COMPANY_LIMIT)}`);
    const scheduled =
      (inserted as { rowCount?: number | null; affectedRows?: number }).rowCount ??
      (inserted as { affectedRows?: number }).affectedRows ??
      0;
    if (scheduled === 0) throw new AppError(409, targetsAll(targets) ? 'NO_COMPANIES' : 'NO_MATCHING_COMPANIES');

    await chargeScheduled(tx, job.id, profileId, scheduled);
    return { jobId: job.id, scheduled };
  });
  deps.events.publish({ topic: 'sending', profileId });
  deps.events.publish({ topic: 'profile', profileId });
  return result;
}

import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { bytea, createdAt, id, updatedAt } from './columns';
import { companies } from './companies';
import { userMailboxes } from './mailbox';
import { jobAds, userCompanies } from './own-companies';
import { profiles } from './users';

/**
 * One send request (the spec's scheduled_emails / email_send_jobs, ADR 002).
 * Counters are denormalised from deliveries by the worker in the same transaction as each delivery update.
 */
export const sendJobs = pgTable(
  'send_jobs',
  {
    id: id(),
    profileId: text('profile_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    subject: text('subject').notNull(),
    content: text('content').notNull(),
    resumePath: text('resume_path').notNull(),
    /** The file name the recipient sees on the attachment. */
    resumeName: text('resume_name').notNull().default('resume.pdf'),
    /** The applicant as scheduled (From name and placeholders): a name changed later does not alter a running send. */
    applicantName: text('applicant_name'),
    applicantNameEn: text('applicant_name_en'),
    applicantPhone: text('applicant_phone'),
    /** The sectors and cities the user chose for this send (targeting.ts); null: every one. */
    targetSectors: text('target_sectors').array(),
    targetCities: text('target_cities').array(),
    /**
     * 'working_hours': only inside the admin's sending window (Saudi time, holidays off); 'any_time': paced only.
     * Jobs from before the window existed were any-time jobs, hence the column's default; new jobs say which.
     */
    sendWindow: text('send_window').notNull().default('any_time'),
    /**
     * Whom the send reaches (ADR 029): the package's directory, the user's own companies, both, or the
     * address(es) of one job ad.
     */
    targetSource: text('target_source').notNull().default('directory'),
    /**
     * The mailbox chosen when the job was scheduled, which sends all of it (ADR 030). Null for jobs scheduled
     * before mailboxes could be chosen: they go from the profile's chosen mailbox.
     */
    mailboxId: uuid('mailbox_id').references(() => userMailboxes.id, { onDelete: 'set null' }),
    status: text('status').notNull().default('pending'),
    totalEmailsIntended: integer('total_emails_intended').notNull().default(0),
    sentCount: integer('sent_count').notNull().default(0),
    failedCount: integer('failed_count').notNull().default(0),
    errorMessage: text('error_message'),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('send_jobs_profile_created_idx').on(t.profileId, t.createdAt.desc()),
    // The admin's e-mail logs, newest first then by id, paged by key (ADR 024, "Long lists"): the id makes the
    // index's order the page's, so a page reads its 51 rows instead of sorting every job after the key.
    // Ascending, read backwards for newest first: drizzle's desc() is DESC NULLS LAST, an order no ORDER BY ...
    // DESC asks for (that is NULLS FIRST), so the planner could not read a page in such an index's order.
    index('send_jobs_status_created_id_idx').on(t.status, t.createdAt, t.id),
    index('send_jobs_created_id_idx').on(t.createdAt, t.id),
    index('send_jobs_subject_trgm_idx').using('gin', sql`${t.subject} gin_trgm_ops`),
    check('send_jobs_status_known', sql`${t.status} in ('pending','processing','completed','failed')`),
    check('send_jobs_send_window_known', sql`${t.sendWindow} in ('working_hours','any_time')`),
    check('send_jobs_target_source_known', sql`${t.targetSource} in ('directory','own_list','both','job_ad')`),
  ],
);

/**
 * One e-mail to one company. States: pending → sending → sent | failed; held while the mailbox is unlinked;
 * opted_out when its address asked for no more CVs before it left (ADR 013).
 * A row is leased ('sending', lease_expires_at) before the provider call so a crash can never resend it.
 */
export const deliveries = pgTable(
  'deliveries',
  {
    id: id(),
    jobId: uuid('job_id')
      .notNull()
      .references(() => sendJobs.id, { onDelete: 'cascade' }),
    profileId: text('profile_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    companyId: uuid('company_id').references(() => companies.id, { onDelete: 'set null' }),
    /** Where the recipient came from (ADR 029): the directory, the user's own list, or a job ad. */
    source: text('source').notNull().default('directory'),
    userCompanyId: uuid('user_company_id').references(() => userCompanies.id, { onDelete: 'set null' }),
    jobAdId: uuid('job_ad_id').references(() => jobAds.id, { onDelete: 'set null' }),
    /** The job applied for ({{job_title}}): set for a job ad's delivery only. */
    jobTitle: text('job_title'),
    // Snapshot of the company at scheduling time: the message must not change if the directory does.
    recipientEmail: text('recipient_email').notNull(),
    companyName: text('company_name').notNull(),
    sector: text('sector').notNull(),
    location: text('location').notNull(),
    status: text('status').notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    leaseExpiresAt: timestamp('lease_expires_at', { withTimezone: true }),
    /** The mailbox it left from, for per-mailbox pacing and the rolling daily cap. */
    senderEmail: text('sender_email'),
    /** The provider of the mailbox it left from (gmail, microsoft, smtp), so the dashboard and logs can say it. */
    senderProvider: text('sender_provider'),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    providerMessageId: text('provider_message_id'),
    lastError: text('last_error'),
    /**
     * Why a failed row failed, decided when it failed (failure-decision.ts): only 'retries' may be sent again
     * (resend.service.ts). Null while the row has not failed.
     */
    failureCause: text('failure_cause'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // A mailbox's pending rows in the order the worker sends them — older requests first (created_at is the
    // request's), then by when each is due — so a claim reads just the rows it takes instead of every pending
    // row of every user (ADR 008, "claim order").
    index('deliveries_pending_job_order_idx')
      .on(t.profileId, t.createdAt, t.nextAttemptAt, t.companyName, t.id)
      .where(sql`${t.status} = 'pending'`),
    index('deliveries_lease_idx').on(t.leaseExpiresAt).where(sql`${t.status} = 'sending'`),
    index('deliveries_job_status_idx').on(t.jobId, t.status),
    index('deliveries_profile_company_idx').on(t.profileId, t.companyId),
    // Whom a user has contacted (sending/contacted.ts): their deliveries that are not failed, read in one
    // index-only scan. The address is there as written too: PostgreSQL reads an expression's value from an index
    // only when the columns it is made of are in the index.
    index('deliveries_profile_contacted_idx')
      .on(t.profileId, sql`lower(${t.recipientEmail})`, t.companyId, t.recipientEmail)
      .where(sql`${t.status} <> 'failed'`),
    // A company's opt-out ends every delivery still waiting for its address, whoever scheduled it (ADR 013).
    index('deliveries_waiting_recipient_idx').on(sql`lower(${t.recipientEmail})`).where(sql`${t.status} in ('pending', 'held')`),
    index('deliveries_sender_sent_idx').on(t.senderEmail, t.sentAt).where(sql`${t.status} = 'sent'`),
    // 'opted_out': the receiver asked for no more CVs at this address (company_opt_outs); never sent, credit returned.
    check('deliveries_sender_provider_known', sql`${t.senderProvider} is null or ${t.senderProvider} in ('gmail','microsoft','smtp')`),
    check('deliveries_source_known', sql`${t.source} in ('directory','own_list','job_ad')`),
    check('deliveries_status_known', sql`${t.status} in ('pending','held','sending','sent','failed','opted_out')`),
    check(
      'deliveries_failure_cause_known',
      sql`${t.failureCause} is null or ${t.failureCause} in ('address','refused','resume','unconfirmed','retries')`,
    ),
    // A lease exists exactly while a row is 'sending', so the lease alone fences a worker's writes (queue.ts).
    check('deliveries_lease_only_while_sending', sql`(${t.status} = 'sending') = (${t.leaseExpiresAt} is not null)`),
  ],
);

export const failedEmails = pgTable(
  'failed_emails',
  {
    id: id(),
    profileId: text('profile_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    deliveryId: uuid('delivery_id').references(() => deliveries.id, { onDelete: 'set null' }),
    email: text('email').notNull(),
    error: text('error').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('failed_emails_profile_idx').on(t.profileId),
    // The admin's failed e-mails, newest first then by id, paged by key (ADR 024, "Long lists").
    index('failed_emails_created_id_idx').on(t.createdAt, t.id),
  ],
);

/** An uploaded résumé (spec's resumes bucket); its bytes are the `resume_files` row of the same `path`. */
export const resumes = pgTable(
  'resumes',
  {
    id: id(),
    profileId: text('profile_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    /** `<user id>/<sanitised name>-<timestamp>.pdf` (spec §3, storage). */
    path: text('path').notNull().unique(),
    originalName: text('original_name').notNull(),
    sizeBytes: integer('size_bytes').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('resumes_profile_created_idx').on(t.profileId, t.createdAt.desc())],
);

/**
 * The bytes of each résumé (≤ 5 MB), in the database so every server and worker host reads the same file and a
 * database backup holds them. A sibling of `resumes` rather than a column of it: a row of `resumes` stays a
 * few dozen bytes, so pruning, scheduling and `select *` never drag megabytes through the buffer cache, and the
 * bytes are read in one primary-key lookup by the path a job records (`send_jobs.resume_path`). Deleting the
 * `resumes` row deletes them (pruneResumes, a deleted account).
 */
export const resumeFiles = pgTable('resume_files', {
  path: text('path')
    .primaryKey()
    .references(() => resumes.path, { onDelete: 'cascade' }),
  bytes: bytea('bytes').notNull(),
});

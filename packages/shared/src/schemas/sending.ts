import { z } from 'zod';
import { CONTENT_MAX_LENGTH, DELIVERY_FILTERS, DELIVERY_PAGE_SIZE, type DeliveryFilter, SUBJECT_MAX_LENGTH } from '../constants';
import { FAILURE_CAUSES } from '../rules/delivery-failure';
import { DELIVERY_SOURCES, JOB_SOURCES, TARGET_SOURCES, TARGET_VALUES_MAX } from '../rules/targeting';
import { displayText } from './common';
import { sendWindowModeSchema } from './sending-window';
import { applicantSchema } from './users';

/**
 * The user's sending API (/send-resume and the dashboard): compose, résumé upload, scheduling, status,
 * deliveries and the header numbers. The server decides every count and balance; the client only sends
 * the résumé, the subject and the content.
 */

export const JOB_STATUSES = ['pending', 'processing', 'completed', 'failed'] as const;
export const jobStatusSchema = z.enum(JOB_STATUSES);
export type JobStatus = z.infer<typeof jobStatusSchema>;

/**
 * A delivery's own state: pending (due or waiting), held (mailbox unlinked), sending (leased), sent, failed,
 * opted_out (the company asked for no more CVs at that address before it left: not sent, not charged).
 */
export const DELIVERY_STATUSES = ['pending', 'held', 'sending', 'sent', 'failed', 'opted_out'] as const;
export const deliveryStatusSchema = z.enum(DELIVERY_STATUSES);
export type DeliveryStatus = z.infer<typeof deliveryStatusSchema>;

/** A template of the user's package, as offered on /send-resume (in template order). */
export const composeTemplateSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  subject: z.string(),
  /** Sanitised HTML; may hold {{company_name}}, {{sector}}, {{location}}. */
  content: z.string(),
});
export type ComposeTemplate = z.infer<typeof composeTemplateSchema>;

/** What the mailbox's rolling daily cap does to a send of sendableNow messages (null: nothing). */
export const dailyLimitPlanSchema = z.object({
  /** Most messages the mailbox sends in any 24 h. */
  cap: z.number().int(),
  /** Of this send, how many go before the cap holds the rest. */
  sendsNow: z.number().int(),
  /** ISO 8601: when the first held message may go. */
  restFrom: z.string(),
});
export type DailyLimitPlan = z.infer<typeof dailyLimitPlanSchema>;

/** GET /api/sending/compose */
export const sendingComposeSchema = z.object({
  templates: z.array(composeTemplateSchema),
  balance: z.number().int(),
  /** Companies of the package this user may still reach (not contacted, not opted out), all of them. */
  companiesRemaining: z.number().int(),
  /** The user's own companies ("my companies", ADR 029) a send may still take; 0 without a list. */
  ownCompaniesRemaining: z.number().int(),
  /** The package includes "my companies" (can_upload_excel): the list may be uploaded and edited. */
  ownListAllowed: z.boolean(),
  /** min(balance, companiesRemaining, PACKAGE_COMPANY_LIMIT): what one send takes. */
  sendableNow: z.number().int(),
  /** The daily cap's effect on a send of sendableNow, said before sending; null when it goes whole. */
  dailyLimit: dailyLimitPlanSchema.nullable(),
  /** Who the messages come from: the From name and the applicant placeholders. fullName null: asked before sending. */
  applicant: applicantSchema,
});
export type SendingCompose = z.infer<typeof sendingComposeSchema>;

/**
 * What the server read from an uploaded résumé. Only a file no one can open (PDF_ENCRYPTED, PDF_UNREADABLE) or
 * one with active content (PDF_ACTIVE_CONTENT) is refused; these are warnings the applicant may accept.
 */
export const resumeCheckSchema = z.object({
  pages: z.number().int(),
  /** False for a scanned image with no text layer: recruiters' systems cannot read it. */
  hasText: z.boolean(),
  emailFound: z.boolean(),
  phoneFound: z.boolean(),
  /** `Name_CV.pdf` when the file's own name says nothing (scan0001.pdf); null when it does. */
  suggestedName: z.string().nullable(),
});
export type ResumeCheck = z.infer<typeof resumeCheckSchema>;

/** POST /api/sending/resumes (multipart, field `file`) → 201 */
export const uploadedResumeSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  sizeBytes: z.number().int(),
  check: resumeCheckSchema,
});
export type UploadedResume = z.infer<typeof uploadedResumeSchema>;

/** PATCH /api/sending/resumes/:id: the attachment's name as the companies will see it. */
export const renameResumeInputSchema = z.object({ name: displayText().trim().min(1).max(120) });
export const renamedResumeSchema = z.object({ id: z.uuid(), name: z.string() });

// Zod-free (constants.ts), so the web's form reads them without bringing zod into the browser.
export { CONTENT_MAX_LENGTH, SUBJECT_MAX_LENGTH };

/** The sectors and cities a send is narrowed to (rules/targeting.ts); an empty list is every value. */
export const targetingSchema = z.object({
  sectors: z.array(z.string().max(200)).max(TARGET_VALUES_MAX).default([]),
  cities: z.array(z.string().max(200)).max(TARGET_VALUES_MAX).default([]),
});

export const targetSourceSchema = z.enum(TARGET_SOURCES);

const targetGroupSchema = z.object({ sector: z.string(), city: z.string(), count: z.number().int() });

/**
 * GET /api/sending/targets: the package's not-yet-contacted companies per sector and city, and the user's own
 * companies still reachable (rules/targeting.ts, OwnTargets).
 */
export const sendTargetsSchema = z.object({
  groups: z.array(targetGroupSchema),
  own: z.object({ count: z.number().int(), alsoInDirectory: z.array(targetGroupSchema) }),
});
export type SendTargets = z.infer<typeof sendTargetsSchema>;

/** POST /api/sending/jobs body. Shape and size only; emptiness answers MISSING_FIELDS. */
export const scheduleSendInputSchema = z.object({
  resumeId: z.uuid(),
  subject: z.string().max(SUBJECT_MAX_LENGTH),
  content: z.string().max(CONTENT_MAX_LENGTH),
  /** Absent: every company of the package. Narrows the directory only. */
  targeting: targetingSchema.optional(),
  /** The directory, the user's own companies, or both (ADR 029). */
  source: targetSourceSchema.default('directory'),
  /** Working hours only (the admin's window, Saudi time) unless the user chose any time. */
  sendWindow: sendWindowModeSchema.default('working_hours'),
});
export type ScheduleSendInput = z.input<typeof scheduleSendInputSchema>;

/** POST /api/sending/jobs → 201 */
export const scheduledSendSchema = z.object({
  jobId: z.uuid(),
  scheduled: z.number().int(),
});
export type ScheduledSend = z.infer<typeof scheduledSendSchema>;

export const sendJobSummarySchema = z.object({
  id: z.uuid(),
  subject: z.string(),
  status: jobStatusSchema,
  total: z.number().int(),
  sent: z.number().int(),
  failed: z.number().int(),
  /** ISO 8601. */
  createdAt: z.string(),
  /** What the send was narrowed to (empty lists: all). */
  targeting: z.object({ sectors: z.array(z.string()), cities: z.array(z.string()) }),
  /** When its messages may leave: the admin's working hours only, or any time. */
  sendWindow: sendWindowModeSchema,
  /** Whom it reached: the directory, the user's own companies, both, or a job ad. */
  source: z.enum(JOB_SOURCES),
});
export type SendJobSummary = z.infer<typeof sendJobSummarySchema>;

/** The dashboard header's figures (status.service.ts defines each), read in one snapshot with the status. */
export const sendingAccountSchema = z.object({
  messagesRemaining: z.number().int(),
  /** Debited for a send and not yet sent or failed (waiting, held, being sent): the running send holds them. */
  reservedMessages: z.number().int(),
  /** Messages that left (profiles.sent_messages). */
  sentMessages: z.number().int(),
  failedCount: z.number().int(),
});
export type SendingAccount = z.infer<typeof sendingAccountSchema>;

/** GET /api/sending/status */
export const sendingStatusSchema = z.object({
  account: sendingAccountSchema,
  /** Whether a request is still running; `counts` are then over the running ones, else over the latest. */
  running: z.boolean(),
  /**
   * The current send's deliveries (the running requests, or the latest one): pending = pending + held,
   * processing = sending, completed = sent.
   */
  counts: z.object({
    total: z.number().int(),
    pending: z.number().int(),
    processing: z.number().int(),
    completed: z.number().int(),
    failed: z.number().int(),
  }),
  /** ISO 8601; null when nothing is left to send or the mailbox is not linked. */
  estimatedFinishAt: z.string().nullable(),
  /** ISO 8601; set while the mailbox is paused by the provider's daily limit. */
  pausedUntil: z.string().nullable(),
  /** Set while the mailbox's own daily cap (Sira's pacing, ADR 008) holds the next message: until when. */
  dailyLimit: z.object({ cap: z.number().int(), until: z.string() }).nullable(),
  /**
   * ISO 8601; set while the sending window is closed and the next message waits for it (a working-hours send
   * queued at night or on a day off): when sending starts.
   */
  windowOpensAt: z.string().nullable(),
  /** Deliveries waiting for the mailbox to be linked again. */
  held: z.number().int(),
  /**
   * Sending is paused for everyone (the admin's switch, a restored database, SENDING_PAUSED) while messages of
   * this user wait: they go when it is resumed.
   */
  sendingPaused: z.boolean(),
  /** Newest first, up to 5. */
  jobs: z.array(sendJobSummarySchema),
});
export type SendingStatus = z.infer<typeof sendingStatusSchema>;

export { DELIVERY_FILTERS, type DeliveryFilter };

export const deliveriesQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  status: z.enum(DELIVERY_FILTERS).optional(),
  /** Contained in the company's name, case-insensitive. */
  search: z.string().trim().max(200).optional(),
});
export type DeliveriesQuery = z.infer<typeof deliveriesQuerySchema>;

export const deliveryRowSchema = z.object({
  id: z.uuid(),
  companyName: z.string(),
  status: deliveryStatusSchema,
  /** ISO 8601: sent/failed time for final rows, the planned or creation time otherwise. */
  at: z.string(),
  lastError: z.string().nullable(),
  /** Why a failed row failed (rules/delivery-failure.ts); null otherwise. */
  failureCause: z.enum(FAILURE_CAUSES).nullable(),
  /** Where the company came from: the directory, the user's own list, or a job ad (ADR 029). */
  source: z.enum(DELIVERY_SOURCES),
  /** The job applied for, for a job ad's row. */
  jobTitle: z.string().nullable(),
});
export type DeliveryRow = z.infer<typeof deliveryRowSchema>;

/** GET /api/sending/deliveries?page=1 */
export const deliveryPageSchema = z.object({
  rows: z.array(deliveryRowSchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.literal(DELIVERY_PAGE_SIZE),
  /** Failed deliveries of the user that may be sent again (all of them, whatever the filter). */
  retryableFailed: z.number().int(),
});
export type DeliveryPage = z.infer<typeof deliveryPageSchema>;

/** POST /api/sending/deliveries/resend → 200: how many failed deliveries went back to the queue. */
export const resentFailedSchema = z.object({ resent: z.number().int() });
export type ResentFailed = z.infer<typeof resentFailedSchema>;

/** GET /api/sending/overview: who and which package, for the dashboard header (its figures: status.account). */
export const sendingOverviewSchema = z.object({
  email: z.string(),
  packageName: z.string(),
});
export type SendingOverview = z.infer<typeof sendingOverviewSchema>;

import { z } from 'zod';
import { CONTENT_MAX_LENGTH, SUBJECT_MAX_LENGTH } from '../constants';
import { singleLineText } from './common';
import { sendWindowModeSchema } from './sending-window';

// Applying to a job ad (ADR 029): the user pastes a post, the server reads the address(es), the job title and
// the company (job-ad/extract.ts) and says which addresses this user may write to; the user confirms or edits
// and sends one application per chosen address through the same engine as every send.

/** Longest post accepted (a long LinkedIn post is some 3,000 characters). */
export const JOB_AD_TEXT_MAX = 20_000;
/** Most addresses one application goes to. */
export const JOB_AD_ADDRESSES_MAX = 5;

export const jobAdReadInputSchema = z.object({ text: z.string().max(JOB_AD_TEXT_MAX) });

/** Why an address found in a post cannot be written to by this user (null: it can). */
export const JOB_AD_ADDRESS_BLOCKS = ['contacted', 'opted_out', 'undeliverable'] as const;

/** POST /api/job-ads/read → 200 */
export const jobAdReadingSchema = z.object({
  addresses: z.array(
    z.object({
      email: z.string(),
      /** contacted: this user already has a message to it (sent or waiting); opted_out: the receiver asked for no more CVs; undeliverable: it refused this user's message before. */
      blocked: z.enum(JOB_AD_ADDRESS_BLOCKS).nullable(),
      /** ISO 8601: when this user's message to it was sent or scheduled (blocked = contacted). */
      contactedAt: z.string().nullable(),
    }),
  ),
  jobTitle: z.string().nullable(),
  companyName: z.string().nullable(),
});
export type JobAdReading = z.infer<typeof jobAdReadingSchema>;

/** POST /api/job-ads/apply: the post, what the user confirmed, and the message. */
export const jobAdApplyInputSchema = z.object({
  text: z.string().max(JOB_AD_TEXT_MAX),
  emails: z.array(z.string().max(320)).min(1).max(JOB_AD_ADDRESSES_MAX),
  jobTitle: singleLineText().max(200),
  companyName: singleLineText().max(300),
  resumeId: z.uuid(),
  subject: z.string().max(SUBJECT_MAX_LENGTH),
  content: z.string().max(CONTENT_MAX_LENGTH),
  sendWindow: sendWindowModeSchema.default('working_hours'),
});
export type JobAdApplyInput = z.input<typeof jobAdApplyInputSchema>;

/** POST /api/job-ads/apply → 201 */
export const jobAdAppliedSchema = z.object({ jobId: z.uuid(), jobAdId: z.uuid(), scheduled: z.number().int() });
export type JobAdApplied = z.infer<typeof jobAdAppliedSchema>;

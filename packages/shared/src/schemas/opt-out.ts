import { z } from 'zod';

/**
 * The company opt-out (ADR 013, ADR 018): the public page a receiving company reaches from the link at the foot
 * of an application e-mail, the page of the confirmation mailed to the company's address, and the
 * administrator's list of requests and marks (companies tab).
 *
 * An opt-out link is held by the company and by the user who sent the mail, so by itself it only stops that
 * sender's mail. A stop for every user, or a redirect, is a request that takes effect once the company's own
 * address confirms it, or an administrator decides it.
 */

export const OPT_OUT_REQUEST_KINDS = ['stop', 'redirect'] as const;
export type OptOutRequestKind = (typeof OPT_OUT_REQUEST_KINDS)[number];

/**
 * unconfirmed: filed through a link, waiting for the company's address (or the administrator);
 * confirmed: the company's address confirmed it (a stop is then in force; a redirect waits for the administrator);
 * approved / rejected: the administrator's decision; undone: an approved request the administrator reversed.
 */
export const OPT_OUT_REQUEST_STATUSES = ['unconfirmed', 'confirmed', 'approved', 'rejected', 'undone'] as const;
export type OptOutRequestStatus = (typeof OPT_OUT_REQUEST_STATUSES)[number];

/** The request a link filed, as its page shows it. */
const linkRequestSchema = z.object({
  kind: z.enum(OPT_OUT_REQUEST_KINDS),
  status: z.enum(OPT_OUT_REQUEST_STATUSES),
  redirectEmail: z.string().nullable(),
});

/** What the link's page shows: whose address it is, and what was already asked for it. */
export const optOutViewSchema = z.object({
  companyName: z.string(),
  /** The address the e-mail went to. */
  email: z.string(),
  /** The user who sent this message sends nothing more to the address. */
  stoppedForSender: z.boolean(),
  /** No user sends to the address (confirmed by the company, or decided by the administrator). */
  optedOut: z.boolean(),
  /** The request this link filed, if any (a link files one). */
  request: linkRequestSchema.nullable(),
  /**
   * The page is open in the sending user's own session or from their network: only the stop of their own mail
   * is offered, since a request for every user must come from the company.
   */
  fromSender: z.boolean(),
});
export type OptOutView = z.infer<typeof optOutViewSchema>;

/**
 * POST /api/opt-out/:token:
 * - stop: this sender's mail to the address stops at once;
 * - stop_all: that too, and a request to stop every user's, confirmed from the address;
 * - redirect: that too, and a request to send to another address instead, confirmed from the address and
 *   approved by the administrator.
 */
export const optOutChoiceSchema = z.discriminatedUnion('choice', [
  z.object({ choice: z.literal('stop') }),
  z.object({ choice: z.literal('stop_all') }),
  z.object({ choice: z.literal('redirect'), newEmail: z.string().max(320) }),
]);
export type OptOutChoice = z.infer<typeof optOutChoiceSchema>;

/** An address is at most 320 characters; its token is about 4/3 of it plus 44. */
export const optOutTokenParamsSchema = z.object({ token: z.string().min(1).max(800) });

/** The page of the confirmation link mailed to the company's address. */
export const optOutConfirmationViewSchema = z.object({
  companyName: z.string(),
  email: z.string(),
  kind: z.enum(OPT_OUT_REQUEST_KINDS),
  redirectEmail: z.string().nullable(),
  status: z.enum(OPT_OUT_REQUEST_STATUSES),
});
export type OptOutConfirmationView = z.infer<typeof optOutConfirmationViewSchema>;

/** The sending user behind the link that filed a request: the evidence the administrator decides on. */
const requestSenderSchema = z.object({
  id: z.string(),
  email: z.string(),
  fullName: z.string().nullable(),
  /** Links of this user's own messages used so far: requests filed and own stops. */
  linksUsed: z.number().int(),
});

/** One request in the administrator's list. */
export const adminOptOutRequestSchema = z.object({
  id: z.uuid(),
  kind: z.enum(OPT_OUT_REQUEST_KINDS),
  email: z.string(),
  companyName: z.string(),
  redirectEmail: z.string().nullable(),
  status: z.enum(OPT_OUT_REQUEST_STATUSES),
  createdAt: z.string(),
  confirmedAt: z.string().nullable(),
  decidedAt: z.string().nullable(),
  /** The delivery whose link was used, and when it was sent (null once the sender's account is deleted). */
  deliveryId: z.string(),
  deliverySentAt: z.string().nullable(),
  /** Null once the sender's account is deleted. */
  sender: requestSenderSchema.nullable(),
  /** The network address the request came from. */
  requesterIp: z.string().nullable(),
  /** Whether a directory entry has the request's address. */
  inDirectory: z.boolean(),
});
export type AdminOptOutRequest = z.infer<typeof adminOptOutRequestSchema>;

export const OPT_OUT_MARK_SOURCES = ['page', 'one_click', 'confirmed', 'admin'] as const;

/** One address no user sends to. */
export const adminOptOutMarkSchema = z.object({
  id: z.uuid(),
  email: z.string(),
  companyName: z.string(),
  source: z.enum(OPT_OUT_MARK_SOURCES),
  createdAt: z.string(),
  inDirectory: z.boolean(),
});
export type AdminOptOutMark = z.infer<typeof adminOptOutMarkSchema>;

export const adminOptOutListSchema = z.object({
  /** Requests waiting for a decision first, then the newest decided. */
  requests: z.array(adminOptOutRequestSchema),
  /** Requests waiting for a decision (all of them, not only the listed ones). */
  openRequests: z.number().int(),
  marks: z.array(adminOptOutMarkSchema),
  totalMarks: z.number().int(),
});
export type AdminOptOutList = z.infer<typeof adminOptOutListSchema>;

export const requestDecisionSchema = z.object({ decision: z.enum(['approve', 'reject']) });
export type RequestDecision = z.infer<typeof requestDecisionSchema>;

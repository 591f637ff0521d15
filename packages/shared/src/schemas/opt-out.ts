import { z } from 'zod';

/**
 * The company opt-out (ADR 013): the public page a receiving company reaches from the link at the foot of an
 * application e-mail, and the administrator's list of opt-outs and redirect requests (companies tab).
 */

export const REDIRECT_STATUSES = ['pending', 'approved', 'rejected'] as const;
export type RedirectStatus = (typeof REDIRECT_STATUSES)[number];

/** What the link's page shows: whose address it is, and what was already asked for it. */
export const optOutViewSchema = z.object({
  companyName: z.string(),
  /** The address the e-mail went to. */
  email: z.string(),
  /** The address asked for no more CVs (through this link or another). */
  optedOut: z.boolean(),
  /** The other address asked for instead, and where the administrator's decision stands. */
  redirect: z.object({ email: z.string(), status: z.enum(REDIRECT_STATUSES) }).nullable(),
});
export type OptOutView = z.infer<typeof optOutViewSchema>;

/** POST /api/opt-out/:token: stop sending here, or send to another address instead. */
export const optOutChoiceSchema = z.discriminatedUnion('choice', [
  z.object({ choice: z.literal('stop') }),
  z.object({ choice: z.literal('redirect'), newEmail: z.string().max(320) }),
]);
export type OptOutChoice = z.infer<typeof optOutChoiceSchema>;

export const optOutTokenParamsSchema = z.object({ token: z.string().min(1).max(800) });

/** One row of the administrator's list. */
export const adminOptOutSchema = z.object({
  id: z.uuid(),
  email: z.string(),
  companyName: z.string(),
  source: z.enum(['page', 'one_click']),
  createdAt: z.string(),
  redirectEmail: z.string().nullable(),
  redirectStatus: z.enum(REDIRECT_STATUSES).nullable(),
  redirectDecidedAt: z.string().nullable(),
  /** Whether a directory entry still has the opted-out address (an approval moves it to the new one). */
  inDirectory: z.boolean(),
});
export type AdminOptOut = z.infer<typeof adminOptOutSchema>;

export const adminOptOutListSchema = z.object({
  items: z.array(adminOptOutSchema),
  /** Redirect requests waiting for a decision (all of them, not only the listed ones). */
  pendingRedirects: z.number().int(),
  total: z.number().int(),
});
export type AdminOptOutList = z.infer<typeof adminOptOutListSchema>;

export const redirectDecisionSchema = z.object({ decision: z.enum(['approve', 'reject']) });
export type RedirectDecision = z.infer<typeof redirectDecisionSchema>;

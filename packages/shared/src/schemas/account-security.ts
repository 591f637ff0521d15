import { z } from 'zod';

/** A sign-in, or a failed attempt at one: a wrong password given for the account's address. */
const signInOutcomeSchema = z.enum(['succeeded', 'failed']);
export type SignInOutcome = z.infer<typeof signInOutcomeSchema>;

/** One row of the dashboard's "recent sign-ins" (GET /api/users/me/sign-ins). */
export const signInEntrySchema = z.object({
  id: z.string(),
  at: z.iso.datetime(),
  outcome: signInOutcomeSchema,
  /** The browser and system in Arabic words ("كروم على ويندوز"), read from the user agent. */
  device: z.string(),
  /** The address with its host part hidden ("203.0.x.x"), on every row; null when unknown. */
  address: z.string().nullable(),
  /** This browser's own sign-in (never a failed attempt). */
  current: z.boolean(),
  /** Its session has not ended (signed out, expired or revoked); false for a failed attempt, which made none. */
  active: z.boolean(),
});
export type SignInEntry = z.infer<typeof signInEntrySchema>;

export const signInListSchema = z.object({ signIns: z.array(signInEntrySchema) });
export type SignInList = z.infer<typeof signInListSchema>;

/** POST /api/users/me/sign-out-others: how many other sessions were ended. */
export const signedOutOthersSchema = z.object({ ended: z.number().int() });
export type SignedOutOthers = z.infer<typeof signedOutOthersSchema>;

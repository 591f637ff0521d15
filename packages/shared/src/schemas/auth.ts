import { z } from 'zod';

// Request bodies. Strings are bounded so nobody can post megabytes into a password hasher.
const text = (max: number) => z.string().max(max);
export const signInBodySchema = z.object({ email: text(320), password: text(128) });
export const registerBodySchema = z.object({
  email: text(320),
  phone: text(32),
  password: text(128),
  confirmPassword: text(128),
  /** The applicant's full name in Arabic (required) and in Latin letters (optional): rules/auth.ts checkApplicantName. */
  fullName: text(200),
  fullNameEn: text(200).optional(),
  /** Agreement to the terms and the privacy policy of POLICY_VERSION; registration is refused without it. */
  acceptTerms: z.boolean().optional(),
});
export const resetRequestBodySchema = z.object({ email: text(320) });
/** POST /api/auth/confirmation: mail a new confirmation link to an account not yet confirmed. */
export const confirmationRequestBodySchema = z.object({ email: text(320) });
/** What registration answers: the account exists; `confirmationSent` false when the mail server refused the link. */
export const registeredSchema = z.object({ ok: z.literal(true), confirmationSent: z.boolean() });
export type Registered = z.infer<typeof registeredSchema>;
export const resetPasswordBodySchema = z.object({ token: text(256), password: text(128), confirmPassword: text(128) });
export type SignInBody = z.infer<typeof signInBodySchema>;
export type RegisterBody = z.infer<typeof registerBodySchema>;

/** What the account forms' routes answer when all went well. */
export const okSchema = z.object({ ok: z.literal(true) });
/** GET /api/auth/password-reset/:token: a reset link's token, checked before the new password is asked for. */
export const resetTokenParamsSchema = z.object({ token: text(256) });
/** What a sign-in answers: who is now signed in (never null, unlike the session). */
export const signedInSchema = z.object({ user: z.object({ id: z.string(), email: z.string(), isAdmin: z.boolean() }) });
/** better-auth's sign-out takes an empty JSON body and answers whether it ended the session. */
export const signOutBodySchema = z.object({});
export const signedOutSchema = z.object({ success: z.boolean() });

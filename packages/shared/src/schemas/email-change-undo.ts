import { z } from 'zod';

/**
 * The page that undoes an e-mail change (ADR 012), public: the link mailed to the address the account had
 * before is its only credential. GET says what the undo will do and changes nothing (mail scanners open
 * links); POST does it.
 */

/** /api/users/email-change-undo/:token — a base64url token (email-change/undo-link.ts). */
export const emailChangeUndoParamsSchema = z.object({ token: z.string().max(200) });

/** What the page shows before the undo. */
export const emailChangeUndoViewSchema = z.object({
  /** The address the account goes back to: the one the link was mailed to. */
  oldEmail: z.string(),
  /** The address the account has now. */
  newEmail: z.string(),
  changedAt: z.string(),
  /** After this instant the link undoes nothing. */
  undoUntil: z.string(),
});
export type EmailChangeUndoView = z.infer<typeof emailChangeUndoViewSchema>;

/**
 * The undo is done: the account has its old address back, no session and no usable password. The reset token
 * leads straight to the form that sets a new one (the link proved the old address, as a reset link would).
 */
export const emailChangeUndoneSchema = z.object({ email: z.string(), resetToken: z.string() });
export type EmailChangeUndone = z.infer<typeof emailChangeUndoneSchema>;

import { EMAIL_PATTERN, normalizeEmail, normalizePhone, PHONE_PATTERN } from './auth';

/**
 * The "my data" page's rules (ADR 015): the corrected phone, the new e-mail with the password that confirms it,
 * and the password that confirms a deletion. Each returns the first problem as an error code or null; the
 * page's forms show them and the server enforces them.
 */

/** The longest each field may be as typed (the request schemas refuse more). */
export const PHONE_INPUT_MAX = 40;
export const EMAIL_INPUT_MAX = 254;
export const PASSWORD_INPUT_MAX = 128;

/** A Saudi mobile number, as typed (Arabic digits, spaces and dashes allowed: normalizePhone). */
export function checkPhoneCorrection(input: { phone: string }): 'INVALID_PHONE' | null {
  if (input.phone.length > PHONE_INPUT_MAX || !PHONE_PATTERN.test(normalizePhone(input.phone))) return 'INVALID_PHONE';
  return null;
}

/**
 * How long the address an account had before an e-mail change may undo it (ADR 012), and how long a password
 * reset after the change is told to that address too.
 */
export const EMAIL_CHANGE_UNDO_DAYS = 7;

export type EmailChangeCode = 'EMAIL_REQUIRED' | 'INVALID_EMAIL' | 'EMAIL_SAME' | 'EMAIL_CHANGE_PASSWORD_REQUIRED';

/**
 * A new address: given, well formed, and not the one the account already has; and the current password, which
 * a borrowed session does not know (whether it is right, only the server knows).
 */
export function checkEmailChange(input: { email: string; password: string; currentEmail: string }): EmailChangeCode | null {
  const email = normalizeEmail(input.email);
  if (!email) return 'EMAIL_REQUIRED';
  if (email.length > EMAIL_INPUT_MAX || !EMAIL_PATTERN.test(email)) return 'INVALID_EMAIL';
  if (email === normalizeEmail(input.currentEmail)) return 'EMAIL_SAME';
  if (!input.password) return 'EMAIL_CHANGE_PASSWORD_REQUIRED';
  return null;
}

/** The deletion is confirmed by the password: it must be given (whether it is right, only the server knows). */
export function checkDeletionConfirmation(input: { password: string }): 'PASSWORD_REQUIRED' | null {
  return input.password ? null : 'PASSWORD_REQUIRED';
}

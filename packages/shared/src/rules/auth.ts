import { PASSWORD_MIN_LENGTH } from '../constants';

/**
 * The account rules of spec §5, in the order the spec checks them. Each returns the first problem as an
 * error code (mapped to Arabic in messages/ar.ts) or null. The web shows them; the server enforces them.
 */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
/** 05 followed by 8 digits, or +966 followed by 9 digits. */
export const PHONE_PATTERN = /^(?:05\d{8}|\+966\d{9})$/;

export const normalizeEmail = (email: string) => email.trim().toLowerCase();

export type AuthRuleCode =
  | 'MISSING_CREDENTIALS'
  | 'INVALID_EMAIL'
  | 'PASSWORD_TOO_SHORT'
  | 'EMAIL_REQUIRED'
  | 'PASSWORDS_MISMATCH'
  | 'INVALID_PHONE'
  | 'FIELDS_REQUIRED';

export function checkSignIn(input: { email: string; password: string }): AuthRuleCode | null {
  const email = normalizeEmail(input.email);
  if (!email || !input.password) return 'MISSING_CREDENTIALS';
  if (!EMAIL_PATTERN.test(email)) return 'INVALID_EMAIL';
  if (input.password.length < PASSWORD_MIN_LENGTH) return 'PASSWORD_TOO_SHORT';
  return null;
}

export function checkResetRequest(input: { email: string }): AuthRuleCode | null {
  const email = normalizeEmail(input.email);
  if (!email) return 'EMAIL_REQUIRED';
  if (!EMAIL_PATTERN.test(email)) return 'INVALID_EMAIL';
  return null;
}

export function checkRegistration(input: { email: string; phone: string; password: string; confirmPassword: string }): AuthRuleCode | null {
  const email = normalizeEmail(input.email);
  if (!email || !input.password) return 'MISSING_CREDENTIALS';
  if (!EMAIL_PATTERN.test(email)) return 'INVALID_EMAIL';
  if (!PHONE_PATTERN.test(input.phone.trim())) return 'INVALID_PHONE';
  if (input.password.length < PASSWORD_MIN_LENGTH) return 'PASSWORD_TOO_SHORT';
  if (input.password !== input.confirmPassword) return 'PASSWORDS_MISMATCH';
  return null;
}

/** Set-new-password: both required, then match, then length — match is checked first (spec §5). */
export function checkNewPassword(input: { password: string; confirmPassword: string }): AuthRuleCode | null {
  if (!input.password || !input.confirmPassword) return 'FIELDS_REQUIRED';
  if (input.password !== input.confirmPassword) return 'PASSWORDS_MISMATCH';
  if (input.password.length < PASSWORD_MIN_LENGTH) return 'PASSWORD_TOO_SHORT';
  return null;
}

import { PASSWORD_MIN_LENGTH } from '../constants';

/**
 * The account rules of spec §5, in the order the spec checks them. Each returns the first problem as an
 * error code (mapped to Arabic in messages/ar.ts) or null. The web shows them; the server enforces them.
 */
// No spaces, control characters or invisible format characters (direction controls and marks, zero-width
// spaces: rules/text.ts) anywhere in the address — 'user\u202e@…' is not an address, however it looks.
export const EMAIL_PATTERN = /^[^\s@\p{Cc}\p{Cf}]+@[^\s@\p{Cc}\p{Cf}]+\.[^\s@\p{Cc}\p{Cf}]+$/u;
/** 05 followed by 8 digits, or +966 followed by 9 digits. */
export const PHONE_PATTERN = /^(?:05\d{8}|\+966\d{9})$/;

export const normalizeEmail = (email: string) => email.trim().toLowerCase();

/**
 * A phone number as typed on an Arabic keyboard: Arabic-Indic digits (٠–٩, and the Persian ۰–۹) become ASCII,
 * and the spaces, dashes and direction marks people type or paste between groups are dropped — "٠٥١ ٢٣٤ ٥٦٧٨"
 * is 0512345678. The rule and the stored number both use this form.
 */
export function normalizePhone(phone: string): string {
  return phone
    .replace(/[\u0660-\u0669]/g, (d) => String(d.charCodeAt(0) - 0x0660))
    .replace(/[\u06f0-\u06f9]/g, (d) => String(d.charCodeAt(0) - 0x06f0))
    .replace(/[\s\-\u2010-\u2015\u200e\u200f\u061c\u202a-\u202e\u2066-\u2069]/g, '');
}

/**
 * The applicant's name as the companies will read it (From, signature): 2–80 characters after trimming, letters
 * of any script with spaces, marks, dots, apostrophes and hyphens between them, and a letter first. The Latin
 * version (optional) takes Latin letters only. Control characters are refused before this (CONTROL_CHARACTERS)
 * and direction controls dropped (normalizeApplicantName), so neither can reach a header or reverse a name.
 */
const APPLICANT_NAME_MAX = 80;
const NAME_PATTERN = /^\p{L}[\p{L}\p{M} .'\u2019\u0640-]*$/u;
const NAME_EN_PATTERN = /^[A-Za-z][A-Za-z .'\u2019-]*$/;

/** Trimmed, runs of spaces made one, invisible direction controls and marks dropped (rules/text.ts). */
export const normalizeApplicantName = (name: string): string =>
  name
    .replace(/[\u200e\u200f\u061c\u202a-\u202e\u2066-\u2069]/g, '')
    .replace(/\s+/g, ' ')
    .trim();

export type ApplicantNameCode = 'NAME_REQUIRED' | 'INVALID_NAME' | 'INVALID_NAME_EN';

export function checkApplicantName(input: { fullName: string; fullNameEn?: string | undefined }): ApplicantNameCode | null {
  const name = normalizeApplicantName(input.fullName);
  if (!name) return 'NAME_REQUIRED';
  if (name.length < 2 || name.length > APPLICANT_NAME_MAX || !NAME_PATTERN.test(name)) return 'INVALID_NAME';
  const en = normalizeApplicantName(input.fullNameEn ?? '');
  if (en && (en.length < 2 || en.length > APPLICANT_NAME_MAX || !NAME_EN_PATTERN.test(en))) return 'INVALID_NAME_EN';
  return null;
}

export type AuthRuleCode =
  | 'MISSING_CREDENTIALS'
  | 'INVALID_EMAIL'
  | 'PASSWORD_TOO_SHORT'
  | 'EMAIL_REQUIRED'
  | 'PASSWORDS_MISMATCH'
  | 'INVALID_PHONE'
  | 'FIELDS_REQUIRED'
  | 'TERMS_NOT_ACCEPTED'
  | ApplicantNameCode;

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

export function checkRegistration(input: {
  email: string;
  phone: string;
  password: string;
  confirmPassword: string;
  fullName: string;
  fullNameEn?: string | undefined;
  /** The terms and privacy policy agreed to (PDPL consent): asked last, so every earlier message is unchanged. */
  acceptTerms?: boolean | undefined;
}): AuthRuleCode | null {
  const email = normalizeEmail(input.email);
  // The spec's order: the passwords' match comes first. The name (not in the spec's form) comes after the
  // spec's own fields, so each of the spec's messages still answers what it answered.
  if (input.password !== input.confirmPassword) return 'PASSWORDS_MISMATCH';
  if (!email || !input.password) return 'MISSING_CREDENTIALS';
  if (!EMAIL_PATTERN.test(email)) return 'INVALID_EMAIL';
  if (!PHONE_PATTERN.test(normalizePhone(input.phone))) return 'INVALID_PHONE';
  const name = checkApplicantName(input);
  if (name) return name;
  if (input.password.length < PASSWORD_MIN_LENGTH) return 'PASSWORD_TOO_SHORT';
  if (input.acceptTerms !== true) return 'TERMS_NOT_ACCEPTED';
  return null;
}

/** Set-new-password: both required, then match, then length — match is checked first (spec §5). */
export function checkNewPassword(input: { password: string; confirmPassword: string }): AuthRuleCode | null {
  if (!input.password || !input.confirmPassword) return 'FIELDS_REQUIRED';
  if (input.password !== input.confirmPassword) return 'PASSWORDS_MISMATCH';
  if (input.password.length < PASSWORD_MIN_LENGTH) return 'PASSWORD_TOO_SHORT';
  return null;
}

export const REGISTRATION_FIELDS = ['fullName', 'fullNameEn', 'email', 'phone', 'password', 'confirmPassword', 'acceptTerms'] as const;
export type RegistrationField = (typeof REGISTRATION_FIELDS)[number];
export type RegistrationFormValues = Record<Exclude<RegistrationField, 'acceptTerms'>, string> & { acceptTerms: boolean };

/** The fields a refusal of registration is about (the form's rule or the server's answer), in the form's order. */
export function registrationFieldsAtFault(code: string | undefined, values: RegistrationFormValues): RegistrationField[] {
  switch (code) {
    case 'PASSWORDS_MISMATCH':
      return ['confirmPassword'];
    case 'MISSING_CREDENTIALS':
      return (['email', 'password'] as const).filter((field) => !values[field].trim());
    case 'INVALID_EMAIL':
    case 'EMAIL_TAKEN':
      return ['email'];
    case 'INVALID_PHONE':
      return ['phone'];
    case 'NAME_REQUIRED':
    case 'INVALID_NAME':
      return ['fullName'];
    case 'INVALID_NAME_EN':
      return ['fullNameEn'];
    case 'PASSWORD_TOO_SHORT':
      return ['password'];
    case 'TERMS_NOT_ACCEPTED':
      return ['acceptTerms'];
    default:
      return [];
  }
}

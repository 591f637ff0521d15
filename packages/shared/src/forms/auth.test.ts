import { describe, expect, it } from 'vitest';
import { ar } from '../messages/ar';
import { newPasswordFormSchema, registrationFormSchema, resetRequestFormSchema, signInFormSchema } from './auth';

/** What a form reads from its schema: each issue's field (empty: the form itself) and message, in order. */
const issuesOf = (result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  (result.error?.issues ?? []).map((issue) => [issue.path.join('.'), issue.message]);

const registration = {
  fullName: 'سارة أحمد',
  fullNameEn: '',
  email: 'sara@sira.example',
  phone: '0512345678',
  password: 'secret1',
  confirmPassword: 'secret1',
  acceptTerms: true,
};

describe('account forms: one message, on the fields it is about', () => {
  it('sign-in says the first problem about the pair, marking no field', () => {
    expect(issuesOf(signInFormSchema.safeParse({ email: '', password: '' }))).toEqual([['', ar.auth.missingCredentials]]);
    expect(issuesOf(signInFormSchema.safeParse({ email: 'x', password: '12' }))).toEqual([['', ar.auth.invalidEmail]]);
    expect(signInFormSchema.safeParse({ email: ' A@B.CO ', password: '123456' }).success).toBe(true);
  });

  it('the reset request marks the e-mail', () => {
    expect(issuesOf(resetRequestFormSchema.safeParse({ email: ' ' }))).toEqual([['email', ar.auth.emailRequired]]);
    expect(resetRequestFormSchema.safeParse({ email: 'a@b.co' }).success).toBe(true);
  });

  it('a new password needs both fields, then the same twice, then six characters', () => {
    expect(issuesOf(newPasswordFormSchema.safeParse({ password: 'secret1', confirmPassword: '' }))).toEqual([['', ar.auth.fieldsRequired]]);
    expect(issuesOf(newPasswordFormSchema.safeParse({ password: '12', confirmPassword: '13' }))).toEqual([['', ar.auth.passwordsMismatch]]);
    expect(issuesOf(newPasswordFormSchema.safeParse({ password: '12', confirmPassword: '12' }))).toEqual([['', ar.auth.passwordTooShort]]);
  });

  it('registration checks in the product order and marks every field the message is about', () => {
    // The match comes before anything else, even an empty e-mail.
    expect(issuesOf(registrationFormSchema.safeParse({ ...registration, email: '', confirmPassword: 'other' }))).toEqual([
      ['confirmPassword', ar.auth.passwordsMismatch],
    ]);
    expect(issuesOf(registrationFormSchema.safeParse({ ...registration, email: '', password: '', confirmPassword: '' }))).toEqual([
      ['email', ar.auth.missingCredentials],
      ['password', ar.auth.missingCredentials],
    ]);
    expect(issuesOf(registrationFormSchema.safeParse({ ...registration, phone: '123' }))).toEqual([['phone', ar.auth.invalidPhone]]);
    expect(issuesOf(registrationFormSchema.safeParse({ ...registration, fullNameEn: 'سارة' }))).toEqual([
      ['fullNameEn', ar.auth.invalidNameEn],
    ]);
    expect(issuesOf(registrationFormSchema.safeParse({ ...registration, acceptTerms: false }))).toEqual([
      ['acceptTerms', ar.auth.termsNotAccepted],
    ]);
    expect(registrationFormSchema.safeParse(registration).success).toBe(true);
  });
});

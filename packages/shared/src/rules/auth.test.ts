import { describe, expect, it } from 'vitest';
import {
  checkApplicantName,
  checkNewPassword,
  checkRegistration,
  checkResetRequest,
  checkSignIn,
  normalizeApplicantName,
  normalizePhone,
  registrationFieldsAtFault,
} from './auth';

describe('sign-in rules (spec §5)', () => {
  it('needs both fields, then a valid e-mail, then a 6-character password', () => {
    expect(checkSignIn({ email: '', password: 'secret1' })).toBe('MISSING_CREDENTIALS');
    expect(checkSignIn({ email: 'a@b.co', password: '' })).toBe('MISSING_CREDENTIALS');
    expect(checkSignIn({ email: '   ', password: 'x' })).toBe('MISSING_CREDENTIALS');
    expect(checkSignIn({ email: 'not-an-email', password: '12' })).toBe('INVALID_EMAIL');
    expect(checkSignIn({ email: 'a@b.co', password: '12345' })).toBe('PASSWORD_TOO_SHORT');
    expect(checkSignIn({ email: '  A@B.CO ', password: '123456' })).toBeNull();
  });

  it('refuses as invalid an e-mail carrying a direction control, mark or other invisible character', () => {
    for (const email of ['user\u202e@sira.example', 'user@sira\u2066.example', '\u200fuser@sira.example', 'us\u200ber@sira.example']) {
      expect(checkSignIn({ email, password: 'secret1' }), JSON.stringify(email)).toBe('INVALID_EMAIL');
      expect(checkResetRequest({ email }), JSON.stringify(email)).toBe('INVALID_EMAIL');
    }
  });
});

describe('the applicant name', () => {
  it('is required in Arabic or any script, optional in Latin letters, and a name, not a payload', () => {
    expect(checkApplicantName({ fullName: 'سارة بنت أحمد الغامدي' })).toBeNull();
    expect(checkApplicantName({ fullName: 'عبدالله آل سعود', fullNameEn: "Abdullah Al-Saud O'Neil" })).toBeNull();
    expect(checkApplicantName({ fullName: '  ' })).toBe('NAME_REQUIRED');
    for (const fullName of [
      'س',
      'Sara <sara@evil.example>',
      'سارة\r\nBcc: x@y.z',
      '12345',
      'سارة "الأولى"',
      'ا'.repeat(81),
      '=?UTF-8?B?QQ==?=',
    ]) {
      expect(checkApplicantName({ fullName }), JSON.stringify(fullName)).toBe('INVALID_NAME');
    }
    expect(checkApplicantName({ fullName: 'سارة', fullNameEn: 'سارة' })).toBe('INVALID_NAME_EN');
    expect(checkApplicantName({ fullName: 'سارة', fullNameEn: '' })).toBeNull();
  });
  it('drops direction controls and extra spaces instead of keeping them in the name', () => {
    expect(normalizeApplicantName('  \u202eسارة   \u200fأحمد\u2069 ')).toBe('سارة أحمد');
    expect(checkApplicantName({ fullName: '\u202eسارة' })).toBeNull();
  });
});

describe('registration rules', () => {
  const ok = {
    email: 'user@sira.example',
    phone: '0512345678',
    password: 'secret1',
    confirmPassword: 'secret1',
    fullName: 'سارة أحمد',
    acceptTerms: true,
  };
  it('needs the terms and the privacy policy agreed to, asked after every other rule', () => {
    expect(checkRegistration({ ...ok, acceptTerms: false })).toBe('TERMS_NOT_ACCEPTED');
    expect(checkRegistration({ ...ok, acceptTerms: undefined })).toBe('TERMS_NOT_ACCEPTED');
    expect(checkRegistration({ ...ok, acceptTerms: false, phone: '1' })).toBe('INVALID_PHONE');
  });
  it('accepts 05 + 8 digits and +966 + 9 digits only', () => {
    expect(checkRegistration(ok)).toBeNull();
    expect(checkRegistration({ ...ok, phone: '+966512345678' })).toBeNull();
    for (const phone of ['051234567', '05123456789', '0612345678', '+96651234567', '966512345678', '05-1234567', '']) {
      expect(checkRegistration({ ...ok, phone })).toBe('INVALID_PHONE');
    }
  });
  it('reads Arabic-Indic digits and ignores spaces, dashes and direction marks', () => {
    for (const phone of ['٠٥١٢٣٤٥٦٧٨', '۰۵۱۲۳۴۵۶۷۸', '051 234 5678', '051-234-5678', '+966 51 234 5678', '\u200e+٩٦٦٥١٢٣٤٥٦٧٨']) {
      expect(checkRegistration({ ...ok, phone })).toBeNull();
    }
    expect(normalizePhone(' ٠٥١ ٢٣٤-٥٦٧٨ ')).toBe('0512345678');
    expect(normalizePhone('\u200e+٩٦٦ ٥١٢٣٤٥٦٧٨')).toBe('+966512345678');
    expect(checkRegistration({ ...ok, phone: '٠٥١٢٣٤٥٦٧' })).toBe('INVALID_PHONE');
  });
  it('requires matching passwords of at least 6 characters, the match checked first', () => {
    expect(checkRegistration({ ...ok, confirmPassword: 'other1' })).toBe('PASSWORDS_MISMATCH');
    expect(checkRegistration({ ...ok, password: '123', confirmPassword: '1234' })).toBe('PASSWORDS_MISMATCH');
    expect(checkRegistration({ ...ok, email: '', confirmPassword: 'other1' })).toBe('PASSWORDS_MISMATCH');
    expect(checkRegistration({ ...ok, password: '12345', confirmPassword: '12345' })).toBe('PASSWORD_TOO_SHORT');
    expect(checkRegistration({ ...ok, email: 'bad' })).toBe('INVALID_EMAIL');
    expect(checkRegistration({ ...ok, email: '' })).toBe('MISSING_CREDENTIALS');
    expect(checkRegistration({ ...ok, fullName: '' })).toBe('NAME_REQUIRED');
  });
});

describe('reset rules', () => {
  it('needs an e-mail, then a valid one', () => {
    expect(checkResetRequest({ email: ' ' })).toBe('EMAIL_REQUIRED');
    expect(checkResetRequest({ email: 'nope' })).toBe('INVALID_EMAIL');
    expect(checkResetRequest({ email: 'a@b.co' })).toBeNull();
  });
  it('checks the match before the length when setting a new password', () => {
    expect(checkNewPassword({ password: '', confirmPassword: '' })).toBe('FIELDS_REQUIRED');
    expect(checkNewPassword({ password: '123', confirmPassword: '456' })).toBe('PASSWORDS_MISMATCH');
    expect(checkNewPassword({ password: '123', confirmPassword: '123' })).toBe('PASSWORD_TOO_SHORT');
    expect(checkNewPassword({ password: '123456', confirmPassword: '123456' })).toBeNull();
  });
});

describe('registration: the fields a refusal is about (the /register page marks them)', () => {
  const registration = {
    fullName: 'سارة أحمد',
    fullNameEn: '',
    email: 'sara@sira.example',
    phone: '0512345678',
    password: 'secret1',
    confirmPassword: 'secret1',
    acceptTerms: true,
  };
  const faults = (values: typeof registration) => {
    const code = checkRegistration(values);
    return [code, registrationFieldsAtFault(code ?? undefined, values)];
  };

  it('checks in the product order and names every field the message is about', () => {
    // The match comes before anything else, even an empty e-mail.
    expect(faults({ ...registration, email: '', confirmPassword: 'other' })).toEqual(['PASSWORDS_MISMATCH', ['confirmPassword']]);
    expect(faults({ ...registration, email: '', password: '', confirmPassword: '' })).toEqual([
      'MISSING_CREDENTIALS',
      ['email', 'password'],
    ]);
    expect(faults({ ...registration, phone: '123' })).toEqual(['INVALID_PHONE', ['phone']]);
    expect(faults({ ...registration, fullNameEn: 'سارة' })).toEqual(['INVALID_NAME_EN', ['fullNameEn']]);
    expect(faults({ ...registration, acceptTerms: false })).toEqual(['TERMS_NOT_ACCEPTED', ['acceptTerms']]);
    expect(checkRegistration(registration)).toBeNull();
  });
});

import { describe, expect, it } from 'vitest';
import { ar } from '../messages/ar';
import { myDataMessage } from '../messages/my-data';
import { deletionFormSchema, emailChangeFormSchema, phoneFormSchema } from './my-data';

const issuesOf = (result: { error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  (result.error?.issues ?? []).map((issue) => [issue.path.join('.'), issue.message]);

describe('my data forms: the rules the server enforces, one message on the field', () => {
  it('the phone: a Saudi mobile number, typed with Arabic digits and spaces if need be', () => {
    expect(issuesOf(phoneFormSchema.safeParse({ phone: '' }))).toEqual([['phone', ar.auth.invalidPhone]]);
    expect(issuesOf(phoneFormSchema.safeParse({ phone: '12345' }))).toEqual([['phone', ar.auth.invalidPhone]]);
    expect(issuesOf(phoneFormSchema.safeParse({ phone: `05${' '.repeat(40)}12345678` }))).toEqual([['phone', ar.auth.invalidPhone]]);
    expect(phoneFormSchema.safeParse({ phone: '٠٥٥ ١٢٣ ٤٥٦٧' }).success).toBe(true);
    expect(phoneFormSchema.safeParse({ phone: '+966551234567' }).success).toBe(true);
  });

  it('the new e-mail: given, well formed, and not the current one whatever its case; then the current password', () => {
    const schema = emailChangeFormSchema('sara@sira.example');
    const password = 'secret1';
    expect(issuesOf(schema.safeParse({ email: '  ', password }))).toEqual([['email', ar.auth.emailRequired]]);
    expect(issuesOf(schema.safeParse({ email: 'not-an-address', password }))).toEqual([['email', ar.auth.invalidEmail]]);
    expect(issuesOf(schema.safeParse({ email: ' SARA@sira.example ', password }))).toEqual([['email', myDataMessage('EMAIL_SAME')]]);
    expect(issuesOf(schema.safeParse({ email: 'sara.new@sira.example', password: '' }))).toEqual([
      ['password', myDataMessage('EMAIL_CHANGE_PASSWORD_REQUIRED')],
    ]);
    expect(schema.safeParse({ email: 'sara.new@sira.example', password }).success).toBe(true);
  });

  it('the deletion asks for the password', () => {
    expect(issuesOf(deletionFormSchema.safeParse({ password: '' }))).toEqual([['password', myDataMessage('PASSWORD_REQUIRED')]]);
    expect(deletionFormSchema.safeParse({ password: 'anything' }).success).toBe(true);
  });
});

import { describe, expect, it } from 'vitest';
import { ar } from '../messages/ar';
import { newPasswordFormSchema } from './auth';

/** What a form reads from its schema: each issue's field (empty: the form itself) and message, in order. */
const issuesOf = (result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  (result.error?.issues ?? []).map((issue) => [issue.path.join('.'), issue.message]);

describe('the new password form: one message', () => {
  it('a new password needs both fields, then the same twice, then six characters', () => {
    expect(issuesOf(newPasswordFormSchema.safeParse({ password: 'secret1', confirmPassword: '' }))).toEqual([['', ar.auth.fieldsRequired]]);
    expect(issuesOf(newPasswordFormSchema.safeParse({ password: '12', confirmPassword: '13' }))).toEqual([['', ar.auth.passwordsMismatch]]);
    expect(issuesOf(newPasswordFormSchema.safeParse({ password: '12', confirmPassword: '12' }))).toEqual([['', ar.auth.passwordTooShort]]);
  });
});

import * as z from 'zod/mini';
import { messageForCode } from '../messages/ar';
import { checkNewPassword, checkRegistration, checkResetRequest, checkSignIn, registrationFieldsAtFault } from '../rules/auth';
import { withFormRule } from './rule';

/**
 * The account forms' schemas: sign-in, the reset request, the new password and registration. Each runs the
 * account rule (rules/auth.ts, which the server enforces too) and gives its one message in Arabic.
 */

export const signInFormSchema = withFormRule(z.object({ email: z.string(), password: z.string() }), (values) => {
  const code = checkSignIn(values);
  // The sign-in form marks no field: its message speaks of the pair.
  return code ? { message: messageForCode(code), fields: [] } : null;
});
export type SignInFormValues = z.input<typeof signInFormSchema>;

export const resetRequestFormSchema = withFormRule(z.object({ email: z.string() }), (values) => {
  const code = checkResetRequest(values);
  return code ? { message: messageForCode(code), fields: ['email'] } : null;
});

export const newPasswordFormSchema = withFormRule(z.object({ password: z.string(), confirmPassword: z.string() }), (values) => {
  const code = checkNewPassword(values);
  return code ? { message: messageForCode(code), fields: [] } : null;
});
export type NewPasswordFormValues = z.input<typeof newPasswordFormSchema>;

export const registrationFormSchema = withFormRule(
  z.object({
    fullName: z.string(),
    fullNameEn: z.string(),
    email: z.string(),
    phone: z.string(),
    password: z.string(),
    confirmPassword: z.string(),
    acceptTerms: z.boolean(),
  }),
  (values) => {
    const code = checkRegistration(values);
    return code ? { message: messageForCode(code), fields: registrationFieldsAtFault(code, values) } : null;
  },
);

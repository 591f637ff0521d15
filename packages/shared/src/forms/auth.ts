import * as z from 'zod/mini';
import { messageForCode } from '../messages/ar';
import { checkNewPassword } from '../rules/auth';
import { withFormRule } from './rule';

/**
 * The new password form of /reset-password: the account rule (rules/auth.ts, which the server enforces too)
 * with its one message in Arabic. /login and /register are pages without React: their script calls the rule
 * functions themselves (src/static-page/account-forms, ADR 011), without zod.
 */
export const newPasswordFormSchema = withFormRule(z.object({ password: z.string(), confirmPassword: z.string() }), (values) => {
  const code = checkNewPassword(values);
  return code ? { message: messageForCode(code), fields: [] } : null;
});
export type NewPasswordFormValues = z.input<typeof newPasswordFormSchema>;

import * as z from 'zod/mini';
import { messageForCode } from '../messages/ar';
import { myDataMessage } from '../messages/my-data';
import { checkDeletionConfirmation, checkEmailChange, checkPhoneCorrection } from '../rules/my-data';
import { withFormRule } from './rule';

/**
 * The "my data" page's forms (ADR 011, ADR 015): the phone, the new e-mail with the password, and the deletion's
 * password. Each runs the rule the server enforces (rules/my-data.ts) and marks the one field it is about.
 */

const textFor = (code: string) => myDataMessage(code) ?? messageForCode(code);

export const phoneFormSchema = withFormRule(z.object({ phone: z.string() }), (values) => {
  const code = checkPhoneCorrection(values);
  return code ? { message: textFor(code), fields: ['phone'] } : null;
});
export type PhoneFormValues = z.input<typeof phoneFormSchema>;

/**
 * The address the account has now is the rule's too: asking to change to it is refused. The current password
 * confirms the change (ADR 012).
 */
export const emailChangeFormSchema = (currentEmail: string) =>
  withFormRule(z.object({ email: z.string(), password: z.string() }), (values) => {
    const code = checkEmailChange({ ...values, currentEmail });
    if (!code) return null;
    return { message: textFor(code), fields: [code === 'EMAIL_CHANGE_PASSWORD_REQUIRED' ? 'password' : 'email'] };
  });
export type EmailChangeFormValues = z.input<ReturnType<typeof emailChangeFormSchema>>;

export const deletionFormSchema = withFormRule(z.object({ password: z.string() }), (values) => {
  const code = checkDeletionConfirmation(values);
  return code ? { message: textFor(code), fields: ['password'] } : null;
});
export type DeletionFormValues = z.input<typeof deletionFormSchema>;

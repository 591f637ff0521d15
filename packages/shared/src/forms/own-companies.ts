import * as z from 'zod/mini';
import { checkOwnCompanyInput, ownCompaniesMessageForCode } from '../messages/own-companies';
import { lineBreakProblem, withFormRule } from './rule';

/**
 * The "my companies" add and edit dialog: name and address required, the address one a message can reach.
 * Sector and city left empty are the server's "not specified"; the contact name left empty is none.
 */
export const ownCompanyFormSchema = withFormRule(
  z.object({ name: z.string(), email: z.string(), sector: z.string(), city: z.string(), contactName: z.string() }),
  (values) => {
    const lines = lineBreakProblem(values, ['name', 'email', 'sector', 'city', 'contactName']);
    if (lines) return lines;
    const code = checkOwnCompanyInput(values);
    if (!code) return null;
    const message = ownCompaniesMessageForCode(code) ?? code;
    return code === 'OWN_COMPANY_EMAIL_INVALID' ? { message, fields: ['email'] } : { message, fields: [] };
  },
);
export type OwnCompanyFormValues = z.input<typeof ownCompanyFormSchema>;

import * as z from 'zod/mini';
import { checkCompanyInput, companiesMessageForCode } from '../messages/companies-admin';
import { lineBreakProblem, withFormRule } from './rule';

/** The add-company dialog's schema (spec §5 "Add company"): its one message is said under the form. */
export const companyFormSchema = withFormRule(
  z.object({ name: z.string(), email: z.string(), sector: z.string(), location: z.string(), packageId: z.nullable(z.string()) }),
  (values) => {
    const code = checkCompanyInput(values);
    return (
      lineBreakProblem(values, ['name', 'email', 'sector', 'location']) ??
      (code ? { message: companiesMessageForCode(code) ?? code, fields: [] } : null)
    );
  },
);
export type CompanyFormValues = z.input<typeof companyFormSchema>;

import { lineBreakProblem, withFormRule } from '@sira/shared/forms/rule';
import { checkOwnCompanyInput, ownCompaniesMessageForCode } from '@sira/shared/messages/own-companies';
import type { OwnCompany, OwnCompanyBody } from '@sira/shared/schemas/own-companies';
import * as z from 'zod/mini';

/**
 * The add and edit dialog's values and rule: name and address required, the address one a message can reach.
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

export const emptyOwnCompany: OwnCompanyFormValues = { name: '', email: '', sector: '', city: '', contactName: '' };

/** What the dialog starts from when it edits a row. */
export const ownCompanyFormValues = (company: OwnCompany): OwnCompanyFormValues => ({
  name: company.name,
  email: company.email,
  sector: company.sector,
  city: company.city,
  contactName: company.contactName ?? '',
});

/** The request's body: trimmed, with a field left empty sent as absent (the server's default) and no contact as null. */
export function ownCompanyBody(values: OwnCompanyFormValues): OwnCompanyBody {
  const sector = values.sector.trim();
  const city = values.city.trim();
  const contactName = values.contactName.trim();
  return {
    name: values.name.trim(),
    email: values.email.trim(),
    ...(sector ? { sector } : {}),
    ...(city ? { city } : {}),
    contactName: contactName || null,
  };
}

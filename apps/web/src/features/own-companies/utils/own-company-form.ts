import { type OwnCompanyFormValues, ownCompanyFormSchema } from '@sira/shared/forms/own-companies';
import type { OwnCompany, OwnCompanyBody } from '@sira/shared/schemas/own-companies';

export { type OwnCompanyFormValues, ownCompanyFormSchema };

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

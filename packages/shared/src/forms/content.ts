import * as z from 'zod/mini';
import {
  checkFooterContact,
  checkFooterLinkInput,
  checkFooterSectionInput,
  checkPageInput,
  checkSocialLinks,
  contentAdminMessage,
} from '../messages/content-admin';
import { lineBreakProblem, withFormRule } from './rule';

/** The site content dialogs (spec §2): footer sections and links, and the page editor. One message each, under the form. */

const order = z.union([z.number(), z.literal('')]);
const problemOf = (code: string | null) => (code ? { message: contentAdminMessage(code) ?? code, fields: [] } : null);

export const footerSectionFormSchema = withFormRule(
  z.object({ title: z.string(), order }),
  (values) => lineBreakProblem(values, ['title']) ?? problemOf(checkFooterSectionInput(values)),
);
export type FooterSectionFormValues = z.input<typeof footerSectionFormSchema>;

/** The section is chosen from a list whose first, empty option means none. */
export const footerLinkFormSchema = withFormRule(
  z.object({ title: z.string(), url: z.string(), icon: z.string(), sectionId: z.string(), order }),
  (values) =>
    lineBreakProblem(values, ['title', 'url', 'icon']) ??
    problemOf(checkFooterLinkInput({ ...values, sectionId: values.sectionId || null })),
);
export type FooterLinkFormValues = z.input<typeof footerLinkFormSchema>;

export const pageFormSchema = withFormRule(
  z.object({ title: z.string(), content: z.string() }),
  (values) => lineBreakProblem(values, ['title']) ?? problemOf(checkPageInput(values)),
);
export type PageFormValues = z.input<typeof pageFormSchema>;

/** The footer's four social addresses: each empty or http(s). */
export const socialLinksFormSchema = withFormRule(
  z.object({ facebook: z.string(), twitter: z.string(), instagram: z.string(), linkedin: z.string() }),
  (values) => problemOf(checkSocialLinks(values)),
);

/** The footer's description and contact block: the e-mail and phone each empty or well formed. */
export const footerContactFormSchema = withFormRule(
  z.object({
    description: z.string(),
    email: z.string(),
    phone: z.string(),
    showContact: z.boolean(),
    showEmail: z.boolean(),
    showPhone: z.boolean(),
    showSocial: z.boolean(),
  }),
  (values) => problemOf(checkFooterContact(values)),
);

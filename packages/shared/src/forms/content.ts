import * as z from 'zod/mini';
import { checkFooterLinkInput, checkFooterSectionInput, checkPageInput, contentAdminMessage } from '../messages/content-admin';
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

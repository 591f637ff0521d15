import * as z from 'zod/mini';
import { checkTemplateInput, templatesAdminMessage } from '../messages/templates-admin';
import { lineBreakProblem, withFormRule } from './rule';

/** The add-template dialog's schema (spec §5 "Templates"): its one message is said under the form. */
export const templateFormSchema = withFormRule(
  z.object({ name: z.string(), subject: z.string(), content: z.string(), packageIds: z.array(z.string()) }),
  (values) => {
    const code = checkTemplateInput(values);
    return lineBreakProblem(values, ['name', 'subject']) ?? (code ? { message: templatesAdminMessage(code) ?? code, fields: [] } : null);
  },
);
export type TemplateFormValues = z.input<typeof templateFormSchema>;

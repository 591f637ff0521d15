import * as z from 'zod/mini';
import { messageForCode } from '../messages/ar';
import { hasLineBreak } from '../rules/text';

/**
 * What a form's rule found: the one message the form shows and the fields it is about (marked, the first
 * focused). No fields: the message is about the form as a whole.
 */
export interface FormProblem<Field extends string> {
  message: string;
  fields: readonly Field[];
}

/**
 * A form's schema: the values' shape, then the product's rule for them. The rule returns only the first problem,
 * in the order the product checks them, so a refused form has one message to show (never a list); it becomes
 * one issue per field at fault, all with that message, or one issue on the form itself when no field is named.
 * The rule runs only on values of the right shape. Written with zod's tree-shakable `zod/mini`, which the web
 * bundles for its forms at a few kilobytes (the full API, used by the server's request schemas, is several times that).
 */
export function withFormRule<Schema extends z.ZodMiniType, Field extends string>(
  schema: Schema,
  rule: (values: z.output<Schema>) => FormProblem<Field> | null,
): Schema {
  return schema.check(
    z.superRefine((values: z.output<Schema>, ctx) => {
      const problem = rule(values);
      if (!problem) return;
      const paths = problem.fields.length > 0 ? problem.fields.map((field) => [field]) : [[]];
      for (const path of paths) ctx.addIssue({ code: 'custom', message: problem.message, path });
    }),
  );
}

/**
 * The one-line rule (rules/text.ts), as the server's schemas apply it: the named fields that hold a line break,
 * with the message the server's LINE_BREAKS answer shows. A text input drops typed line breaks, but not pasted
 * Unicode line separators, and a dialog may fill a field from a saved value.
 */
export function lineBreakProblem<Field extends string>(
  values: Partial<Record<Field, unknown>>,
  fields: readonly Field[],
): FormProblem<Field> | null {
  const broken = fields.filter((field) => {
    const value = values[field];
    return typeof value === 'string' && hasLineBreak(value);
  });
  return broken.length > 0 ? { message: messageForCode('LINE_BREAKS'), fields: broken } : null;
}

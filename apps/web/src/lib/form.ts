import { type FormErrors, type GetInputPropsReturnType, schemaResolver, type UseFormReturnType } from '@mantine/form';

type FormSchema = Parameters<typeof schemaResolver>[0];

/**
 * Validation by a form's shared schema (@sira/shared/forms): zod's checks there are synchronous, so the
 * submit handler learns the outcome at once.
 */
export const validateWith = (schema: FormSchema) => schemaResolver(schema, { sync: true });

/**
 * The one message a refused form shows: the first issue's (a refused form has at least one; Mantine drops empty errors). The schemas add issues in the order the product
 * checks them, and every issue of one refusal carries the same message, so there is never a second one.
 */
export function formMessage(errors: FormErrors): string {
  return String(Object.values(errors)[0]);
}

/**
 * A field at fault is marked red but says nothing itself: the form's message is said once, under the form.
 * For `enhanceGetInputProps`.
 */
export const markWithoutMessage = ({ inputProps }: { inputProps: GetInputPropsReturnType }) => ({ error: Boolean(inputProps.error) });

/** Moves focus (and the page's scroll) to the first field at fault; a message about the whole form moves nothing. */
export function focusFirstFault(form: Pick<UseFormReturnType<unknown>, 'getInputNode'>, errors: FormErrors) {
  const first = Object.keys(errors).find((path) => path !== '');
  if (first) form.getInputNode(first as never)?.focus();
}

import * as z from 'zod/mini';
import { CONTENT_MAX_LENGTH, SUBJECT_MAX_LENGTH } from '../constants';
import { messageForCode } from '../messages/ar';
import { sendingText } from '../messages/sending';
import { checkApplicantName } from '../rules/auth';
import { withFormRule } from './rule';

/**
 * The /send-resume form's schema (spec §5): subject, content and résumé all required — one message, the empty
 * fields marked — then the lengths a send takes (a template filled in or a paste may pass them). The balance and
 * the linked mailbox are not the form's values: the form checks them after this.
 */

const COMPOSE_REQUIRED_FIELDS = ['subject', 'content', 'file'] as const;
type ComposeField = (typeof COMPOSE_REQUIRED_FIELDS)[number];

/** A subject or content longer than a send takes, said before sending. */
export function lengthProblem(subject: string, content: string): string | null {
  if (subject.length > SUBJECT_MAX_LENGTH) return sendingText.subjectTooLong;
  if (content.length > CONTENT_MAX_LENGTH) return sendingText.contentTooLong;
  return null;
}

export const composeFormSchema = withFormRule(
  z.object({ subject: z.string(), content: z.string(), file: z.nullable(z.file()) }),
  (values) => {
    const missing = COMPOSE_REQUIRED_FIELDS.filter((field: ComposeField) =>
      field === 'file' ? values.file === null : values[field].trim() === '',
    );
    if (missing.length > 0) return { message: sendingText.fieldsRequired, fields: missing };
    const tooLong = lengthProblem(values.subject, values.content);
    return tooLong ? { message: tooLong, fields: [] } : null;
  },
);

/** The applicant's name, asked once before the first send of an account made without it. */
export const applicantNameFormSchema = withFormRule(z.object({ fullName: z.string(), fullNameEn: z.string() }), (values) => {
  const code = checkApplicantName(values);
  return code ? { message: messageForCode(code), fields: [] } : null;
});
export type ApplicantNameFormValues = z.input<typeof applicantNameFormSchema>;

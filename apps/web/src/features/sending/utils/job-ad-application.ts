import { CONTENT_MAX_LENGTH, isKnownCode, messageForCode, SUBJECT_MAX_LENGTH } from '@sira/shared';
import { jobAdMessage } from '@sira/shared/messages/job-ads';
import { sendingText } from '@sira/shared/messages/sending';
import { JOB_AD_ADDRESSES_MAX } from '@sira/shared/schemas/job-ads';

/** What the user confirmed of a job ad (features/job-ads): the post as read, the chosen addresses, the job and company. */
export interface JobAdChoice {
  text: string;
  emails: string[];
  jobTitle: string;
  companyName: string;
}

/** The fields an application may be refused for: the choice's and the message's. */
export type JobAdApplicationField = 'emails' | 'jobTitle' | 'companyName' | 'subject' | 'content' | 'file';

export interface JobAdMessageValues {
  subject: string;
  content: string;
  file: File | null;
}

const texts = {
  chooseAddress: 'اختر عنواناً واحداً على الأقل لتُرسل إليه سيرتك.',
  tooManyAddresses: (max: number) => `يمكن اختيار ${max} عناوين على الأكثر في الطلب الواحد.`,
};

/**
 * What the message's placeholders read for every recipient of one application: the company and job the user
 * confirmed. An ad has no directory sector or city, so those read as nothing.
 */
export function jobAdPlaceholderValues({ jobTitle, companyName }: Pick<JobAdChoice, 'jobTitle' | 'companyName'>): Record<string, string> {
  return { job_title: jobTitle.trim(), company_name: companyName.trim(), sector: '', location: '' };
}

const DIRECTORY_PLACEHOLDER = /\{\{\s*(sector|location)\s*\}\}/i;

/** Whether the message names the company's sector or city, which a job ad does not give: they would read as gaps. */
export const namesDirectoryFields = ({ subject, content }: Pick<JobAdMessageValues, 'subject' | 'content'>) =>
  DIRECTORY_PLACEHOLDER.test(subject) || DIRECTORY_PLACEHOLDER.test(content);

/**
 * The first thing in the way of applying, with the fields it is about, or null: an address chosen, then the job
 * title and company (the application records them, and the message may name them) with the message and the
 * résumé, then the lengths a send takes.
 */
export function jobAdApplicationProblem(
  choice: JobAdChoice,
  message: JobAdMessageValues,
): { message: string; fields: JobAdApplicationField[] } | null {
  if (choice.emails.length === 0) return { message: texts.chooseAddress, fields: ['emails'] };
  if (choice.emails.length > JOB_AD_ADDRESSES_MAX) return { message: texts.tooManyAddresses(JOB_AD_ADDRESSES_MAX), fields: ['emails'] };
  const missing: JobAdApplicationField[] = [];
  if (choice.jobTitle.trim() === '') missing.push('jobTitle');
  if (choice.companyName.trim() === '') missing.push('companyName');
  if (message.subject.trim() === '') missing.push('subject');
  if (message.content.trim() === '') missing.push('content');
  if (message.file === null) missing.push('file');
  if (missing.length > 0) return { message: sendingText.fieldsRequired, fields: missing };
  if (message.subject.length > SUBJECT_MAX_LENGTH) return { message: sendingText.subjectTooLong, fields: ['subject'] };
  if (message.content.length > CONTENT_MAX_LENGTH) return { message: sendingText.contentTooLong, fields: ['content'] };
  return null;
}

/**
 * The Arabic text of an error code an application answered: the job ad's own codes and the sending engine's
 * (balance, mailbox, résumé, placeholders), then the app-wide ones; `fallback` otherwise.
 */
export function jobAdApplicationErrorText(code: string | undefined, fallback: string): string {
  return jobAdMessage(code) ?? (code !== 'INTERNAL' && isKnownCode(code) ? messageForCode(code) : fallback);
}

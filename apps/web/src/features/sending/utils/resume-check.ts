import { sendingText } from '@sira/shared/messages/sending';
import type { ResumeCheck } from '@sira/shared/schemas/sending';

/**
 * What the upload's check found that may cost the applicant replies, in Arabic. A scan hides its contact details
 * from the check too, so it is said alone. A better file name is a suggestion, not a warning: it needs no
 * confirmation before sending.
 */
export function resumeWarnings(check: ResumeCheck): string[] {
  if (!check.hasText) return [sendingText.resumeNoText];
  return [...(check.emailFound ? [] : [sendingText.resumeNoEmail]), ...(check.phoneFound ? [] : [sendingText.resumeNoPhone])];
}

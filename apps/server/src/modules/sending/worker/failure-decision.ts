import { deliveryFailureText } from '@sira/shared/messages/sending';
import type { FailureCause } from '@sira/shared/rules/delivery-failure';
import type { EmailDelaySettings } from '@sira/shared/schemas/sending-admin';
import { GmailSendError } from '../gmail-send';
import { InvalidRecipientError } from '../mime';
import { DAY_MS } from '../pacing';
import { ResumeMissingError } from '../resume-storage';

/**
 * What becomes of a delivery whose message did not go (ADR 008, "Error classes"): a pure function of the
 * failure, the row's attempts so far, the retry settings and the time, so the rule is tested on its own.
 *
 * - `pause`: the mailbox reached Google's daily limit; every link of its address rests until `until`, the row
 *   goes back to pending with no attempt counted.
 * - `retry`: the row counts an attempt and is due again at `dueAt`.
 * - `fail`: the row counts an attempt and ends failed; its credit goes back. Its `cause` is kept on the row
 *   (rules/delivery-failure.ts): only a failure of passing causes may be sent again by the user, and an
 *   address refused is counted against the company.
 */
export type FailureDecision =
  | { kind: 'pause'; until: Date; reason: string }
  | { kind: 'retry'; dueAt: Date; reason: string }
  | { kind: 'fail'; reason: string; cause: FailureCause };

type RetrySettings = Pick<EmailDelaySettings, 'max_retries' | 'retry_delay'>;

export const errorText = (error: unknown) => (error instanceof Error ? error.message : String(error));
/** A user-facing reason with the provider's or the system's detail kept for administrators. */
export const withDetail = (reason: string, detail: string) => `${reason} (${detail.slice(0, 500)})`;

/**
 * `error` is the provider's refusal (GmailSendError), a message that cannot be built (an invalid recipient,
 * a résumé gone) or anything else that ended the attempt unexpectedly (a database outage, a fault), which is
 * retried like a transient refusal so that a failure that repeats ends after max_retries.
 */
export function decide(error: unknown, row: { attempts: number }, settings: RetrySettings, now: number): FailureDecision {
  if (error instanceof ResumeMissingError) return { kind: 'fail', reason: deliveryFailureText.resumeMissing, cause: 'resume' };
  if (error instanceof InvalidRecipientError)
    return { kind: 'fail', reason: withDetail(deliveryFailureText.rejected, error.message), cause: 'address' };
  if (error instanceof GmailSendError) {
    if (error.kind === 'mail-limit') {
      const until = error.retryAt && error.retryAt.getTime() > now ? error.retryAt : new Date(now + DAY_MS);
      return { kind: 'pause', until, reason: withDetail(deliveryFailureText.mailboxPaused, error.message) };
    }
    if (error.kind === 'permanent') {
      // Gmail answers 400 for a recipient it will not take (integrations.md §B9); a 403 is about the sender.
      const cause = error.status === 400 ? 'address' : 'refused';
      return { kind: 'fail', reason: withDetail(deliveryFailureText.rejected, error.message), cause };
    }
  }
  // Transient (and a 401 that survived a refresh), or unexpected: retry after retry_delay, up to max_retries.
  const detail = errorText(error);
  if (row.attempts + 1 > settings.max_retries)
    return { kind: 'fail', reason: withDetail(deliveryFailureText.retriesExhausted, detail), cause: 'retries' };
  return { kind: 'retry', dueAt: new Date(now + settings.retry_delay * 1000), reason: withDetail(deliveryFailureText.willRetry, detail) };
}

import { deliveryFailureText } from '@sira/shared/messages/sending';
import type { FailureCause } from '@sira/shared/rules/delivery-failure';
import type { EmailDelaySettings } from '@sira/shared/schemas/sending-admin';
import { ProviderSendError } from '../../mailbox/providers/provider';
import { InvalidRecipientError } from '../mime';
import { DAY_MS } from '../pacing';
import { ResumeMissingError } from '../resume-storage';

/**
 * What becomes of a delivery whose message did not go (ADR 008, "Error classes"): a pure function of the
 * failure, the row's attempts so far, the retry settings and the time, so the rule is tested on its own.
 *
 * - `pause`: the mailbox reached its provider's sending limit; every link of its address rests until `until`
 *   (the provider's time, or a day), the row goes back to pending with no attempt counted.
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
 * `error` is the provider's refusal (a ProviderSendError, whatever the provider), a message that cannot be built (an invalid recipient,
 * a résumé gone) or anything else that ended the attempt unexpectedly (a database outage, a fault), which is
 * retried like a transient refusal so that a failure that repeats ends after max_retries.
 */
export function decide(error: unknown, row: { attempts: number }, settings: RetrySettings, now: number): FailureDecision {
  if (error instanceof ResumeMissingError) return { kind: 'fail', reason: deliveryFailureText.resumeMissing, cause: 'resume' };
  if (error instanceof InvalidRecipientError)
    return { kind: 'fail', reason: withDetail(deliveryFailureText.rejected, error.message), cause: 'address' };
  if (error instanceof ProviderSendError) {
    if (error.kind === 'mail-limit') {
      const until = error.retryAt && error.retryAt.getTime() > now ? error.retryAt : new Date(now + DAY_MS);
      const text = error.provider === 'gmail' ? deliveryFailureText.mailboxPaused : deliveryFailureText.mailboxLimit;
      return { kind: 'pause', until, reason: withDetail(text, error.message) };
    }
    if (error.kind === 'permanent') {
      if (error.reason === 'message-too-large')
        return { kind: 'fail', reason: withDetail(deliveryFailureText.tooLargeForMailbox, error.message), cause: 'refused' };
      const cause = recipientRefused(error) ? 'address' : 'refused';
      return { kind: 'fail', reason: withDetail(deliveryFailureText.rejected, error.message), cause };
    }
  }
  // Transient (and a 401 that survived a refresh), or unexpected: retry after retry_delay, up to max_retries.
  const detail = errorText(error);
  if (row.attempts + 1 > settings.max_retries)
    return { kind: 'fail', reason: withDetail(deliveryFailureText.retriesExhausted, detail), cause: 'retries' };
  return { kind: 'retry', dueAt: new Date(now + settings.retry_delay * 1000), reason: withDetail(deliveryFailureText.willRetry, detail) };
}

/**
 * Whether a permanent refusal is about the recipient's address (counted against the company) rather than the
 * sender or the message: Gmail's 400 (integrations.md §B9; a 403 is about the sender), Graph's
 * ErrorInvalidRecipients (§D5), an SMTP 5.1.x enhanced status (a bad mailbox or domain, RFC 3463).
 */
function recipientRefused(error: ProviderSendError): boolean {
  switch (error.provider) {
    case 'gmail':
      return error.status === 400;
    case 'microsoft':
      return error.reason === 'ErrorInvalidRecipients';
    case 'smtp':
      return /^5\.1\.\d+$/.test(error.reason);
  }
}

import { deliveryFailureText } from '@sira/shared/messages/sending';
import type { FailureCause } from '@sira/shared/rules/delivery-failure';
import { describe, expect, it } from 'vitest';
import { GmailSendError } from '../../mailbox/providers/gmail/gmail-send';
import { ProviderSendError } from '../../mailbox/providers/provider';
import { InvalidRecipientError } from '../mime';
import { DAY_MS } from '../pacing';
import { ResumeMissingError } from '../resume-storage';
import { decide, type FailureDecision } from './failure-decision';

// The failure rule of ADR 008's error table, one row per case.

const NOW = Date.parse('2026-03-01T10:00:00Z');
const settings = { max_retries: 2, retry_delay: 60 };
const gmail = (kind: GmailSendError['kind'], status: number, retryAt: Date | null = null) =>
  new GmailSendError(kind, status, kind, `${status} ${kind}`, retryAt);

type Expected =
  | { kind: 'pause'; until: number; reasonStarts: string }
  | { kind: 'retry'; dueAt: number; reasonStarts: string }
  | { kind: 'fail'; reasonStarts: string; cause: FailureCause };

const cases: Array<{ name: string; error: unknown; attempts: number; expected: Expected }> = [
  {
    name: "429 (Mail sending) pauses the mailbox until Google's time",
    error: gmail('mail-limit', 429, new Date(NOW + 3_600_000)),
    attempts: 0,
    expected: { kind: 'pause', until: NOW + 3_600_000, reasonStarts: deliveryFailureText.mailboxPaused },
  },
  {
    name: 'a mail limit without a time, or with one already past, pauses for a day',
    error: gmail('mail-limit', 429, new Date(NOW - 1)),
    attempts: 5,
    expected: { kind: 'pause', until: NOW + DAY_MS, reasonStarts: deliveryFailureText.mailboxPaused },
  },
  {
    name: 'a mail limit never counts an attempt, even with none left',
    error: gmail('mail-limit', 429),
    attempts: 2,
    expected: { kind: 'pause', until: NOW + DAY_MS, reasonStarts: deliveryFailureText.mailboxPaused },
  },
  {
    name: 'a recipient Gmail will not take (400) fails at once, as an address refused',
    error: gmail('permanent', 400),
    attempts: 0,
    expected: { kind: 'fail', reasonStarts: deliveryFailureText.rejected, cause: 'address' },
  },
  {
    name: "a refusal about the sender (403 domain policy) fails at once, not the company's address",
    error: gmail('permanent', 403),
    attempts: 0,
    expected: { kind: 'fail', reasonStarts: deliveryFailureText.rejected, cause: 'refused' },
  },
  {
    name: 'a transient refusal with attempts left is retried after retry_delay',
    error: gmail('transient', 503),
    attempts: 0,
    expected: { kind: 'retry', dueAt: NOW + 60_000, reasonStarts: deliveryFailureText.willRetry },
  },
  {
    name: 'the last retry allowed is still a retry',
    error: gmail('transient', 500),
    attempts: 1,
    expected: { kind: 'retry', dueAt: NOW + 60_000, reasonStarts: deliveryFailureText.willRetry },
  },
  {
    name: 'past max_retries a transient refusal fails',
    error: gmail('transient', 500),
    attempts: 2,
    expected: { kind: 'fail', reasonStarts: deliveryFailureText.retriesExhausted, cause: 'retries' },
  },
  {
    name: 'a 401 that survived the token refresh is transient',
    error: gmail('unauthorized', 401),
    attempts: 0,
    expected: { kind: 'retry', dueAt: NOW + 60_000, reasonStarts: deliveryFailureText.willRetry },
  },
  {
    name: 'an address no message may go to fails before any call',
    error: new InvalidRecipientError('hr@example.com\r\nBcc: x@example.com'),
    attempts: 0,
    expected: { kind: 'fail', reasonStarts: deliveryFailureText.rejected, cause: 'address' },
  },
  {
    name: 'a résumé gone fails with its own reason',
    error: new ResumeMissingError('resumes/x.pdf'),
    attempts: 0,
    expected: { kind: 'fail', reasonStarts: deliveryFailureText.resumeMissing, cause: 'resume' },
  },
  {
    name: 'an unexpected failure (the database away) is retried like a transient one',
    error: new Error('Connection terminated unexpectedly'),
    attempts: 0,
    expected: { kind: 'retry', dueAt: NOW + 60_000, reasonStarts: deliveryFailureText.willRetry },
  },
  {
    name: 'an unexpected failure that repeats ends failed',
    error: new Error('permission denied for table resume_files'),
    attempts: 2,
    expected: { kind: 'fail', reasonStarts: deliveryFailureText.retriesExhausted, cause: 'retries' },
  },
];

const other = (
  provider: 'microsoft' | 'smtp',
  kind: ProviderSendError['kind'],
  status: number,
  reason: string,
  retryAt: Date | null = null,
) => new ProviderSendError(provider, kind, status, reason, `${status} ${reason}`, retryAt);

// The same rule for every provider: each maps its answers to the classes, the decision reads only the class.
cases.push(
  {
    name: "Microsoft's 429 pauses the mailbox until Retry-After, with the provider-neutral reason",
    error: other('microsoft', 'mail-limit', 429, 'ApplicationThrottled', new Date(NOW + 120_000)),
    attempts: 0,
    expected: { kind: 'pause', until: NOW + 120_000, reasonStarts: deliveryFailureText.mailboxLimit },
  },
  {
    name: 'an SMTP quota refusal without a time pauses for a day',
    error: other('smtp', 'mail-limit', 550, '5.4.5'),
    attempts: 1,
    expected: { kind: 'pause', until: NOW + DAY_MS, reasonStarts: deliveryFailureText.mailboxLimit },
  },
  {
    name: "Graph's ErrorInvalidRecipients fails against the address",
    error: other('microsoft', 'permanent', 400, 'ErrorInvalidRecipients'),
    attempts: 0,
    expected: { kind: 'fail', reasonStarts: deliveryFailureText.rejected, cause: 'address' },
  },
  {
    name: 'an SMTP 5.1.1 on the recipient fails against the address',
    error: other('smtp', 'permanent', 550, '5.1.1'),
    attempts: 0,
    expected: { kind: 'fail', reasonStarts: deliveryFailureText.rejected, cause: 'address' },
  },
  {
    name: 'an SMTP refusal of the content is not counted against the address',
    error: other('smtp', 'permanent', 554, '5.6.0'),
    attempts: 0,
    expected: { kind: 'fail', reasonStarts: deliveryFailureText.rejected, cause: 'refused' },
  },
  {
    name: 'a message too large for a Microsoft mailbox fails at once with its own reason, credit back',
    error: other('microsoft', 'permanent', 413, 'message-too-large'),
    attempts: 0,
    expected: { kind: 'fail', reasonStarts: deliveryFailureText.tooLargeForMailbox, cause: 'refused' },
  },
  {
    name: 'a transient SMTP reply is retried after retry_delay',
    error: other('smtp', 'transient', 451, '4.3.0'),
    attempts: 0,
    expected: { kind: 'retry', dueAt: NOW + 60_000, reasonStarts: deliveryFailureText.willRetry },
  },
);

const shape = (decision: FailureDecision) => ({
  kind: decision.kind,
  ...(decision.kind === 'pause' ? { until: decision.until.getTime() } : {}),
  ...(decision.kind === 'retry' ? { dueAt: decision.dueAt.getTime() } : {}),
  ...(decision.kind === 'fail' ? { cause: decision.cause } : {}),
});

describe('decide: what becomes of a delivery that did not go', () => {
  it.each(cases)('$name', ({ error, attempts, expected }) => {
    const decision = decide(error, { attempts }, settings, NOW);
    const { reasonStarts, ...rest } = expected;
    expect(shape(decision)).toEqual(rest);
    expect(decision.reason.startsWith(reasonStarts)).toBe(true);
  });

  it('keeps the detail for administrators, cut to 500 characters', () => {
    const decision = decide(new Error('x'.repeat(2_000)), { attempts: 0 }, settings, NOW);
    expect(decision.reason).toBe(`${deliveryFailureText.willRetry} (${'x'.repeat(500)})`);
  });

  it('retry_delay 0 makes the delivery due at once', () => {
    const decision = decide(gmail('transient', 503), { attempts: 0 }, { max_retries: 1, retry_delay: 0 }, NOW);
    expect(shape(decision)).toEqual({ kind: 'retry', dueAt: NOW });
  });
});

import { describe, expect, it } from 'vitest';
import { classifyGmailError, retryTimeFrom } from './gmail-send';

/** Gmail's answers mapped to the engine's error classes (ADR 008 "Error classes", integrations.md §B9). */

const google = (code: number, message: string, reason: string) =>
  JSON.stringify({ error: { code, message, errors: [{ reason, message, domain: 'global' }], status: 'X' } });

describe('classifyGmailError', () => {
  it('401 → refresh the token', () => {
    expect(classifyGmailError(401, google(401, 'Invalid Credentials', 'authError')).kind).toBe('unauthorized');
  });

  it('429 "(Mail sending)" → pause the mailbox until the time Google gives', () => {
    const error = classifyGmailError(
      429,
      google(429, 'User-rate limit exceeded.  Retry after 2025-06-01T12:30:00.000Z (Mail sending)', 'rateLimitExceeded'),
    );
    expect(error.kind).toBe('mail-limit');
    expect(error.retryAt?.toISOString()).toBe('2025-06-01T12:30:00.000Z');
  });

  it('429 without "(Mail sending)", 5xx, 408 and 403 rate limits → transient', () => {
    expect(classifyGmailError(429, google(429, 'Too many concurrent requests for user', 'rateLimitExceeded')).kind).toBe('transient');
    expect(classifyGmailError(500, google(500, 'Backend Error', 'backendError')).kind).toBe('transient');
    expect(classifyGmailError(503, '<html>Service Unavailable</html>').kind).toBe('transient');
    expect(classifyGmailError(403, google(403, 'User Rate Limit Exceeded', 'userRateLimitExceeded')).kind).toBe('transient');
    expect(classifyGmailError(403, google(403, 'Rate Limit Exceeded', 'rateLimitExceeded')).kind).toBe('transient');
  });

  it('400 invalid recipient and 403 domain policy → permanent', () => {
    expect(classifyGmailError(400, google(400, 'Invalid To header', 'invalidArgument')).kind).toBe('permanent');
    expect(classifyGmailError(403, google(403, 'The domain administrators have disabled Gmail apps.', 'domainPolicy')).kind).toBe(
      'permanent',
    );
  });

  it('reads the retry time from the message, and falls back to Retry-After', () => {
    expect(retryTimeFrom('no time here')).toBeNull();
    const error = classifyGmailError(429, google(429, 'User-rate limit exceeded (Mail sending)', 'rateLimitExceeded'), '120');
    expect(error.kind).toBe('mail-limit');
    expect(Math.abs((error.retryAt?.getTime() ?? 0) - (Date.now() + 120_000))).toBeLessThan(5000);
  });
});

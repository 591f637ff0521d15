import { describe, expect, it } from 'vitest';
import { classifyGraphError } from './graph-send';
import { defaultMicrosoftDailyCap } from './limits';
import { accountTypeFromIdToken, accountTypeFromMe, CONSUMER_TENANT_ID } from './microsoft-oauth';

/** Graph's answers mapped to the engine's error classes (provider.ts, integrations.md §D8). */

const graph = (code: string, message = 'm') => JSON.stringify({ error: { code, message, innerError: {} } });
const NOW = Date.parse('2026-11-01T09:00:00Z');

describe('classifyGraphError', () => {
  it('401 → refresh the token', () => {
    expect(classifyGraphError(401, graph('InvalidAuthenticationToken')).kind).toBe('unauthorized');
  });

  it('429 → pause this mailbox until Retry-After, in seconds or as a date', () => {
    const seconds = classifyGraphError(429, graph('ApplicationThrottled', 'Application is over its MailboxConcurrency limit.'), '30', NOW);
    expect(seconds).toMatchObject({ kind: 'mail-limit', reason: 'ApplicationThrottled' });
    expect(seconds.retryAt?.toISOString()).toBe('2026-11-01T09:00:30.000Z');
    const date = classifyGraphError(429, graph('ApplicationThrottled'), 'Sun, 01 Nov 2026 10:00:00 GMT', NOW);
    expect(date.retryAt?.toISOString()).toBe('2026-11-01T10:00:00.000Z');
    expect(classifyGraphError(429, '', undefined, NOW)).toMatchObject({ kind: 'mail-limit', retryAt: null });
  });

  it('5xx, 408 and an upload range out of step → transient', () => {
    expect(classifyGraphError(500, graph('ErrorInternalServerError')).kind).toBe('transient');
    expect(classifyGraphError(503, '<html>Service Unavailable</html>').kind).toBe('transient');
    expect(classifyGraphError(504, '').kind).toBe('transient');
    expect(classifyGraphError(408, '').kind).toBe('transient');
    expect(classifyGraphError(416, graph('ErrorInvalidRange')).kind).toBe('transient');
  });

  it('access denied or no Exchange Online mailbox → the link cannot send; a blocked or full mailbox → rest', () => {
    expect(classifyGraphError(403, graph('ErrorAccessDenied')).kind).toBe('credentials-refused');
    expect(classifyGraphError(404, graph('MailboxNotEnabledForRESTAPI')).kind).toBe('credentials-refused');
    expect(classifyGraphError(403, graph('ErrorMessageSubmissionBlocked'))).toMatchObject({ kind: 'mail-limit', retryAt: null });
    expect(classifyGraphError(403, graph('ErrorQuotaExceeded')).kind).toBe('mail-limit');
  });

  it('an invalid recipient, a message too large or refused → permanent', () => {
    expect(classifyGraphError(400, graph('ErrorInvalidRecipients')).kind).toBe('permanent');
    expect(classifyGraphError(400, graph('ErrorMimeContentInvalidBase64String')).kind).toBe('permanent');
    expect(classifyGraphError(413, graph('RequestEntityTooLarge')).kind).toBe('permanent');
    expect(classifyGraphError(403, graph('ErrorSendAsDenied')).kind).toBe('permanent');
  });

  it('names the provider and keeps Graph’s code as the reason', () => {
    expect(classifyGraphError(400, graph('ErrorInvalidRecipients', 'At least one recipient isn’t valid.'))).toMatchObject({
      provider: 'microsoft',
      status: 400,
      reason: 'ErrorInvalidRecipients',
    });
  });
});

describe('the kind of Microsoft account', () => {
  const idToken = (claims: object) => `e30.${Buffer.from(JSON.stringify(claims)).toString('base64url')}.`;

  it('from the ID token: the consumer tenant is a personal account, any other tenant an organisation', () => {
    expect(accountTypeFromIdToken(idToken({ tid: CONSUMER_TENANT_ID }))).toBe('consumer');
    expect(accountTypeFromIdToken(idToken({ tid: '72f988bf-86f1-41af-91ab-2d7cd011db47' }))).toBe('organization');
    expect(accountTypeFromIdToken(idToken({}))).toBeNull();
    expect(accountTypeFromIdToken('not a token')).toBeNull();
  });

  it('from /me: a directory GUID is an organisation, 16 hex digits a personal account', () => {
    expect(accountTypeFromMe({ id: '48d31887-5fad-4d73-a9f5-3c356e68a038' })).toBe('organization');
    expect(accountTypeFromMe({ id: '4c5b8e2a1f3d6b7a' })).toBe('consumer');
  });

  it('gives each kind its default daily cap', () => {
    expect(defaultMicrosoftDailyCap('consumer')).toBe(270);
    expect(defaultMicrosoftDailyCap('organization')).toBe(1_800);
  });
});

/**
 * No usable link: never linked (or unlinked), or the provider refused the refresh token or app password (the
 * link is now gone). Its own module so that each provider's client can throw it without importing the
 * credentials module that calls it.
 */
export class MailboxUnavailableError extends Error {
  constructor(readonly reason: 'not_linked' | 'invalid_grant') {
    super(`mailbox unavailable: ${reason}`);
    this.name = 'MailboxUnavailableError';
  }
}

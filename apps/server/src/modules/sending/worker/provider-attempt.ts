import { MailboxUnavailableError } from '../../mailbox/mailbox-credentials';
import { ProviderSendError } from '../../mailbox/providers/provider';
import type { MailboxPacer } from '../pacing';
import { isOpen, type SendingWindow } from '../window';
import type { MailboxCredentials, SendingEngine } from './engine';
import { errorText } from './failure-decision';

export type AttemptOutcome =
  /** Accepted: `at` is when the call started (the delivery's sent_at, by the engine's clock). */
  | { kind: 'sent'; at: Date; providerMessageId: string }
  | { kind: 'refused'; error: ProviderSendError }
  /** invalid_grant on the forced refresh after a 401: the mailbox is gone, nothing was sent. */
  | { kind: 'unavailable' }
  /**
   * The provider refused the mailbox's own credentials (an SMTP app password changed, consent withdrawn):
   * nothing was sent, and nothing will be from this mailbox until the user links it again.
   */
  | { kind: 'credentials-refused'; error: ProviderSendError }
  /** Refused (401) and the fresh token belongs to another address: the message must not go under it. */
  | { kind: 'relinked' }
  /** Its job sends in working hours only and the window is closed at the moment of the call: nothing was sent. */
  | { kind: 'closed' };

/**
 * One provider call for one message — two when an OAuth provider answers 401 and a forced refresh gives a new
 * token. The provider is the mailbox's (`creds.provider`); its refusals arrive as ProviderSendError kinds, so
 * this code reads no provider's status codes. Every call counts in the mailbox's pacing history, failed ones
 * too. With a `window` (the job chose working hours) no call starts while it is closed: the check is made at
 * the very instant recorded as the call's time.
 */
export async function attemptDelivery(
  engine: SendingEngine,
  profileId: string,
  message: { mime: Buffer[]; to: string },
  pacer: MailboxPacer,
  creds: MailboxCredentials,
  refreshCredentials: () => Promise<MailboxCredentials>,
  window: SendingWindow | null = null,
): Promise<AttemptOutcome> {
  const sender = engine.senders[creds.provider];
  if (!sender) throw new Error(`no sender for ${creds.provider} mailboxes in this worker`);
  let access = creds.access;
  for (let call = 0; call < 2; call++) {
    const at = engine.clock.now();
    if (window && !isOpen(at, window)) return { kind: 'closed' };
    pacer.record(at);
    try {
      const sent = await sender.send(access, { mime: message.mime, from: creds.email, to: message.to });
      return { kind: 'sent', at: new Date(at), providerMessageId: sent.id };
    } catch (error) {
      if (!(error instanceof ProviderSendError)) throw error;
      if (error.kind === 'credentials-refused') return { kind: 'credentials-refused', error };
      if (error.kind !== 'unauthorized' || call > 0) return { kind: 'refused', error };
      try {
        const fresh = await refreshCredentials();
        // Linked to another address since the message was built From the old one.
        if (fresh.email !== creds.email) return { kind: 'relinked' };
        access = fresh.access;
      } catch (refreshError) {
        if (refreshError instanceof MailboxUnavailableError) return { kind: 'unavailable' };
        return {
          kind: 'refused',
          error: new ProviderSendError(creds.provider, 'transient', 401, 'refresh', `token refresh failed: ${errorText(refreshError)}`),
        };
      }
      engine.log.info({ profileId, provider: creds.provider }, 'sending: the provider answered 401, retrying once with a refreshed token');
    }
  }
  throw new Error('a provider attempt makes at most two calls');
}

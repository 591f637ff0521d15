import { createHash } from 'node:crypto';
import type { ProviderSendClient } from '../provider';
import { createSmtpSender, type SmtpSender, type SmtpTimeouts } from './smtp-send';
import type { Resolver, SmtpNetworkRules } from './smtp-settings';

export interface SmtpProviderOptions {
  rules: SmtpNetworkRules;
  timeouts?: Partial<SmtpTimeouts>;
  /** Tests only: name resolution that needs no DNS. */
  resolve?: Resolver;
}

/**
 * The engine's view of SMTP: one connection pool per mailbox's settings (createSmtpSender), kept while they do
 * not change — a new app password or server opens a new one, and the old one is closed.
 */
export function smtpSender(options: SmtpProviderOptions): ProviderSendClient {
  const senders = new Map<string, { key: string; sender: SmtpSender }>();
  return {
    provider: 'smtp',
    send(access, message) {
      if (access.kind !== 'smtp') throw new Error('an SMTP mailbox sends with its server settings');
      const { kind: _kind, ...settings } = access;
      // The password is part of the key only as a digest: the map outlives the call.
      const key = createHash('sha256').update(JSON.stringify(settings)).digest('base64url');
      const mailbox = `${settings.user}@${settings.host}:${settings.port}`;
      let entry = senders.get(mailbox);
      if (entry && entry.key !== key) {
        entry.sender.close();
        entry = undefined;
      }
      if (!entry) {
        entry = {
          key,
          sender: createSmtpSender({ settings, rules: options.rules, timeouts: options.timeouts, resolve: options.resolve }),
        };
        senders.set(mailbox, entry);
      }
      return entry.sender.send({ mime: message.mime, from: { address: message.from, name: null }, to: message.to });
    },
    close() {
      for (const { sender } of senders.values()) sender.close();
      senders.clear();
    },
  };
}

import type { Env } from '../../../config/env';
import { microsoftClientFor } from './microsoft/microsoft-client';
import type { ClientCredentials } from './microsoft/microsoft-oauth';
import { PRODUCTION_NETWORK_RULES, type SmtpNetworkRules } from './smtp/smtp-settings';

/**
 * What linking and sending need beyond the endpoints, the same in the web processes and the workers: the Azure
 * application Microsoft mailboxes are linked through, and where SMTP connections may go.
 */
export interface MailboxSettings {
  microsoftClient: ClientCredentials | null;
  /**
   * Production: public addresses only. Embedded mode: this machine too, where its SMTP sandbox listens (the
   * sandbox fills in its host and certificate once it has started, sandbox/embedded.ts).
   */
  smtpRules: SmtpNetworkRules;
}

export function mailboxSettingsFor(env: Env, appSecret: string): MailboxSettings {
  return {
    microsoftClient: microsoftClientFor(env, appSecret),
    smtpRules: env.mode === 'production' ? { ...PRODUCTION_NETWORK_RULES } : { allowPrivateAddresses: true },
  };
}

import type { SmtpTlsMode } from './smtp-settings';

/**
 * The SMTP servers of the consumer mail services a job seeker is likely to have besides Gmail (integrations.md
 * §D3), so the linking form needs only the address and an app password. The caps are what each provider
 * publishes (or, where it publishes nothing, what is commonly reported, marked so); the engine's default cap
 * for a preset is below it, as for Gmail (integrations.md §C3), because a provider that sees a mailbox reach
 * its limit may lower it or lock the account.
 */

export interface SmtpPreset {
  id: 'yahoo' | 'zoho' | 'icloud' | 'outlook';
  name: string;
  /** Addresses that belong to this provider, to suggest the preset from what the user typed. */
  domains: readonly string[];
  host: string;
  port: number;
  tls: Exclude<SmtpTlsMode, 'none'>;
  /** The provider refuses the account's own password over SMTP: the user creates an app password first. */
  appPasswordRequired: boolean;
  /** Where the user creates the app password. */
  appPasswordUrl: string | null;
  /** The provider's published limit on messages a day (null: it publishes only another unit, see `limits`). */
  providerDailyLimit: number | null;
  /** The engine's default daily cap for mailboxes of this preset, below the provider's limit. */
  defaultDailyCap: number;
  /** The provider's limits as it states them, for the documentation and the linking form's help text. */
  limits: string;
  /**
   * false: the provider no longer accepts a password (app password or not) over SMTP, so this preset can
   * only recognise the address and send the user to the provider that works for it.
   */
  passwordLogin: boolean;
  /** When `passwordLogin` is false: the mailbox provider to link with instead. */
  useInstead?: 'microsoft';
}

export const SMTP_PRESETS: readonly SmtpPreset[] = [
  {
    // Host, ports and the app-password rule: Yahoo's SMTP settings as third-party guides restate them
    // (https://xenocept.com/docs/email-setup/yahoo.html, https://e-challan.mics.asia/help/email-smtp): Yahoo
    // refuses the account password over SMTP. Yahoo publishes no daily number for its own users; 500 messages
    // a day is the figure commonly reported (unconfirmed:
    // https://www.suped.com/knowledge/email-deliverability/technical/what-are-yahoos-smtp-connection-and-concurrent-link-limits-and-how-to-manage-them-for-email-deli).
    // Its "20 messages per SMTP connection" (https://help.yahoo.com/kb/SLN3433.html) is for servers delivering
    // to Yahoo, not for its users' submissions, but the pool's per-connection cap stays under it anyway.
    id: 'yahoo',
    name: 'Yahoo Mail',
    domains: ['yahoo.com', 'ymail.com', 'rocketmail.com', 'yahoo.co.uk', 'yahoo.fr', 'yahoo.de'],
    host: 'smtp.mail.yahoo.com',
    port: 465,
    tls: 'tls',
    appPasswordRequired: true,
    appPasswordUrl: 'https://login.yahoo.com/account/security/app-passwords',
    providerDailyLimit: 500,
    defaultDailyCap: 400,
    limits: '~500 messages a day (unconfirmed; Yahoo publishes no number), 100 recipients a message',
    passwordLogin: true,
  },
  {
    // Zoho's own page (https://www.zoho.com/mail/help/adminconsole/rates-and-limits.html): external mail is
    // limited per rolling hour, 50 to 500 an hour depending on the sender's reputation; no daily number. The
    // host is the personal one (smtp.zoho.com); addresses on a custom domain use smtppro.zoho.com, and each data
    // centre has its own (smtp.zoho.eu, smtp.zoho.in, smtp.zoho.sa…) — the form lets the user change the host
    // (https://postigo.net/smtp/zoho). An app password is needed once two-factor sign-in is on, which Zoho urges.
    // The daily cap assumes the low end of the hourly range over a working day.
    id: 'zoho',
    name: 'Zoho Mail',
    domains: ['zoho.com', 'zohomail.com', 'zoho.eu', 'zohomail.eu', 'zoho.in', 'zohomail.in', 'zoho.sa', 'zohomail.sa'],
    host: 'smtp.zoho.com',
    port: 465,
    tls: 'tls',
    appPasswordRequired: true,
    appPasswordUrl: 'https://accounts.zoho.com/home#security/app_password',
    providerDailyLimit: null,
    defaultDailyCap: 300,
    limits: '50–500 external messages an hour (rolling, by reputation), 100 recipients a message (free), 150 (paid)',
    passwordLogin: true,
  },
  {
    // Apple's page (https://support.apple.com/en-ca/102198): 1,000 messages a day, 1,000 recipients a day, 500
    // recipients a message, 20 MB a message; earlier versions said 200 messages a day
    // (https://support.apple.com/en-us/HT202305), and over the limit it answers "550 5.7.1 … You have exceeded
    // your daily sending limit", which smtp-send.ts reads as the mailbox's limit. smtp.mail.me.com on 587 with
    // STARTTLS is the only port Apple documents; an app-specific password from appleid.apple.com is required
    // (https://meshworld.in/blog/devops/email/icloud-smtp-server). The default cap stays under the older figure.
    id: 'icloud',
    name: 'iCloud Mail',
    domains: ['icloud.com', 'me.com', 'mac.com'],
    host: 'smtp.mail.me.com',
    port: 587,
    tls: 'starttls',
    appPasswordRequired: true,
    appPasswordUrl: 'https://account.apple.com/account/manage',
    providerDailyLimit: 1000,
    defaultDailyCap: 180,
    limits: '1,000 messages and 1,000 recipients a day, 500 recipients a message, 20 MB a message',
    passwordLogin: true,
  },
  {
    // Microsoft's page (https://support.microsoft.com/en-us/office/sending-limits-in-outlook-com-279ee200-594c-40f0-9ec8-bb6af7735c2e):
    // 5,000 recipients a day for Microsoft 365 subscribers (1,000 of them people never written to before),
    // "lower for non-subscribers" — 300 a day is the figure commonly given for free accounts
    // (https://www.msoutlook.info/question/235). But Microsoft ended basic authentication for Outlook.com,
    // Hotmail, Live and MSN mailboxes on 16 September 2024: a password, app password included, is refused over
    // SMTP and only OAuth (XOAUTH2) logs in (https://patriotmail.ai/blog/microsoft-modern-authentication-outlook-app-passwords,
    // https://developer.nylas.com/docs/cookbook/email/outlook-smtp-settings/). So this preset cannot link a
    // mailbox: it recognises the address and sends the user to the Microsoft provider, which signs in with OAuth.
    id: 'outlook',
    name: 'Outlook.com',
    domains: ['outlook.com', 'hotmail.com', 'live.com', 'msn.com', 'outlook.sa', 'hotmail.co.uk'],
    host: 'smtp-mail.outlook.com',
    port: 587,
    tls: 'starttls',
    appPasswordRequired: false,
    appPasswordUrl: null,
    providerDailyLimit: 300,
    defaultDailyCap: 250,
    limits: '5,000 recipients a day with Microsoft 365 (1,000 new), lower without (~300); 500 recipients a message',
    passwordLogin: false,
    useInstead: 'microsoft',
  },
];

/** The preset whose provider owns this address, if any. */
export function presetForAddress(address: string): SmtpPreset | undefined {
  const domain = address.trim().toLowerCase().split('@').pop() ?? '';
  return SMTP_PRESETS.find((preset) => preset.domains.includes(domain));
}

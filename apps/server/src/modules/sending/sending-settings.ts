import { DEFAULT_DAILY_CAPS, DEFAULT_EMAIL_DELAY_SETTINGS } from '@sira/shared';
import {
  type DailyCaps,
  dailyCapsSchema,
  type EmailDelaySettings,
  emailDelaySettingsSchema,
  type SendingSettings,
} from '@sira/shared/schemas/sending-admin';
import type { Database } from '../../db/client';
import { readSetting } from '../../lib/settings';
import type { MailProvider } from '../mailbox/providers/provider';
import { SMTP_PRESETS } from '../mailbox/providers/smtp/presets';

/** Settings keys (spec §3 settings: email_delay_settings; ADR 008: daily_caps). */
export const DELAY_SETTINGS_KEY = 'email_delay_settings';
export const DAILY_CAPS_KEY = 'daily_caps';

/**
 * A stored value that no longer passes the rules (edited by hand, or from an older version) falls back to the
 * default field by field, so the worker never paces with a negative or missing number.
 */
function mergeValid<T extends Record<string, number>>(stored: unknown, defaults: T, valid: (v: T) => boolean): T {
  const source = (stored && typeof stored === 'object' ? stored : {}) as Record<string, unknown>;
  const merged = { ...defaults } as Record<string, number>;
  for (const key of Object.keys(defaults)) {
    const value = source[key];
    const candidate = { ...merged, [key]: value } as T;
    if (typeof value === 'number' && valid(candidate)) merged[key] = value;
  }
  return merged as T;
}

export async function readSendingSettings(db: Database): Promise<SendingSettings> {
  const [delay, caps] = await Promise.all([readSetting<unknown>(db, DELAY_SETTINGS_KEY), readSetting<unknown>(db, DAILY_CAPS_KEY)]);
  return {
    delay: mergeValid<EmailDelaySettings>(delay, { ...DEFAULT_EMAIL_DELAY_SETTINGS }, (v) => emailDelaySettingsSchema.safeParse(v).success),
    dailyCaps: mergeValid<DailyCaps>(caps, { ...DEFAULT_DAILY_CAPS }, (v) => dailyCapsSchema.safeParse(v).success),
  };
}

const CONSUMER_DOMAINS = new Set(['gmail.com', 'googlemail.com']);

/** The rolling-24 h cap of a mailbox: its own override, else the default of its kind (consumer vs Workspace). */
export function dailyCapFor(email: string, caps: DailyCaps, override: number | null | undefined): number {
  if (override !== null && override !== undefined && override > 0) return override;
  const domain = email.slice(email.lastIndexOf('@') + 1).toLowerCase();
  return CONSUMER_DOMAINS.has(domain) ? caps.gmail : caps.workspace;
}

/**
 * The rolling-24 h cap of a mailbox of any provider (ADR 030): its own override, else the admin's default for
 * its kind — Gmail by its domain, Microsoft by its account type, SMTP by its server's preset (the preset's own
 * default) or the admin's default for other servers.
 */
export function mailboxDailyCap(
  mailbox: { provider: MailProvider; email: string; dailyCap: number | null; accountType: string | null; smtpHost: string | null },
  caps: DailyCaps,
): number {
  const override = mailbox.dailyCap;
  if (override !== null && override > 0) return override;
  switch (mailbox.provider) {
    case 'gmail':
      return dailyCapFor(mailbox.email, caps, null);
    case 'microsoft':
      return mailbox.accountType === 'organization' ? caps.microsoft365 : caps.outlook;
    case 'smtp': {
      const host = mailbox.smtpHost?.toLowerCase();
      const preset = SMTP_PRESETS.find((p) => p.host === host);
      return preset ? preset.defaultDailyCap : caps.smtp;
    }
  }
}

/** The user's chosen mailbox as the pacing estimates read it (send-plan.service.ts, status.service.ts). */
export interface ChosenMailboxRow {
  provider: MailProvider;
  email: string;
  daily_cap: number | null;
  account_type: string | null;
  smtp_host: string | null;
  paused_until: Date | string | null;
}

export const capInputOf = (row: ChosenMailboxRow) => ({
  provider: row.provider,
  email: row.email,
  dailyCap: row.daily_cap,
  accountType: row.account_type,
  smtpHost: row.smtp_host,
});

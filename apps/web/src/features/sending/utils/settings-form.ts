import { toSettingNumber } from '@sira/shared/messages/sending-admin';
import type { SendingSettings } from '@sira/shared/schemas/sending-admin';

export const DELAY_FIELDS = [
  'batch_size',
  'batch_delay',
  'email_delay',
  'max_per_minute',
  'max_per_hour',
  'retry_delay',
  'max_retries',
] as const;
export type DelayField = (typeof DELAY_FIELDS)[number];
export const CAP_FIELDS = ['gmail', 'workspace'] as const;
export type CapField = (typeof CAP_FIELDS)[number];

/** Spec §5 minimums: batch_size, max_per_minute and max_per_hour at least 1, the rest at least 0. Caps at least 1. */
export const delayMinimum: Record<DelayField, number> = {
  batch_size: 1,
  batch_delay: 0,
  email_delay: 0,
  max_per_minute: 1,
  max_per_hour: 1,
  retry_delay: 0,
  max_retries: 0,
};
export const CAP_MINIMUM = 1;

/** What the inputs hold: a number, or the text being typed (possibly empty). */
export type SettingsDraft = { delay: Record<DelayField, number | string>; dailyCaps: Record<CapField, number | string> };

export const draftOf = (settings: SendingSettings): SettingsDraft => ({
  delay: { ...settings.delay },
  dailyCaps: { ...settings.dailyCaps },
});

/** The body to save: every value as a number, non-numeric becoming 0 (spec §5). */
export function settingsInput(draft: SettingsDraft): SendingSettings {
  const delay = Object.fromEntries(DELAY_FIELDS.map((f) => [f, toSettingNumber(draft.delay[f])])) as Record<DelayField, number>;
  const dailyCaps = Object.fromEntries(CAP_FIELDS.map((f) => [f, toSettingNumber(draft.dailyCaps[f])])) as Record<CapField, number>;
  return { delay, dailyCaps };
}

/** Fields whose value breaks a rule (not a whole number, or under its minimum), with that minimum. */
export function settingsProblems(input: SendingSettings): Partial<Record<DelayField | CapField, number>> {
  const problems: Partial<Record<DelayField | CapField, number>> = {};
  for (const f of DELAY_FIELDS) {
    const v = input.delay[f];
    if (!Number.isInteger(v) || v < delayMinimum[f]) problems[f] = delayMinimum[f];
  }
  for (const f of CAP_FIELDS) {
    const v = input.dailyCaps[f];
    if (!Number.isInteger(v) || v < CAP_MINIMUM) problems[f] = CAP_MINIMUM;
  }
  return problems;
}

import { toSettingNumber } from '@sira/shared/messages/sending-admin';
import { DAILY_CAP_LIMITS, DELAY_LIMITS, type SendingSettings } from '@sira/shared/schemas/sending-admin';

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

export interface Limits {
  min: number;
  max: number;
}
/** The server's ranges (spec §5 minimums, our maximums): the form checks the same before saving. */
export const delayLimits: Record<DelayField, Limits> = DELAY_LIMITS;
export const capLimits: Limits = DAILY_CAP_LIMITS;

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

/** Fields whose value breaks a rule (not a whole number, or out of its range), with that range. */
export function settingsProblems(input: SendingSettings): Partial<Record<DelayField | CapField, Limits>> {
  const problems: Partial<Record<DelayField | CapField, Limits>> = {};
  const outside = (v: number, limits: Limits) => !Number.isInteger(v) || v < limits.min || v > limits.max;
  for (const f of DELAY_FIELDS) if (outside(input.delay[f], delayLimits[f])) problems[f] = delayLimits[f];
  for (const f of CAP_FIELDS) if (outside(input.dailyCaps[f], capLimits)) problems[f] = capLimits;
  return problems;
}

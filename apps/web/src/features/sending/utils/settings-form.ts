import { DAILY_CAP_FIELDS, DAILY_CAP_LIMITS, DELAY_LIMITS, settleSettingValue } from '@sira/shared';
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
export const CAP_FIELDS = DAILY_CAP_FIELDS;
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

/**
 * The body to save, as the server will store it (spec §5): every value a whole number, non-numeric becoming 0,
 * then held to its range (below the minimum the minimum). The form shows the stored values after a save.
 */
export function settingsInput(draft: SettingsDraft): SendingSettings {
  const delay = Object.fromEntries(DELAY_FIELDS.map((f) => [f, settleSettingValue(draft.delay[f], delayLimits[f])])) as Record<
    DelayField,
    number
  >;
  const dailyCaps = Object.fromEntries(CAP_FIELDS.map((f) => [f, settleSettingValue(draft.dailyCaps[f], capLimits)])) as Record<
    CapField,
    number
  >;
  return { delay, dailyCaps };
}

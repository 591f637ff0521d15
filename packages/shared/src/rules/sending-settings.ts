import { DAILY_CAP_FIELDS } from '../constants';

/**
 * The admin's sending settings (spec §5 "Sending settings"), without zod: the web's email_settings form and
 * the server read typed values with the same rule.
 */

/**
 * Each pacing number's range. The minimums are spec §5's (batch_size, max_per_minute, max_per_hour ≥ 1, the
 * rest ≥ 0); the maximums are ours, so that a slip of the keyboard cannot stop sending for years (delays in
 * seconds: a week at most between batches or retries, a day between messages). The form shows both.
 */
export const DELAY_LIMITS = {
  batch_size: { min: 1, max: 100_000 },
  batch_delay: { min: 0, max: 604_800 },
  email_delay: { min: 0, max: 86_400 },
  max_per_minute: { min: 1, max: 100_000 },
  max_per_hour: { min: 1, max: 10_000_000 },
  retry_delay: { min: 0, max: 604_800 },
  max_retries: { min: 0, max: 100 },
} as const;
/** A mailbox's rolling-24 h cap. */
export const DAILY_CAP_LIMITS = { min: 1, max: 100_000 } as const;

/** The seven pacing numbers and the two daily caps, as stored (schemas/sending-admin.ts validates their shape). */
export interface SettledSendingSettings {
  delay: Record<keyof typeof DELAY_LIMITS, number>;
  dailyCaps: Record<(typeof DAILY_CAP_FIELDS)[number], number>;
}

/** Spec §5: non-numeric becomes 0. */
function toSettingNumber(value: unknown): number {
  const n = typeof value === 'number' ? value : Number(String(value ?? '').trim());
  return Number.isFinite(n) ? n : 0;
}

/** One typed value as spec §5 reads it: a non-number becomes 0, decimals are dropped, then it is held to its range. */
export function settleSettingValue(value: unknown, limits: { min: number; max: number }): number {
  return Math.min(limits.max, Math.max(limits.min, Math.trunc(toSettingNumber(value))));
}

/**
 * What a save stores (spec §5 "numeric inputs, non-numeric becomes 0; minimums: batch_size 1, max_per_minute
 * 1, max_per_hour 1, all others 0"): each field sent is settled to a whole number within its range, below the
 * minimum becoming the minimum and past our maximum the maximum; a field or group left out keeps `current`.
 * Null when a group is sent but is not a set of fields (a malformed request).
 */
export function settleSendingSettings(
  input: { delay?: unknown; dailyCaps?: unknown },
  current: SettledSendingSettings,
): SettledSendingSettings | null {
  const isGroup = (group: unknown): group is Record<string, unknown> => !!group && typeof group === 'object' && !Array.isArray(group);
  if ((input.delay !== undefined && !isGroup(input.delay)) || (input.dailyCaps !== undefined && !isGroup(input.dailyCaps))) return null;
  const typed = { delay: input.delay ?? {}, dailyCaps: input.dailyCaps ?? {} } as Record<'delay' | 'dailyCaps', Record<string, unknown>>;
  const delay = { ...current.delay };
  for (const field of Object.keys(DELAY_LIMITS) as Array<keyof typeof DELAY_LIMITS>) {
    if (field in typed.delay) delay[field] = settleSettingValue(typed.delay[field], DELAY_LIMITS[field]);
  }
  const dailyCaps = { ...current.dailyCaps };
  for (const field of DAILY_CAP_FIELDS) {
    if (field in typed.dailyCaps) dailyCaps[field] = settleSettingValue(typed.dailyCaps[field], DAILY_CAP_LIMITS);
  }
  return { delay, dailyCaps };
}

/** A field whose saved value is not what was typed: below its minimum, past its maximum, decimal or not a number. */
export interface SettledChange {
  group: 'delay' | 'dailyCaps';
  field: string;
  /** As typed, trimmed ('' for an empty field). */
  typed: string;
  saved: number;
  limits: { min: number; max: number };
}

/**
 * What a save changed of what was typed, field by field, so the admin is told what was stored instead (spec §5
 * settles every value rather than refusing it). `typed` holds the form's values; fields left out are not listed.
 */
export function settledChanges(
  typed: { delay?: Record<string, unknown>; dailyCaps?: Record<string, unknown> },
  saved: SettledSendingSettings,
): SettledChange[] {
  const changes: SettledChange[] = [];
  const check = (group: SettledChange['group'], field: string, value: unknown, stored: number, limits: SettledChange['limits']) => {
    const text = String(value ?? '').trim();
    if (text === '' || Number(text) !== stored) changes.push({ group, field, typed: text, saved: stored, limits });
  };
  for (const field of Object.keys(DELAY_LIMITS) as Array<keyof typeof DELAY_LIMITS>) {
    if (typed.delay && field in typed.delay) check('delay', field, typed.delay[field], saved.delay[field], DELAY_LIMITS[field]);
  }
  for (const field of DAILY_CAP_FIELDS) {
    if (typed.dailyCaps && field in typed.dailyCaps)
      check('dailyCaps', field, typed.dailyCaps[field], saved.dailyCaps[field], DAILY_CAP_LIMITS);
  }
  return changes;
}

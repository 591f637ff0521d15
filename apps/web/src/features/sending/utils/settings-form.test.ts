import { DEFAULT_DAILY_CAPS, DEFAULT_EMAIL_DELAY_SETTINGS } from '@sira/shared';
import { describe, expect, it } from 'vitest';
import { draftOf, settingsInput, settingsProblems } from './settings-form';

const defaults = { delay: { ...DEFAULT_EMAIL_DELAY_SETTINGS }, dailyCaps: { ...DEFAULT_DAILY_CAPS } };

describe('email_settings form (spec §5)', () => {
  it('turns anything non-numeric into 0', () => {
    const draft = draftOf(defaults);
    draft.delay.email_delay = '';
    draft.delay.retry_delay = 'abc';
    draft.delay.batch_delay = ' 12 ';
    const input = settingsInput(draft);
    expect(input.delay.email_delay).toBe(0);
    expect(input.delay.retry_delay).toBe(0);
    expect(input.delay.batch_delay).toBe(12);
    expect(settingsProblems(input)).toEqual({});
  });

  it('holds batch_size, max_per_minute and max_per_hour to at least 1 and the others to at least 0', () => {
    const draft = draftOf(defaults);
    draft.delay.batch_size = '';
    draft.delay.max_per_minute = 0;
    draft.delay.max_per_hour = -3;
    draft.delay.max_retries = -1;
    draft.delay.email_delay = 0;
    draft.dailyCaps.gmail = 0;
    expect(settingsProblems(settingsInput(draft))).toEqual({ batch_size: 1, max_per_minute: 1, max_per_hour: 1, max_retries: 0, gmail: 1 });
  });

  it('refuses fractions', () => {
    const draft = draftOf(defaults);
    draft.delay.email_delay = 0.5;
    expect(settingsProblems(settingsInput(draft))).toEqual({ email_delay: 0 });
  });
});

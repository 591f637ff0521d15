import { DEFAULT_DAILY_CAPS, DEFAULT_EMAIL_DELAY_SETTINGS, settleSendingSettings } from '@sira/shared';
import { describe, expect, it } from 'vitest';
import { draftOf, settingsInput } from './settings-form';

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
  });

  it('raises batch_size, max_per_minute and max_per_hour to 1 and the others to 0, and drops decimals', () => {
    const draft = draftOf(defaults);
    draft.delay.batch_size = '';
    draft.delay.max_per_minute = 0;
    draft.delay.max_per_hour = -3;
    draft.delay.max_retries = -1;
    draft.delay.email_delay = 0.5;
    draft.dailyCaps.gmail = 0;
    const input = settingsInput(draft);
    expect(input.delay).toMatchObject({ batch_size: 1, max_per_minute: 1, max_per_hour: 1, max_retries: 0, email_delay: 0 });
    expect(input.dailyCaps.gmail).toBe(1);
  });

  it('sends what the server stores, so the form shows after a save what it sent', () => {
    const draft = draftOf(defaults);
    draft.delay.email_delay = 90_000;
    draft.delay.max_retries = 150;
    draft.dailyCaps.workspace = 100_001;
    draft.delay.batch_size = 'x';
    const input = settingsInput(draft);
    expect(input.delay).toMatchObject({ email_delay: 86_400, max_retries: 100, batch_size: 1 });
    expect(input.dailyCaps.workspace).toBe(100_000);
    expect(settleSendingSettings(draft, defaults)).toEqual(input);
  });
});

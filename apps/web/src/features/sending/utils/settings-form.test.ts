import { DEFAULT_DAILY_CAPS, DEFAULT_EMAIL_DELAY_SETTINGS } from '@sira/shared';
import { sendingSettingsSchema } from '@sira/shared/schemas/sending-admin';
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
    const problems = settingsProblems(settingsInput(draft));
    expect(Object.keys(problems).sort()).toEqual(['batch_size', 'gmail', 'max_per_hour', 'max_per_minute', 'max_retries']);
    expect([problems.batch_size?.min, problems.max_per_minute?.min, problems.max_per_hour?.min]).toEqual([1, 1, 1]);
    expect([problems.max_retries?.min, problems.gmail?.min]).toEqual([0, 1]);
  });

  it('refuses fractions', () => {
    const draft = draftOf(defaults);
    draft.delay.email_delay = 0.5;
    expect(Object.keys(settingsProblems(settingsInput(draft)))).toEqual(['email_delay']);
  });

  it('checks the same upper bounds as the server, so that nothing the form lets through is refused', () => {
    const draft = draftOf(defaults);
    draft.delay.email_delay = 90_000;
    draft.delay.max_retries = 150;
    draft.dailyCaps.workspace = 100_001;
    const input = settingsInput(draft);
    expect(sendingSettingsSchema.safeParse(input).success).toBe(false);
    expect(settingsProblems(input)).toEqual({
      email_delay: { min: 0, max: 86_400 },
      max_retries: { min: 0, max: 100 },
      workspace: { min: 1, max: 100_000 },
    });
    // At the bounds both agree it may be saved.
    draft.delay.email_delay = 86_400;
    draft.delay.max_retries = 100;
    draft.dailyCaps.workspace = 100_000;
    expect(settingsProblems(settingsInput(draft))).toEqual({});
    expect(sendingSettingsSchema.safeParse(settingsInput(draft)).success).toBe(true);
  });
});

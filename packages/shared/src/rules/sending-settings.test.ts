import { describe, expect, it } from 'vitest';
import { sendingSettingsText } from '../messages/sending-admin';
import { DAILY_CAP_LIMITS, DELAY_LIMITS, settledChanges, settleSendingSettings } from './sending-settings';

const current = {
  delay: { batch_size: 100, batch_delay: 60, email_delay: 1, max_per_minute: 60, max_per_hour: 3600, retry_delay: 300, max_retries: 3 },
  dailyCaps: { gmail: 400, workspace: 1800, outlook: 270, microsoft365: 1800, smtp: 300 },
};

describe('settledChanges: what a save stored instead of what was typed', () => {
  it('names every field below its minimum, past its maximum, decimal, empty or not a number, and nothing else', () => {
    const typed = {
      delay: {
        ...current.delay,
        batch_size: '0',
        max_per_hour: 99_999_999,
        email_delay: '2.5',
        retry_delay: '',
        max_retries: 'abc',
        batch_delay: ' 30 ',
      },
      dailyCaps: { gmail: 400, workspace: '-5' },
    };
    const saved = settleSendingSettings(typed, current);
    if (!saved) throw new Error('settled to nothing');
    expect(settledChanges(typed, saved)).toEqual([
      { group: 'delay', field: 'batch_size', typed: '0', saved: 1, limits: DELAY_LIMITS.batch_size },
      { group: 'delay', field: 'email_delay', typed: '2.5', saved: 2, limits: DELAY_LIMITS.email_delay },
      { group: 'delay', field: 'max_per_hour', typed: '99999999', saved: 10_000_000, limits: DELAY_LIMITS.max_per_hour },
      { group: 'delay', field: 'retry_delay', typed: '', saved: 0, limits: DELAY_LIMITS.retry_delay },
      { group: 'delay', field: 'max_retries', typed: 'abc', saved: 0, limits: DELAY_LIMITS.max_retries },
      { group: 'dailyCaps', field: 'workspace', typed: '-5', saved: 1, limits: DAILY_CAP_LIMITS },
    ]);
  });

  it('lists nothing when every value was stored as typed', () => {
    expect(settledChanges(current, current)).toEqual([]);
    expect(settledChanges({ delay: { batch_size: '100' } }, current)).toEqual([]);
  });

  it('tells the admin what was typed and what was saved, with the range', () => {
    const text = sendingSettingsText.savedSettled([
      { label: sendingSettingsText.fields.batch_size, typed: '0', saved: 1, limits: DELAY_LIMITS.batch_size },
      { label: sendingSettingsText.dailyCaps.gmail, typed: '', saved: 1, limits: DAILY_CAP_LIMITS },
    ]);
    expect(text).toContain('حجم الدفعة (عدد الرسائل): كُتب 0 فحُفظ 1 (المسموح 1–100,000)');
    expect(text).toContain('حسابات Gmail الشخصية: تُرك فارغاً فحُفظ 1');
    expect(text).not.toBe(sendingSettingsText.saved);
  });
});

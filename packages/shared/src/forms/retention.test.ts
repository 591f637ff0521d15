import { describe, expect, it } from 'vitest';
import { retentionFormSchema } from './retention';

describe('retentionFormSchema', () => {
  it('takes whole days from 7 to 3650 and refuses the rest with one message', () => {
    for (const days of [7, 90, 3650]) expect(retentionFormSchema.safeParse({ days }).success).toBe(true);
    for (const days of [6, 3651, 30.5, '', '30']) {
      const result = retentionFormSchema.safeParse({ days });
      expect(result.success).toBe(false);
      expect(result.error?.issues[0]?.message).toBe('أدخل عدد أيام صحيحاً بين 7 و3650.');
    }
  });
});

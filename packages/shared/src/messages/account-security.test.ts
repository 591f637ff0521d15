import { describe, expect, it } from 'vitest';
import { accountSecurityText, dayCount } from './account-security';

describe('dayCount', () => {
  it('agrees the noun with the number as Arabic does', () => {
    expect([1, 2, 7, 10, 11, 90, 99, 100, 365].map(dayCount)).toEqual([
      'يوم واحد',
      'يومين',
      '7 أيام',
      '10 أيام',
      '11 يوماً',
      '90 يوماً',
      '99 يوماً',
      '100 يوم',
      '365 يوماً',
    ]);
    expect(accountSecurityText.retention.nothingHeld(7)).toContain('بعد 7 أيام من');
  });
});

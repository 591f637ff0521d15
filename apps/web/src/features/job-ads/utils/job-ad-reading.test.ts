import { JOB_AD_ADDRESSES_MAX } from '@sira/shared/schemas/job-ads';
import { describe, expect, it } from 'vitest';
import { blockedReason, initiallyChosen, readErrorText } from './job-ad-reading';
import { jobAdText } from './texts';

const open = (email: string) => ({ email, blocked: null, contactedAt: null });

describe('what was read from a job ad', () => {
  it('chooses at first every address that may be written to, up to one application’s limit', () => {
    const addresses = [
      open('a@x.sa'),
      { email: 'b@x.sa', blocked: 'opted_out' as const, contactedAt: null },
      ...Array.from({ length: JOB_AD_ADDRESSES_MAX + 2 }, (_, i) => open(`c${i}@x.sa`)),
    ];
    const chosen = initiallyChosen(addresses);
    expect(chosen).toHaveLength(JOB_AD_ADDRESSES_MAX);
    expect(chosen).not.toContain('b@x.sa');
    expect(chosen[0]).toBe('a@x.sa');
  });

  it('says why an address cannot be written to, with the date it was', () => {
    const date = (iso: string) => iso.slice(0, 10);
    expect(blockedReason(open('a@x.sa'), date)).toBeNull();
    expect(blockedReason({ email: 'a@x.sa', blocked: 'contacted', contactedAt: '2026-11-02T09:00:00Z' }, date)).toBe(
      jobAdText.contactedOn('2026-11-02'),
    );
    expect(blockedReason({ email: 'a@x.sa', blocked: 'opted_out', contactedAt: null }, date)).toBe(jobAdText.optedOut);
    expect(blockedReason({ email: 'a@x.sa', blocked: 'undeliverable', contactedAt: null }, date)).toBe(jobAdText.undeliverable);
  });

  it('falls back to the reading’s own failure', () => {
    expect(readErrorText(undefined)).toBe(jobAdText.readFailed);
    expect(readErrorText('INTERNAL')).toBe(jobAdText.readFailed);
  });
});

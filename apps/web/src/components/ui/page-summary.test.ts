import { describe, expect, it } from 'vitest';
import { keysetSummary } from './page-summary';

describe('page texts (spec §2)', () => {
  it('places a page read by key from where the server says it starts', () => {
    const exact = { fromIsEstimate: false, totalIsEstimate: false, pageSize: 25 };
    expect(keysetSummary({ ...exact, from: 26, total: 103, shown: 25 })).toEqual({ range: 'عرض 26 إلى 50 من 103', page: 'صفحة 2 من 5' });
    // Walked back from the end, the first page may be short.
    expect(keysetSummary({ ...exact, from: 1, total: 103, shown: 3 })).toEqual({ range: 'عرض 1 إلى 3 من 103', page: 'صفحة 1 من 5' });
    expect(keysetSummary({ ...exact, from: 0, total: 0, shown: 0 })).toEqual({ range: 'عرض 0 إلى 0 من 0', page: 'صفحة 0 من 0' });
  });

  it('says «نحو» of an estimated total or place, and why', () => {
    expect(keysetSummary({ from: 1, fromIsEstimate: false, total: 1_000_000, totalIsEstimate: true, pageSize: 1000, shown: 1000 })).toEqual(
      {
        range: 'عرض 1 إلى 1000 من نحو 1000000',
        page: 'صفحة 1 من نحو 1000',
        estimated: expect.stringContaining('تقديرية'),
      },
    );
    expect(
      keysetSummary({ from: 999_001, fromIsEstimate: true, total: 1_000_000, totalIsEstimate: true, pageSize: 1000, shown: 1000 }).range,
    ).toBe('عرض نحو 999001 إلى 1000000 من نحو 1000000');
  });
});

import { describe, expect, it } from 'vitest';
import { pageSummary } from './page-summary';

describe('page texts (spec §2)', () => {
  it('counts the rows shown on this page of the total', () => {
    expect(pageSummary({ page: 1, pageSize: 1000, total: 3500, pageCount: 4, shown: 1000 })).toEqual({
      range: 'عرض 1 إلى 1000 من 3500',
      page: 'صفحة 1 من 4',
    });
    expect(pageSummary({ page: 4, pageSize: 1000, total: 3500, pageCount: 4, shown: 500 }).range).toBe('عرض 3001 إلى 3500 من 3500');
    expect(pageSummary({ page: 1, pageSize: 1000, total: 0, pageCount: 0, shown: 0 })).toEqual({
      range: 'عرض 0 إلى 0 من 0',
      page: 'صفحة 0 من 0',
    });
  });

  it('says «more than» for a search counted only up to the limit, and asks for a narrower one', () => {
    expect(pageSummary({ page: 2, pageSize: 1000, total: 10000, pageCount: 10, shown: 1000, totalIsLowerBound: true })).toEqual({
      range: 'عرض 1001 إلى 2000 من أكثر من 10000',
      page: 'صفحة 2 من 10',
      narrow: 'تطابق البحث أكثر من 10,000 شركة، وتُعرض أول 10 صفحات منها فقط. أضف كلمات أدق إلى البحث لتضييق النتائج.',
    });
    expect(pageSummary({ page: 1, pageSize: 1000, total: 10000, pageCount: 10, shown: 1000, totalIsLowerBound: false })).not.toHaveProperty(
      'narrow',
    );
  });
});

import { describe, expect, it } from 'vitest';
import { auditFields, readableValue } from './audit-fields';

describe('audit fields', () => {
  it('lists an update field by field, marking what changed', () => {
    expect(
      auditFields(
        { name: 'باقة نمو', price: 99, isPopular: false, content: '<p>أهلاً</p><p>وسهلاً &amp; مرحباً</p>' },
        { name: 'باقة نمو', price: 149, isPopular: true, content: '<p>أهلاً</p>' },
      ),
    ).toEqual([
      { field: 'name', before: 'باقة نمو', after: 'باقة نمو', changed: false },
      { field: 'price', before: '99', after: '149', changed: true },
      { field: 'isPopular', before: 'لا', after: 'نعم', changed: true },
      { field: 'content', before: 'أهلاً\nوسهلاً & مرحباً', after: 'أهلاً', changed: true },
    ]);
  });

  it('shows a creation with nothing before, and a deletion with nothing after', () => {
    expect(auditFields(null, { title: 'قسم', ids: ['a', 'b'] })).toEqual([
      { field: 'title', before: null, after: 'قسم', changed: false },
      { field: 'ids', before: null, after: 'a، b', changed: false },
    ]);
    expect(auditFields({ title: 'قسم' }, null)).toEqual([{ field: 'title', before: 'قسم', after: null, changed: false }]);
  });

  it('reads nested values and bare snapshots', () => {
    expect(readableValue({ inserted: 3, skipped: { duplicates: 1 } })).toBe('inserted: 3\nskipped: duplicates: 1');
    expect(auditFields(null, 7)).toEqual([{ field: 'value', before: null, after: '7', changed: true }]);
  });
});

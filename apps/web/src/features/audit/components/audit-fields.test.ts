import { auditFieldLabel } from '@sira/shared/messages/audit-admin';
import { describe, expect, it } from 'vitest';
import { auditChangeSummary, auditFields, auditItemName, readableValue } from './audit-fields';

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
    expect(readableValue({ inserted: 3, skipped: { duplicates: 1 } })).toBe('inserted: 3\nتُخطّيت: مكررة: 1');
    expect(auditFields(null, 7)).toEqual([{ field: 'value', before: null, after: '7', changed: true }]);
  });
});

describe('audit rows a person can read', () => {
  const credit = {
    entity: 'profiles',
    entityId: '3f1c0b8e-2f59-4e0e-9d2c-7f3e0d1b2a4c',
    before: { email: 'sara@example.com', packageName: 'تجريبي', messagesRemaining: 10 },
    after: { email: 'sara@example.com', packageName: 'باقة المحترف', messagesRemaining: 11714 },
  };

  it('names the fields in Arabic, a settings group field by field, never by the key recorded', () => {
    expect(auditFieldLabel('packageName')).toBe('الباقة');
    expect(auditFieldLabel('messagesRemaining')).toBe('الرسائل المتبقية');
    expect(auditFieldLabel('delay.batch_size')).toBe('حجم الدفعة (عدد الرسائل)');
    const settings = auditFields(
      { delay: { batch_size: 100, email_delay: 1 }, dailyCaps: { gmail: 400 } },
      { delay: { batch_size: 1, email_delay: 1 }, dailyCaps: { gmail: 400 } },
    );
    expect(settings.map((f) => [auditFieldLabel(f.field), f.before, f.after, f.changed])).toEqual([
      ['حجم الدفعة (عدد الرسائل)', '100', '1', true],
      ['التأخير بين الرسائل (بالثواني)', '1', '1', false],
      ['الحد اليومي: حسابات Gmail الشخصية', '400', '400', false],
    ]);
    expect(readableValue({ batch_size: 5 })).toBe('حجم الدفعة (عدد الرسائل): 5');
  });

  it('says what an update changed, before ← after, with one number format', () => {
    expect(auditChangeSummary(credit)).toEqual([
      'الباقة: \u2068تجريبي\u2069 ← \u2068باقة المحترف\u2069',
      'الرسائل المتبقية: \u206810\u2069 ← \u206811,714\u2069',
    ]);
    expect(auditChangeSummary({ before: credit.before, after: credit.before })).toEqual(['لم يتغيّر شيء']);
    // A long value is named, not quoted; past three changes the rest are counted.
    const page = auditChangeSummary({
      before: { content: 'أ'.repeat(80), title: 'أ', slug: 'a', order: 1 },
      after: { content: 'ب'.repeat(80), title: 'ب', slug: 'b', order: 2 },
    });
    expect(page).toEqual(['المحتوى (تغيّر)', 'العنوان: \u2068أ\u2069 ← \u2068ب\u2069', 'الرابط: \u2068a\u2069 ← \u2068b\u2069', 'و1 غيرها']);
    expect(auditChangeSummary({ before: null, after: { name: 'x' } })).toEqual([]);
  });

  it('names the item by its name, title, e-mail or setting, not its id', () => {
    expect(auditItemName(credit)).toBe('sara@example.com');
    expect(auditItemName({ entity: 'packages', entityId: 'id', before: { name: 'باقة قديمة' }, after: null })).toBe('باقة قديمة');
    expect(auditItemName({ entity: 'pages', entityId: 'id', before: null, after: { title: 'من نحن' } })).toBe('من نحن');
    expect(auditItemName({ entity: 'settings', entityId: 'email_delay_settings', before: {}, after: {} })).toBe('إعدادات الإرسال');
    expect(auditItemName({ entity: 'excel_files', entityId: 'id', before: null, after: { filename: 'شركات.xlsx' } })).toBe('شركات.xlsx');
    expect(auditItemName({ entity: 'companies', entityId: 'id', before: null, after: null })).toBeNull();
  });
});

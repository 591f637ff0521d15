import { describe, expect, it } from 'vitest';
import { importErrorFeedback, importResultFeedback } from './companies-feedback';

const result = (added: number, skipped: number, duplicates: number) => ({
  fileId: '00000000-0000-4000-8000-000000000000',
  rows: added + skipped + duplicates,
  added,
  skipped,
  duplicates,
  duplicateRows: [],
  skippedRows: [],
  formulaCells: [],
  formulas: 0,
});

describe('import result toast (spec §8)', () => {
  it('is a success naming what was added and what was skipped', () => {
    expect(importResultFeedback(result(4, 0, 0))).toEqual({ kind: 'success', text: '4 شركات أضيفت بنجاح' });
    const mixed = importResultFeedback(result(4, 3, 2));
    expect(mixed.kind).toBe('success');
    expect(mixed.text).toBe('4 شركات أضيفت بنجاح، وتم تخطي 3 صفوف غير صالحة، وتم تخطي صفين ببريد مكرر');
    expect(importResultFeedback(result(11, 1, 0)).text).toBe('11 شركة أضيفت بنجاح، وتم تخطي صف واحد غير صالح');
  });

  it('warns when rows were skipped and none added, and informs when nothing valid was new', () => {
    expect(importResultFeedback(result(0, 5, 0))).toMatchObject({
      kind: 'warning',
      text: expect.stringContaining('تم تخطي 5 صفوف غير صالحة'),
    });
    expect(importResultFeedback(result(0, 0, 6))).toMatchObject({ kind: 'info', text: expect.stringContaining('(6)') });
    expect(importResultFeedback(result(0, 0, 0))).toEqual({ kind: 'info', text: 'لا توجد شركات صالحة للإضافة' });
  });
});

describe('import error toast (spec §5, §8)', () => {
  it('shows the empty file as information and the spec texts that stand alone', () => {
    expect(importErrorFeedback('EXCEL_EMPTY')).toEqual({ kind: 'info', text: 'الملف فارغ.' });
    expect(importErrorFeedback('EXCEL_FILE_TYPE').text).toBe('يرجى اختيار ملف Excel فقط');
    expect(importErrorFeedback('EXCEL_PACKAGE_REQUIRED').text).toBe('يرجى اختيار باقة افتراضية أو التأكد من وجود عمود "الباقة" في الملف.');
    expect(importErrorFeedback('UNAUTHORIZED').text).toBe('يجب تسجيل الدخول أولاً');
    expect(importErrorFeedback('EXCEL_READ_FAILED').text).toBe('فشل في قراءة الملف.');
  });

  it('prefixes processing, writing and pre-upload failures as the spec does', () => {
    expect(importErrorFeedback('EXCEL_TOO_MANY_ROWS').text).toBe(
      'فشل في معالجة الملف: الملف يحتوي على أكثر من 100,000 صف. قسّمه إلى ملفات أصغر.',
    );
    expect(importErrorFeedback('EXCEL_UNCOMPRESSED_TOO_LARGE').text).toMatch(/^فشل في معالجة الملف: .*100 ميغابايت/);
    expect(importErrorFeedback('EXCEL_TOO_COMPLEX')).toEqual({
      kind: 'error',
      text: 'فشل في معالجة الملف: تطلّبت قراءة الملف وقتاً أو ذاكرة أكثر من المسموح. احفظه من جديد بصيغة xlsx أو قسّمه إلى ملفات أصغر.',
    });
    expect(importErrorFeedback('EXCEL_IMPORT_BUSY').text).toMatch(/^فشل في معالجة الملف: يجري الآن استيراد ملف آخر/);
    expect(importErrorFeedback('COMPANIES_IMPORT_FAILED').text).toBe(
      'حدث خطأ أثناء إضافة الشركات: تعذّر حفظ الشركات في قاعدة البيانات. تمت إضافة 0 فقط.',
    );
    expect(importErrorFeedback('NETWORK').text).toMatch(/^خطأ قبل الرفع: تعذر الاتصال بالخادم/);
    expect(importErrorFeedback('PACKAGE_NOT_FOUND').text).toBe('خطأ قبل الرفع: الباقة غير موجودة');
  });
});

describe('a sheet whose headers are not recognised', () => {
  it('gets one message naming the Arabic headers and their English equivalents', () => {
    const feedback = importErrorFeedback('EXCEL_HEADERS_UNRECOGNISED');
    expect(feedback.kind).toBe('error');
    for (const header of ['اسم الشركة', 'البريد الإلكتروني', 'القطاع', 'الموقع', 'الباقة', 'Company', 'Email', 'Package']) {
      expect(feedback.text).toContain(header);
    }
  });
});

import { companiesImportResultSchema } from '@sira/shared/schemas/companies-admin';
import { describe, expect, it } from 'vitest';
import { offerable, ownImportFeedback } from './own-companies-texts';
import { ownCompanyBody, ownCompanyFormSchema } from './own-company-form';

const result = (added: number, skipped: number, duplicates: number) =>
  companiesImportResultSchema.parse({
    fileId: '9a8b7c6d-5e4f-4a3b-8c1d-0e9f8a7b6c5d',
    rows: added + skipped + duplicates,
    added,
    skipped,
    duplicates,
    duplicateRows: [],
    skippedRows: [],
    formulaCells: [],
    formulas: 0,
  });

describe('my companies: the form', () => {
  it('sends trimmed values, an empty sector or city as absent and no contact as null', () => {
    expect(ownCompanyBody({ name: ' شركة الأفق ', email: ' hr@ufuq.example ', sector: ' ', city: 'جدة', contactName: '' })).toEqual({
      name: 'شركة الأفق',
      email: 'hr@ufuq.example',
      city: 'جدة',
      contactName: null,
    });
  });

  it('asks for a name and an address a message can reach, one message at a time', () => {
    const check = (values: Partial<Parameters<typeof ownCompanyBody>[0]>) =>
      ownCompanyFormSchema.safeParse({ name: 'شركة', email: 'hr@firm.example', sector: '', city: '', contactName: '', ...values });
    expect(check({}).success).toBe(true);
    expect(check({ name: ' ' }).error?.issues.map((i) => i.message)).toEqual(['اسم الشركة والبريد الإلكتروني مطلوبان.']);
    const invalid = check({ email: 'not-an-address' }).error?.issues;
    expect(invalid?.map((i) => [i.path, i.message])).toEqual([[['email'], 'البريد الإلكتروني غير صالح.']]);
  });
});

describe('my companies: an upload and a suggestion', () => {
  it('says what an upload added, and what it left out', () => {
    expect(ownImportFeedback(result(3, 2, 1))).toEqual({
      kind: 'success',
      text: 'أضيفت إلى قائمتك 3 شركات، وتم تخطي صفين غير صالحين، وصف واحد ببريد موجود أو مكرر',
    });
    expect(ownImportFeedback(result(0, 1, 0)).kind).toBe('warning');
    expect(ownImportFeedback(result(0, 0, 4)).kind).toBe('info');
  });

  it('offers only chosen rows on screen that were never suggested', () => {
    const rows = [
      { id: 'a', suggestion: null },
      { id: 'b', suggestion: 'pending' as const },
      { id: 'c', suggestion: null },
    ];
    expect(offerable(new Set(['a', 'b', 'gone']), rows)).toEqual(['a']);
  });
});

import { describe, expect, it } from 'vitest';
import { planImport, planOwnListImport } from './import-plan';

const options = { packagesByName: new Map([['باقة نمو', 'p1']]), defaultPackageId: 'p0', uploadedAt: new Date('2026-01-01T00:00:00Z') };
const sheet = (header: string[], ...rows: string[][]) => ({ header, rows: rows.map((cells, i) => ({ row: i + 2, cells })) });

describe('import plan: which column is which', () => {
  it('reads English headers in any case and spacing, and the Arabic without the hamza', () => {
    for (const header of [
      ['Company', 'Email', 'Sector', 'City', 'Package'],
      ['  COMPANY   NAME ', 'E-mail', 'industry', 'Location', 'package'],
      ['اسم الشركه', 'البريد الالكتروني', 'القطاع', 'الموقع', 'الباقة'],
    ]) {
      const plan = planImport(sheet(header, ['شركة', 'hr@co.example', 'تقنية', 'الرياض', 'باقة نمو']), options);
      expect(plan.companies, JSON.stringify(header)).toEqual([
        { row: 2, name: 'شركة', email: 'hr@co.example', sector: 'تقنية', location: 'الرياض', packageId: 'p1' },
      ]);
    }
  });

  it('refuses a sheet with no e-mail column once, whatever else it has', () => {
    expect(() => planImport(sheet(['Firm', 'Mail'], ['x', 'hr@co.example']), options)).toThrow(
      expect.objectContaining({ code: 'EXCEL_HEADERS_UNRECOGNISED' }),
    );
  });

  it('names the row a duplicate repeats, and lists formula cells of the columns read only', () => {
    const plan = planImport(
      {
        header: ['Company', 'Email', 'Notes'],
        rows: [
          { row: 2, cells: ['a', 'hr@co.example', ''], formulas: [0, 2] },
          { row: 5, cells: ['b', 'HR@co.example', ''] },
        ],
      },
      options,
    );
    expect(plan.duplicates).toEqual([{ row: 5, email: 'hr@co.example', firstRow: 2 }]);
    expect(plan.formulaCells).toEqual([{ row: 2, column: 'Company' }]);
  });
});

describe('import plan: a user’s own list', () => {
  it('reads no package column, and the optional contact-name column in Arabic or English', () => {
    for (const [header, contact] of [
      [['اسم الشركة', 'البريد الإلكتروني', 'الباقة', 'اسم المسؤول'], 'أ. سالم'],
      [['Company', 'Email', 'Package', 'Contact Name'], 'أ. سالم'],
      [['Company', 'Email', 'Package'], null],
    ] as const) {
      const plan = planOwnListImport(sheet([...header], ['شركة', 'HR@co.example', 'باقة غير موجودة', 'أ. سالم']), {
        uploadedAt: new Date('2026-01-01T00:00:00Z'),
      });
      expect(plan.skipped, JSON.stringify(header)).toEqual([]);
      expect(plan.companies, JSON.stringify(header)).toEqual([
        { row: 2, name: 'شركة', email: 'hr@co.example', sector: 'غير محدد', location: 'غير محدد', contactName: contact },
      ]);
    }
  });
});

import { contract } from '@sira/shared/contract';
import { companiesMessageForCode, companiesText } from '@sira/shared/messages/companies-admin';
import { type CompaniesImportResult, companiesImportResultSchema } from '@sira/shared/schemas/companies-admin';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { findToast, renderInApp } from '~test/render';
import { stubUpload } from '~test/upload';
import { AdminCompaniesImport } from './admin-companies-import';

const PACKAGE_ID = '5f0c8a1e-2b3d-4c5e-8f6a-7b8c9d0e1f2a';
const packageOptions = [{ value: PACKAGE_ID, label: 'الباقة الأساسية' }];

const result = (over: Partial<CompaniesImportResult> = {}): CompaniesImportResult =>
  companiesImportResultSchema.parse({
    fileId: '9a8b7c6d-5e4f-4a3b-8c1d-0e9f8a7b6c5d',
    rows: 7,
    added: 2,
    skipped: 2,
    duplicates: 2,
    duplicateRows: [
      { row: 4, email: 'hr@alpha.example', firstRow: 2 },
      { row: 5, email: 'jobs@beta.example' },
    ],
    formulaCells: [{ row: 3, column: 'البريد الإلكتروني' }],
    formulas: 1,
    skippedRows: [
      { row: 6, reason: 'EMAIL_INVALID' },
      { row: 8, reason: 'PACKAGE_UNKNOWN' },
    ],
    ...over,
  });

const excel = (name = 'companies.xlsx') =>
  new File(['PK'], name, { type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' });

async function openImport() {
  const app = renderInApp(<AdminCompaniesImport packageOptions={packageOptions} />, { path: '/admin/companies' });
  const card = within(screen.getByRole('region', { name: 'رفع ملف Excel' }));
  const choose = async (file: File) => {
    const input = document.querySelector<HTMLInputElement>('input[type="file"]');
    if (!input) throw new Error('no file input');
    await app.user.upload(input, file);
  };
  return { ...app, card, choose };
}

describe('admin: importing companies from Excel', () => {
  it('tells what was added, and which rows were skipped or repeated, by their row numbers', async () => {
    const sent = stubUpload({ lines: [{ progress: { done: 0, total: 2 } }, { progress: { done: 2, total: 2 } }, { result: result() }] });
    const app = await openImport();
    await app.user.click(app.card.getByRole('combobox', { name: 'الباقة الافتراضية' }));
    await app.user.click(screen.getByRole('option', { name: 'الباقة الأساسية' }));
    await app.choose(excel());
    await app.user.click(app.card.getByRole('button', { name: 'رفع الملف' }));

    const answer = await app.card.findByRole('status');
    expect(within(answer).getByText('نتيجة آخر رفع')).toBeTruthy();
    expect(within(answer).getByText('صفوف الملف: 7 — أضيفت: 2 — صفوف غير صالحة: 2 — مكررة: 2')).toBeTruthy();
    const items = within(answer)
      .getAllByRole('listitem')
      .map((item) => item.textContent);
    expect(items).toEqual([
      'الصف 4: hr@alpha.example — مكرر للصف 2 في الملف',
      'الصف 5: jobs@beta.example — موجود في الدليل',
      'الصف 6: البريد الإلكتروني غير صالح',
      'الصف 8: الباقة غير معروفة ولا توجد باقة افتراضية',
      'الصف 3، عمود «البريد الإلكتروني»',
    ]);
    // The toast sums it up.
    await findToast('شركتان أضيفت بنجاح، وتم تخطي صفين غير صالحين، وتم تخطي صفين ببريد مكرر');

    expect(sent).toHaveLength(1);
    expect(sent[0]?.url).toBe(contract.companies.import.path);
    expect(sent[0]?.form.get('defaultPackageId')).toBe(PACKAGE_ID);
    expect((sent[0]?.form.get('file') as File | undefined)?.name).toBe('companies.xlsx');
    // The file is taken: the next upload needs another.
    expect((app.card.getByRole('button', { name: 'رفع الملف' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('warns when no row could be added', async () => {
    stubUpload({
      lines: [{ result: result({ added: 0, duplicates: 0, duplicateRows: [], formulas: 0, formulaCells: [] }) }],
    });
    const app = await openImport();
    await app.choose(excel());
    await app.user.click(app.card.getByRole('button', { name: 'رفع الملف' }));
    const answer = await app.card.findByRole('status');
    expect(within(answer).getByText('صفوف الملف: 7 — أضيفت: 0 — صفوف غير صالحة: 2 — مكررة: 0')).toBeTruthy();
    expect(within(answer).queryByTestId('import-formula-cells')).toBeNull();
    await findToast('لم تتم إضافة أي شركة: تم تخطي صفين غير صالحين');
  });

  it('holds each format to its own size before sending: 12 MB goes as .xls, not as .xlsx', async () => {
    // A few bytes that say they are 12 MB: the panel reads the size the browser gives.
    const twelveMegabytes = (name: string) => Object.defineProperty(new File(['PK'], name), 'size', { value: 12 * 1024 * 1024 });
    const sent = stubUpload({ lines: [{ progress: { done: 0, total: 1 } }, { result: result({ rows: 1, added: 1 }) }] });
    const app = await openImport();
    expect(app.card.getByText(/10 ميغابايت لملفات ‎\.xlsx‎ و20 ميغابايت لملفات ‎\.xls‎/)).toBeTruthy();
    await app.choose(twelveMegabytes('big.xlsx'));
    await app.user.click(app.card.getByRole('button', { name: 'رفع الملف' }));
    await findToast(`خطأ قبل الرفع: ${companiesText.fileTooLarge}`);
    expect(sent).toHaveLength(0);
    await app.choose(twelveMegabytes('big.xls'));
    await app.user.click(app.card.getByRole('button', { name: 'رفع الملف' }));
    await app.card.findByRole('status');
    expect(sent).toHaveLength(1);
  });

  it('refuses a file that is not Excel before sending anything', async () => {
    const sent = stubUpload({ lines: [] });
    const app = await openImport();
    await app.choose(new File(['a,b'], 'companies.csv', { type: 'text/csv' }));
    await findToast(companiesText.excelOnly);
    expect((app.card.getByRole('button', { name: 'رفع الملف' }) as HTMLButtonElement).disabled).toBe(true);
    expect(sent).toHaveLength(0);
  });

  it('says why the server could not read the file', async () => {
    stubUpload({ status: 422, body: { code: 'EXCEL_HEADERS_UNRECOGNISED' } });
    const app = await openImport();
    await app.choose(excel());
    await app.user.click(app.card.getByRole('button', { name: 'رفع الملف' }));
    await findToast(`فشل في معالجة الملف: ${companiesMessageForCode('EXCEL_HEADERS_UNRECOGNISED')}`);
    expect(app.card.queryByText('نتيجة آخر رفع')).toBeNull();
  });
});

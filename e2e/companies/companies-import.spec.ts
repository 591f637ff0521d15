import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { field } from '../fixtures/accounts';
import { expectNoAxeViolations, useBrowser } from '../fixtures/browser';
import { choose, companiesTimeout, fixture, openCompaniesTab, rowOf, seen, toastsGone } from './companies-helpers';

const browser = useBrowser();

describe('admin companies tab', companiesTimeout, () => {
  it('imports real Excel files and reports each outcome as the spec says', async () => {
    const { page, consoleErrors } = await openCompaniesTab(browser);
    const input = page.locator('input[type="file"]');
    const upload = page.getByRole('button', { name: 'رفع الملف' });
    expect(await upload.isDisabled()).toBe(true);

    // Not an Excel name: refused in the browser.
    await input.setInputFiles({ name: 'companies.csv', mimeType: 'text/csv', buffer: readFileSync(fixture('companies.csv')) });
    await seen(page, 'يرجى اختيار ملف Excel فقط');
    expect(await upload.isDisabled()).toBe(true);

    // The LibreOffice .xlsx: added, skipped and duplicate rows counted.
    await input.setInputFiles(fixture('companies.xlsx'));
    await upload.click();
    await seen(page, /^\d+ (شركات|شركة) أضيفت بنجاح، وتم تخطي 4 صفوف غير صالحة/);
    await page.getByText('نتيجة آخر رفع').waitFor();
    await page.getByText('الصف 4: لا يوجد بريد إلكتروني').waitFor();
    // Duplicates are named by their row, with the row they repeat.
    await page.getByText(/^الصف 8: hr@ufuq\.example — مكرر للصف 2 في الملف$/).waitFor();
    await expectNoAxeViolations(page);
    await page.getByLabel(field('بحث')).fill('ufuq');
    await rowOf(page, 'شركة الأفق للتقنية').waitFor();
    await toastsGone(page);

    // The same file again adds nothing: a warning.
    await input.setInputFiles(fixture('companies.xlsx'));
    await upload.click();
    await seen(page, /^لم تتم إضافة أي شركة: تم تخطي 4 صفوف غير صالحة/);
    await page.getByText(/^الصف 2: hr@ufuq\.example — موجود في الدليل$/).waitFor();

    // No package column: a default package is needed.
    await input.setInputFiles(fixture('no-package-column.xlsx'));
    await upload.click();
    await seen(page, 'يرجى اختيار باقة افتراضية أو التأكد من وجود عمود "الباقة" في الملف.');
    await choose(page, 'الباقة الافتراضية', 'باقة نمو');
    await upload.click();
    await seen(page, 'شركتان أضيفت بنجاح');

    // English headers are read like the Arabic ones; headers naming no e-mail column get one message naming them.
    await input.setInputFiles(fixture('english-headers.xlsx'));
    await upload.click();
    await seen(page, /^شركتان أضيفت بنجاح|^لا توجد شركات جديدة صالحة للإضافة/);
    await toastsGone(page);
    await input.setInputFiles(fixture('unknown-headers.xlsx'));
    await upload.click();
    await seen(
      page,
      /^فشل في معالجة الملف: لم نتعرف على عناوين الأعمدة في الصف الأول.*اسم الشركة، البريد الإلكتروني، القطاع، الموقع، الباقة/,
    );

    // Formula cells: stored as the text they show, and listed with their row and column.
    await input.setInputFiles(fixture('formula-cells.xls'));
    await upload.click();
    await page
      .getByTestId('import-formula-cells')
      .getByText(/^3 خلايا فيها صيغة بدل قيمة/)
      .waitFor();
    await page.getByTestId('import-formula-cells').getByText('الصف 2، عمود «اسم الشركة»').waitFor();
    await expectNoAxeViolations(page);
    await page.getByLabel(field('بحث')).fill('formula-link@firm.example');
    await rowOf(page, 'formula-link@firm.example').getByText('click', { exact: true }).waitFor();

    // Empty and fake workbooks.
    await input.setInputFiles(fixture('header-only.xlsx'));
    await upload.click();
    await seen(page, 'الملف فارغ.');
    await input.setInputFiles({
      name: 'fake.xlsx',
      mimeType: 'application/octet-stream',
      buffer: Buffer.from('name,email\nA,a@b.example\n'),
    });
    await upload.click();
    await seen(page, /^فشل في معالجة الملف: محتوى الملف ليس ملف Excel حقيقياً/);
    expect(consoleErrors.filter((e) => !e.includes('Failed to load resource'))).toEqual([]);
  });
});

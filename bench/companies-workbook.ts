import * as XLSX from '@e965/xlsx';
import { EXCEL_HEADERS } from '@sira/shared/messages/companies-admin';

/**
 * A directory workbook as administrators upload it: the five spec columns, `rows` companies with fresh e-mails
 * (`run` keeps two uploads apart), package names spread over `packageNames`. .xls is BIFF8, as Excel saves it.
 */
export function companiesWorkbook(options: { rows: number; run: string; packageNames: string[]; format: 'xlsx' | 'xls' }): Buffer {
  const sheet: string[][] = [
    [EXCEL_HEADERS.name, EXCEL_HEADERS.email, EXCEL_HEADERS.sector, EXCEL_HEADERS.location, EXCEL_HEADERS.package],
  ];
  for (let i = 0; i < options.rows; i++) {
    sheet.push([
      `شركة القياس ${i}`,
      `bench.${options.run}.${i}@bench.example`,
      'تقنية المعلومات',
      i % 2 ? 'الرياض' : 'جدة',
      options.packageNames[i % options.packageNames.length] ?? '',
    ]);
  }
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet(sheet), 'companies');
  return XLSX.write(book, { type: 'buffer', bookType: options.format === 'xls' ? 'biff8' : 'xlsx', compression: true }) as Buffer;
}

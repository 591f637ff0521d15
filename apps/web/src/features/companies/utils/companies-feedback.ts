import { ar, countOf, messageForCode, NOUNS } from '@sira/shared';
import { companiesMessageForCode } from '@sira/shared/messages/companies-admin';
import type { CompaniesImportResult } from '@sira/shared/schemas/companies-admin';

/** The spec's toast texts for this tab (§8), with {msg} the Arabic text of the error. */
export const companiesToasts = {
  fetchFailed: ar.errors.dataFetchFailed,
  addFailed: (msg: string) => `خطأ في إضافة الشركة: ${msg}`,
  updateFailed: (msg: string) => `خطأ في تحديث الشركة: ${msg}`,
  deleteFailed: (msg: string) => `خطأ في حذف الشركة: ${msg}`,
  added: 'تمت إضافة الشركة بنجاح',
  updated: 'تم تحديث الشركة بنجاح',
  deleted: 'تم حذف الشركة بنجاح',
  readFailed: 'فشل في قراءة الملف.',
  processFailed: (msg: string) => `فشل في معالجة الملف: ${msg}`,
  beforeUpload: (msg: string) => `خطأ قبل الرفع: ${msg}`,
  insertFailed: (msg: string, added: number) => `حدث خطأ أثناء إضافة الشركات: ${msg}. تمت إضافة ${added} فقط.`,
} as const;

/** The Arabic text of an API error code: this tab's codes first, then the app's. */
export const companiesErrorText = (code: string | undefined) => companiesMessageForCode(code) ?? messageForCode(code);

export interface Feedback {
  kind: 'success' | 'warning' | 'info' | 'error';
  text: string;
}

/** The upload result toast (spec §8): success with what was skipped, a warning when nothing was added. */
export function importResultFeedback(result: CompaniesImportResult): Feedback {
  const skipped = result.skipped ? `، وتم تخطي ${countOf(result.skipped, NOUNS.invalidRow, 'genitive')}` : '';
  const duplicates = result.duplicates ? `، وتم تخطي ${countOf(result.duplicates, NOUNS.row, 'genitive')} ببريد مكرر` : '';
  if (result.added > 0) return { kind: 'success', text: `${countOf(result.added, NOUNS.company)} أضيفت بنجاح${skipped}${duplicates}` };
  if (result.skipped > 0)
    return { kind: 'warning', text: `لم تتم إضافة أي شركة: تم تخطي ${countOf(result.skipped, NOUNS.invalidRow, 'genitive')}${duplicates}` };
  return {
    kind: 'info',
    text: result.duplicates
      ? `لا توجد شركات جديدة صالحة للإضافة: كل الصفوف (${result.duplicates}) موجودة في الدليل أو مكررة في الملف`
      : 'لا توجد شركات صالحة للإضافة',
  };
}

const PROCESSING = new Set([
  'EXCEL_NOT_SPREADSHEET',
  'EXCEL_UNCOMPRESSED_TOO_LARGE',
  'EXCEL_TOO_MANY_ROWS',
  'EXCEL_UNREADABLE',
  'EXCEL_TOO_COMPLEX',
  'EXCEL_IMPORT_BUSY',
  'EXCEL_FILE_TOO_LARGE',
  'EXCEL_HEADERS_UNRECOGNISED',
  'INTERNAL',
]);
/** Texts the spec shows on their own, without a prefix. */
const STANDALONE = new Set(['EXCEL_FILE_TYPE', 'EXCEL_PACKAGE_REQUIRED', 'UNAUTHORIZED']);

/** Which of the spec's upload messages a failed upload shows. The server rolls a failed write back, so 0 were added. */
export function importErrorFeedback(code: string): Feedback {
  const msg = companiesErrorText(code);
  if (code === 'EXCEL_EMPTY') return { kind: 'info', text: msg };
  if (code === 'EXCEL_READ_FAILED') return { kind: 'error', text: companiesToasts.readFailed };
  if (code === 'COMPANIES_IMPORT_FAILED') return { kind: 'error', text: companiesToasts.insertFailed(msg, 0) };
  if (PROCESSING.has(code)) return { kind: 'error', text: companiesToasts.processFailed(msg) };
  if (STANDALONE.has(code)) return { kind: 'error', text: msg };
  return { kind: 'error', text: companiesToasts.beforeUpload(msg) };
}

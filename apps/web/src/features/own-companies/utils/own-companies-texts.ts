import { countOf, formatNumber, messageForCode, NOUNS } from '@sira/shared';
import { companiesMessageForCode, EXCEL_HEADERS } from '@sira/shared/messages/companies-admin';
import { OWN_LIST_CONTACT_HEADERS, ownCompaniesMessageForCode } from '@sira/shared/messages/own-companies';
import type { CompaniesImportResult } from '@sira/shared/schemas/companies-admin';
import type { OwnCompaniesSummary, OwnCompany } from '@sira/shared/schemas/own-companies';
import { ApiRequestError } from '~/lib/api-client';

/** The columns of the user's list, also the labels of the add and edit dialog's fields. */
export const ownCompanyColumns = {
  select: 'اختيار',
  name: 'اسم الشركة',
  email: 'البريد الإلكتروني',
  sector: 'القطاع',
  city: 'المدينة',
  contactName: 'اسم المسؤول',
  state: 'الحالة',
  actions: 'الإجراءات',
} as const;

const megabytes = (bytes: number) => formatNumber(Math.round(bytes / (1024 * 1024)));

/** The sheet's headers and limits as the upload card states them. */
export function importRulesText(summary: Pick<OwnCompaniesSummary, 'maxRows' | 'maxBytes'>): string {
  return `حتى ${countOf(summary.maxRows, NOUNS.company, 'genitive')} في قائمتك. حجم الملف: حتى ${megabytes(summary.maxBytes.xlsx)} ميغابايت لملف ‎.xlsx‎، وحتى ${megabytes(summary.maxBytes.xls)} ميغابايت لملف ‎.xls‎`;
}

/** The headers the upload reads (the admin import's, without the package, and whom to greet), as the card lists them. */
export const importHeaders = [
  { header: EXCEL_HEADERS.name, english: 'Company' },
  { header: EXCEL_HEADERS.email, english: 'Email' },
  { header: EXCEL_HEADERS.sector, english: 'Sector' },
  { header: EXCEL_HEADERS.location, english: 'City' },
  { header: `${OWN_LIST_CONTACT_HEADERS[0]} (اختياري)`, english: 'Contact name' },
] as const;

/** The Arabic text of a failed call: the list's codes, the import's, then the app's. */
export function ownCompaniesErrorText(error: unknown): string {
  const code = error instanceof ApiRequestError ? error.code : undefined;
  return ownCompaniesMessageForCode(code) ?? companiesMessageForCode(code) ?? messageForCode(code);
}

/** The toast after an upload: what was added, and what was left out. */
export function ownImportFeedback(result: CompaniesImportResult): { kind: 'success' | 'warning' | 'info'; text: string } {
  const skipped = result.skipped ? `، وتم تخطي ${countOf(result.skipped, NOUNS.invalidRow, 'genitive')}` : '';
  const duplicates = result.duplicates ? `، و${countOf(result.duplicates, NOUNS.row)} ببريد موجود أو مكرر` : '';
  if (result.added > 0) return { kind: 'success', text: `أضيفت إلى قائمتك ${countOf(result.added, NOUNS.company)}${skipped}${duplicates}` };
  if (result.skipped > 0)
    return { kind: 'warning', text: `لم تتم إضافة أي شركة: تم تخطي ${countOf(result.skipped, NOUNS.invalidRow, 'genitive')}${duplicates}` };
  return {
    kind: 'info',
    text: result.duplicates
      ? 'لا توجد شركات جديدة في الملف: كل عناوينه موجودة في قائمتك أو مكررة فيه'
      : 'لا توجد شركات صالحة للإضافة في الملف',
  };
}

/** A row the user may offer to the directory: one never offered (a decision, either way, is final). */
export const canSuggest = (company: Pick<OwnCompany, 'suggestion'>) => company.suggestion === null;

/** The selection kept to the rows still offerable on screen: a row suggested or deleted meanwhile drops out. */
export function offerable(selected: ReadonlySet<string>, rows: readonly Pick<OwnCompany, 'id' | 'suggestion'>[]): string[] {
  return rows.filter((row) => selected.has(row.id) && canSuggest(row)).map((row) => row.id);
}

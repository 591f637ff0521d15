import { countOf, NOUNS } from '../format';
import { isMailAddress } from '../rules/mail-address';

/**
 * "My companies" (ADR 029): a job seeker's own list, its upload limits, error codes with their Arabic texts and
 * the add/edit rule; and the admin's review of suggested rows. zod-free, so the web can import it at run time;
 * the schemas are in schemas/own-companies. The upload reads the admin import's sheet (messages/companies-admin:
 * headers, formula cells, skipped rows), whose codes keep their own texts.
 */

/** Most companies one user's list may hold: a send takes the list whole, and a list is typed or kept by hand. */
export const OWN_LIST_MAX_ROWS = 5_000;
/**
 * Most data rows one upload may hold: twice the list, so a sheet with blank, invalid or repeated rows still
 * reads, and a larger one is refused before it costs the parser more.
 */
export const OWN_LIST_MAX_SHEET_ROWS = 2 * OWN_LIST_MAX_ROWS;
/**
 * Largest upload of each format. 10,000 rows of long Arabic names take under 1 MB as .xlsx and about 3.6 MB as
 * .xls (which keeps no compression); the admin's directory limits are for 100,000 rows.
 */
export const OWN_LIST_MAX_BYTES = { xlsx: 2 * 1024 * 1024, xls: 5 * 1024 * 1024 } as const;
/** Most bytes an .xlsx may unpack to: 10,000 rows unpack to about 4 MB. */
export const OWN_LIST_MAX_UNCOMPRESSED_BYTES = 20 * 1024 * 1024;

/** The optional column of whom to greet, compared without case or extra spaces (the first that matches wins). */
export const OWN_LIST_CONTACT_HEADERS: readonly string[] = [
  'اسم المسؤول',
  'المسؤول',
  'جهة الاتصال',
  'اسم جهة الاتصال',
  'contact',
  'contact name',
  'contact person',
];

/** The feature's name where packages are listed (/pricing, the upgrade page). */
export const OWN_LIST_FEATURE = 'رفع قائمة شركاتك الخاصة';

const megabytes = (bytes: number) => Math.round(bytes / (1024 * 1024));

export const ownCompaniesText = {
  notInPackage: 'باقتك الحالية لا تشمل «قائمة شركاتي». رقِّ باقتك إلى باقة تتيح رفع قائمة شركاتك الخاصة لتضيف شركات أو ترفع ملفاً.',
  fieldsRequired: 'اسم الشركة والبريد الإلكتروني مطلوبان.',
  emailInvalid: 'البريد الإلكتروني غير صالح.',
  emailTaken: 'هذا البريد الإلكتروني موجود في قائمتك بالفعل. عدّل الشركة الموجودة بدلاً من إضافتها مرة أخرى.',
  notFound: 'لم يتم العثور على الشركة في قائمتك؛ ربما حُذفت. حدّث القائمة وحاول مرة أخرى.',
  listFull: `تتسع قائمتك لـ${countOf(OWN_LIST_MAX_ROWS, NOUNS.company, 'genitive')} على الأكثر. احذف شركات لا تحتاجها ثم حاول مرة أخرى.`,
  uploadWouldOverflow: `لم يُضف شيء من الملف: فيه شركات جديدة أكثر مما يتبقى في قائمتك (${countOf(OWN_LIST_MAX_ROWS, NOUNS.company, 'genitive')} على الأكثر). احذف شركات لا تحتاجها من قائمتك أو قسّم الملف، ثم أعد الرفع.`,
  fileTooLarge: `حجم الملف أكبر من المسموح: ${megabytes(OWN_LIST_MAX_BYTES.xlsx)} ميغابايت لملفات ‎.xlsx‎ و${megabytes(OWN_LIST_MAX_BYTES.xls)} ميغابايت لملفات ‎.xls‎.`,
  tooManyRows: `الملف يحتوي على أكثر من ${countOf(OWN_LIST_MAX_SHEET_ROWS, NOUNS.row, 'genitive')}، وقائمتك تتسع لـ${countOf(OWN_LIST_MAX_ROWS, NOUNS.company, 'genitive')}. قسّمه إلى ملفات أصغر.`,
  unpacksTooLarge: `الملف يتمدد عند فك ضغطه إلى أكثر من ${megabytes(OWN_LIST_MAX_UNCOMPRESSED_BYTES)} ميغابايت، فلا يمكن قراءته بأمان.`,
  importFailed: 'تعذّر حفظ الشركات في قائمتك، ولم يُضف شيء من الملف. يرجى المحاولة مرة أخرى.',
  suggestNone: 'لم يتم العثور على الشركات المختارة في قائمتك؛ ربما حُذفت. حدّث القائمة وحاول مرة أخرى.',
  suggestionPackageNotFound: 'الباقة المختارة غير موجودة.',
} as const;

/** Error codes of /api/my-companies/* and the admin's suggestions. */
type OwnCompaniesErrorCode =
  /** The user's package has no can_upload_excel: no upload and no addition (deleting stays allowed). */
  | 'OWN_LIST_NOT_IN_PACKAGE'
  | 'OWN_COMPANY_FIELDS_REQUIRED'
  | 'OWN_COMPANY_EMAIL_INVALID'
  /** The address is already in this user's list (unique per user by lower(email)). */
  | 'OWN_COMPANY_EMAIL_TAKEN'
  /** Not a row of this user's list (another user's id answers the same: its existence is not confirmed). */
  | 'OWN_COMPANY_NOT_FOUND'
  /** An addition past OWN_LIST_MAX_ROWS. */
  | 'OWN_LIST_FULL'
  /** An upload whose new addresses would take the list past OWN_LIST_MAX_ROWS; nothing was added. */
  | 'OWN_LIST_UPLOAD_TOO_MANY'
  | 'OWN_LIST_FILE_TOO_LARGE'
  | 'OWN_LIST_TOO_MANY_ROWS'
  | 'OWN_LIST_UNCOMPRESSED_TOO_LARGE'
  /** Writing the rows failed; the rows written were taken back. */
  | 'OWN_LIST_IMPORT_FAILED'
  /** None of the ids to suggest is a row of this user's list. */
  | 'OWN_SUGGEST_NONE'
  /** The admin accepted suggestions into a package that does not exist or is the admin package. */
  | 'SUGGESTION_PACKAGE_NOT_FOUND';

const textByCode: Record<OwnCompaniesErrorCode, string> = {
  OWN_LIST_NOT_IN_PACKAGE: ownCompaniesText.notInPackage,
  OWN_COMPANY_FIELDS_REQUIRED: ownCompaniesText.fieldsRequired,
  OWN_COMPANY_EMAIL_INVALID: ownCompaniesText.emailInvalid,
  OWN_COMPANY_EMAIL_TAKEN: ownCompaniesText.emailTaken,
  OWN_COMPANY_NOT_FOUND: ownCompaniesText.notFound,
  OWN_LIST_FULL: ownCompaniesText.listFull,
  OWN_LIST_UPLOAD_TOO_MANY: ownCompaniesText.uploadWouldOverflow,
  OWN_LIST_FILE_TOO_LARGE: ownCompaniesText.fileTooLarge,
  OWN_LIST_TOO_MANY_ROWS: ownCompaniesText.tooManyRows,
  OWN_LIST_UNCOMPRESSED_TOO_LARGE: ownCompaniesText.unpacksTooLarge,
  OWN_LIST_IMPORT_FAILED: ownCompaniesText.importFailed,
  OWN_SUGGEST_NONE: ownCompaniesText.suggestNone,
  SUGGESTION_PACKAGE_NOT_FOUND: ownCompaniesText.suggestionPackageNotFound,
};

/**
 * The Arabic text of a "my companies" error code, or undefined when the code is not one of ours (then the
 * admin import's texts, companiesMessageForCode, and the app-wide ones apply).
 */
export function ownCompaniesMessageForCode(code: string | undefined): string | undefined {
  return code && code in textByCode ? textByCode[code as OwnCompaniesErrorCode] : undefined;
}

export type OwnCompanyRuleCode = 'OWN_COMPANY_FIELDS_REQUIRED' | 'OWN_COMPANY_EMAIL_INVALID';

/** Add and edit (the admin company form's rule, without a package): name and e-mail, then the e-mail pattern. */
export function checkOwnCompanyInput(input: { name: string; email: string }): OwnCompanyRuleCode | null {
  const email = input.email.trim();
  if (!input.name.trim() || !email) return 'OWN_COMPANY_FIELDS_REQUIRED';
  if (!isMailAddress(email.toLowerCase())) return 'OWN_COMPANY_EMAIL_INVALID';
  return null;
}

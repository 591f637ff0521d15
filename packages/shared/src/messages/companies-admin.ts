import { isMailAddress } from '../rules/mail-address';

/**
 * The admin companies tab (spec §2, §5, §8): its limits, error codes with their Arabic texts, and the
 * add/edit rule. zod-free, so the web can import it at run time; the schemas are in schemas/companies-admin.
 */

/** Largest .xlsx accepted for upload: it is compressed, and 100,000 rows of long Arabic names take about 7.4 MB. */
export const EXCEL_MAX_BYTES = 10 * 1024 * 1024;
/**
 * Largest .xls accepted for upload. The format keeps no compression, so the same rows take about three times the
 * bytes (a 50,000-row directory: 11 MB as .xls, 3.1 MB as .xlsx; with long Arabic names about 18 MB), and it
 * holds at most 65,535 rows under the header. What a parse costs in memory follows the cells, not the bytes.
 */
export const XLS_MAX_BYTES = 20 * 1024 * 1024;
/** The upload limit of a workbook by its format: .xls files have their own (XLS_MAX_BYTES). */
export const excelMaxBytes = (format: 'xlsx' | 'xls') => (format === 'xls' ? XLS_MAX_BYTES : EXCEL_MAX_BYTES);
/** The format a file name says (.xls, else .xlsx), for the panel's check before an upload. */
export const excelFormatOf = (filename: string): 'xlsx' | 'xls' => (filename.toLowerCase().endsWith('.xls') ? 'xls' : 'xlsx');
const megabytes = (bytes: number) => Math.round(bytes / (1024 * 1024));
/** The size limits as the panel states them. */
export const excelSizeLimitsText = `${megabytes(EXCEL_MAX_BYTES)} ميغابايت لملفات ‎.xlsx‎ و${megabytes(XLS_MAX_BYTES)} ميغابايت لملفات ‎.xls‎`;
/** Most data rows (after the header) one upload may hold. */
export const EXCEL_MAX_ROWS = 100_000;
/**
 * Most bytes an .xlsx may unpack to: a few MB that inflate to gigabytes are a zip bomb, not a directory.
 * 100,000 rows of long Arabic names and addresses unpack to ≈ 40 MB; the parser holds several times what it
 * unpacks (a crafted 190 MB sheet took 1.6 GB and 26 s), so the cap leaves room for real files and no more.
 */
export const EXCEL_MAX_UNCOMPRESSED_BYTES = 100 * 1024 * 1024;
const EXCEL_EXTENSIONS = ['.xlsx', '.xls'] as const;

/** The Arabic column headers read from an uploaded sheet (spec §5). */
export const EXCEL_HEADERS = {
  name: 'اسم الشركة',
  email: 'البريد الإلكتروني',
  sector: 'القطاع',
  location: 'الموقع',
  package: 'الباقة',
} as const;

/**
 * Other headers read as each column, compared without case or extra spaces: the obvious English names (a
 * directory exported from another system), and the Arabic ones as often typed without the hamza.
 */
export const EXCEL_HEADER_ALIASES: Record<keyof typeof EXCEL_HEADERS, readonly string[]> = {
  name: ['company', 'company name', 'name', 'اسم الشركه'],
  email: ['email', 'e-mail', 'email address', 'e-mail address', 'البريد الالكتروني'],
  sector: ['sector', 'industry'],
  location: ['city', 'location'],
  package: ['package', 'package name'],
};

/** What a missing sector or location becomes, and the label of a company the sheet left unnamed. */
export const UNSPECIFIED = 'غير محدد';
export const UNNAMED_COMPANY = 'شركة بدون اسم';

export const hasExcelExtension = (filename: string) => EXCEL_EXTENSIONS.some((ext) => filename.toLowerCase().endsWith(ext));

export const companiesText = {
  fieldsRequired: 'اسم الشركة والبريد الإلكتروني مطلوبان.',
  emailInvalid: 'البريد الإلكتروني غير صالح.',
  packageRequired: 'يرجى اختيار باقة للشركة.',
  emailTaken: 'توجد شركة أخرى بهذا البريد الإلكتروني في الدليل. استخدم بريداً مختلفاً أو عدّل الشركة الموجودة.',
  companyNotFound: 'لم يتم العثور على الشركة؛ ربما حُذفت. حدّث القائمة وحاول مرة أخرى.',
  packageNotFound: 'الباقة غير موجودة',
  excelOnly: 'يرجى اختيار ملف Excel فقط',
  fileMissing: 'لم يتم إرفاق أي ملف.',
  fileTooLarge: `حجم الملف أكبر من المسموح: ${excelSizeLimitsText}.`,
  notSpreadsheet: 'محتوى الملف ليس ملف Excel حقيقياً (xlsx أو xls)، حتى لو كان اسمه ينتهي بذلك.',
  unpacksTooLarge: 'الملف يتمدد عند فك ضغطه إلى أكثر من 100 ميغابايت، فلا يمكن قراءته بأمان.',
  tooManyRows: 'الملف يحتوي على أكثر من 100,000 صف. قسّمه إلى ملفات أصغر.',
  unreadable: 'تعذّر قراءة محتوى الجدول؛ قد يكون الملف تالفاً أو محمياً بكلمة مرور.',
  readFailed: 'فشل في قراءة الملف.',
  tooComplex: 'تطلّبت قراءة الملف وقتاً أو ذاكرة أكثر من المسموح. احفظه من جديد بصيغة xlsx أو قسّمه إلى ملفات أصغر.',
  importBusy: 'يجري الآن استيراد ملف آخر، فلم يُقرأ هذا الملف ولم يُضف منه شيء. أعد رفعه بعد قليل.',
  empty: 'الملف فارغ.',
  packageColumnOrDefault: 'يرجى اختيار باقة افتراضية أو التأكد من وجود عمود "الباقة" في الملف.',
  headersUnrecognised: `لم نتعرف على عناوين الأعمدة في الصف الأول: لا يوجد فيها عمود للبريد الإلكتروني. يجب أن يكون الصف الأول عناوين الأعمدة: ${Object.values(
    EXCEL_HEADERS,
  ).join('، ')} (أو بالإنجليزية: Company، Email، Sector، City، Package).`,
  saveFailed: 'تعذّر حفظ الشركات في قاعدة البيانات',
} as const;

/** Error codes of the companies endpoints. */
type CompaniesErrorCode =
  | 'COMPANY_FIELDS_REQUIRED'
  | 'COMPANY_EMAIL_INVALID'
  | 'COMPANY_PACKAGE_REQUIRED'
  /** Another company already has this e-mail (the directory is unique on lower(email)). */
  | 'COMPANY_EMAIL_TAKEN'
  | 'COMPANY_NOT_FOUND'
  /** The chosen package (for a company or as an upload's default) does not exist or is the admin package. */
  | 'PACKAGE_NOT_FOUND'
  /** The upload's file name does not end in .xlsx or .xls. */
  | 'EXCEL_FILE_TYPE'
  | 'EXCEL_FILE_MISSING'
  | 'EXCEL_FILE_TOO_LARGE'
  /** The bytes are neither a zip-based workbook (PK\x03\x04) nor an OLE2 one (D0 CF 11 E0). */
  | 'EXCEL_NOT_SPREADSHEET'
  /** The .xlsx entries inflate past EXCEL_MAX_UNCOMPRESSED_BYTES (a zip bomb). */
  | 'EXCEL_UNCOMPRESSED_TOO_LARGE'
  | 'EXCEL_TOO_MANY_ROWS'
  /** The spreadsheet library could not parse the workbook (corrupt, encrypted). */
  | 'EXCEL_UNREADABLE'
  /** Parsing went past its time or memory budget (the worker thread was stopped). */
  | 'EXCEL_TOO_COMPLEX'
  /** Other uploads' parses used up this one's time before it could be read; nothing was added. */
  | 'EXCEL_IMPORT_BUSY'
  /** The upload stream itself broke off. */
  | 'EXCEL_READ_FAILED'
  /** No data row under the header. */
  | 'EXCEL_EMPTY'
  /** The sheet has no package column and no default package was chosen. */
  | 'EXCEL_PACKAGE_REQUIRED'
  /** No header of the first row names the e-mail column (in Arabic or an English equivalent). */
  | 'EXCEL_HEADERS_UNRECOGNISED'
  /** Writing the rows failed; the transaction was rolled back, nothing was added. */
  | 'COMPANIES_IMPORT_FAILED';

const textByCode: Record<CompaniesErrorCode, string> = {
  COMPANY_FIELDS_REQUIRED: companiesText.fieldsRequired,
  COMPANY_EMAIL_INVALID: companiesText.emailInvalid,
  COMPANY_PACKAGE_REQUIRED: companiesText.packageRequired,
  COMPANY_EMAIL_TAKEN: companiesText.emailTaken,
  COMPANY_NOT_FOUND: companiesText.companyNotFound,
  PACKAGE_NOT_FOUND: companiesText.packageNotFound,
  EXCEL_FILE_TYPE: companiesText.excelOnly,
  EXCEL_FILE_MISSING: companiesText.fileMissing,
  EXCEL_FILE_TOO_LARGE: companiesText.fileTooLarge,
  EXCEL_NOT_SPREADSHEET: companiesText.notSpreadsheet,
  EXCEL_UNCOMPRESSED_TOO_LARGE: companiesText.unpacksTooLarge,
  EXCEL_TOO_MANY_ROWS: companiesText.tooManyRows,
  EXCEL_UNREADABLE: companiesText.unreadable,
  EXCEL_TOO_COMPLEX: companiesText.tooComplex,
  EXCEL_IMPORT_BUSY: companiesText.importBusy,
  EXCEL_READ_FAILED: companiesText.readFailed,
  EXCEL_EMPTY: companiesText.empty,
  EXCEL_PACKAGE_REQUIRED: companiesText.packageColumnOrDefault,
  EXCEL_HEADERS_UNRECOGNISED: companiesText.headersUnrecognised,
  COMPANIES_IMPORT_FAILED: companiesText.saveFailed,
};

/** The Arabic text of a companies error code, or undefined when the code is not one of ours. */
export function companiesMessageForCode(code: string | undefined): string | undefined {
  return code && code in textByCode ? textByCode[code as CompaniesErrorCode] : undefined;
}

export type CompanyRuleCode = 'COMPANY_FIELDS_REQUIRED' | 'COMPANY_EMAIL_INVALID' | 'COMPANY_PACKAGE_REQUIRED';

/** Add and edit company (spec §5), in the spec's order: name and e-mail, then the e-mail pattern, then a package. */
export function checkCompanyInput(input: { name: string; email: string; packageId: string | null | undefined }): CompanyRuleCode | null {
  const email = input.email.trim();
  if (!input.name.trim() || !email) return 'COMPANY_FIELDS_REQUIRED';
  if (!isMailAddress(email.toLowerCase())) return 'COMPANY_EMAIL_INVALID';
  if (!input.packageId) return 'COMPANY_PACKAGE_REQUIRED';
  return null;
}

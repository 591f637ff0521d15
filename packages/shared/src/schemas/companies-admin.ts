import { z } from 'zod';
import { ADMIN_COMPANIES_PAGE_SIZE, ADMIN_COMPANIES_PAGE_SIZES } from '../constants';
import { keysetPageFields, pageCursor, singleLine } from './common';

// The admin companies tab: the directory and its spreadsheet import.
// Rule checks with Arabic messages live in messages/companies-admin.ts; these schemas bound sizes and shapes.

export const adminCompanySchema = z.object({
  id: z.uuid(),
  name: z.string(),
  email: z.string(),
  sector: z.string(),
  location: z.string(),
  packageId: z.uuid(),
  packageName: z.string(),
  /** Times a user's message to this address was refused as undeliverable. */
  hardFailures: z.number().int(),
  /** The receiver asked for no more CVs at this address (the company opt-out): no send reaches it. */
  optedOut: z.boolean(),
  updatedAt: z.string(),
});
export type AdminCompany = z.infer<typeof adminCompanySchema>;

export const adminCompaniesQuerySchema = z.object({
  /** Contained in the name or the e-mail, case-insensitive. */
  search: z.string().trim().max(200).optional(),
  packageId: z.uuid().optional(),
  /** The page: a cursor of the last answer (previous, next, last, current); absent, the first page. */
  cursor: pageCursor(),
  /** One of ADMIN_COMPANIES_PAGE_SIZES. */
  pageSize: z.coerce
    .number()
    .int()
    .refine((n) => (ADMIN_COMPANIES_PAGE_SIZES as readonly number[]).includes(n), 'not a page size')
    .default(ADMIN_COMPANIES_PAGE_SIZE),
});
export type AdminCompaniesQuery = z.input<typeof adminCompaniesQuerySchema>;

/** One page of the directory, by name then id (keyset: ADR 024, "Long lists"). */
export const adminCompaniesPageSchema = z.object({
  items: z.array(adminCompanySchema),
  ...keysetPageFields,
});
export type AdminCompaniesPage = z.infer<typeof adminCompaniesPageSchema>;

/** Add and edit bodies. Required-ness is the rule in messages/companies-admin.ts, answered with its own codes. */
export const adminCompanyBodySchema = z.object({
  name: singleLine().max(300),
  email: singleLine().max(320),
  sector: singleLine().max(200).optional(),
  location: singleLine().max(200).optional(),
  packageId: z.string().max(64).nullable(),
});
export type AdminCompanyBody = z.infer<typeof adminCompanyBodySchema>;

/** The packages a company can belong to (every package but 'admin'), for the selectors. */
export const companyPackageOptionSchema = z.object({ id: z.uuid(), name: z.string() });
export type CompanyPackageOption = z.infer<typeof companyPackageOptionSchema>;
export const companyPackageOptionListSchema = z.array(companyPackageOptionSchema);

/** Why a sheet row was not imported (spec §5). */
export const IMPORT_SKIP_REASONS = ['EMAIL_MISSING', 'EMAIL_INVALID', 'PACKAGE_UNKNOWN', 'PACKAGE_MISSING'] as const;
export type ImportSkipReason = (typeof IMPORT_SKIP_REASONS)[number];

export const companiesImportResultSchema = z.object({
  /** The excel_files row recording this upload. */
  fileId: z.uuid(),
  /** Data rows read under the header (blank rows not counted). */
  rows: z.number().int(),
  added: z.number().int(),
  /** Rows left out by the rules (no or bad e-mail, no usable package). */
  skipped: z.number().int(),
  /** Rows whose e-mail appeared earlier in the file or is already in the directory: not inserted twice. */
  duplicates: z.number().int(),
  /**
   * The first few duplicate rows by their row number: `firstRow` when the address appeared earlier in the file,
   * absent when it is already in the directory.
   */
  duplicateRows: z.array(z.object({ row: z.number().int(), email: z.string(), firstRow: z.number().int().optional() })),
  /**
   * The first few cells of the columns read that held a formula (row, and the column's header): each was
   * stored as the text it shows when the formula only composes text, else left to the column's default.
   */
  formulaCells: z.array(z.object({ row: z.number().int(), column: z.string() })),
  /** How many such cells there were in all. */
  formulas: z.number().int(),
  /** The first few skipped rows, by their row number in the sheet (the header is row 1). */
  skippedRows: z.array(z.object({ row: z.number().int(), reason: z.enum(IMPORT_SKIP_REASONS) })),
});
export type CompaniesImportResult = z.infer<typeof companiesImportResultSchema>;

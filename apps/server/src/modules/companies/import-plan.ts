import { isMailAddress, tidyMailAddress } from '@sira/shared';
import { EXCEL_HEADER_ALIASES, EXCEL_HEADERS, UNNAMED_COMPANY, UNSPECIFIED } from '@sira/shared/messages/companies-admin';
import { OWN_LIST_CONTACT_HEADERS } from '@sira/shared/messages/own-companies';
import type { ImportSkipReason } from '@sira/shared/schemas/companies-admin';
import { AppError } from '../../lib/errors';
import type { Sheet } from './spreadsheet';

export interface PlannedCompany {
  row: number;
  name: string;
  email: string;
  sector: string;
  location: string;
  packageId: string;
}

/** A row of a user's own list (ADR 029): no package, and whom to greet when the sheet says. */
export interface PlannedOwnCompany extends Omit<PlannedCompany, 'packageId'> {
  contactName: string | null;
}

export interface ImportPlan<Company = PlannedCompany> {
  companies: Company[];
  skipped: Array<{ row: number; reason: ImportSkipReason }>;
  /** Rows repeating an e-mail seen earlier in the same file, with the row where it first appeared. */
  duplicates: Array<{ row: number; email: string; firstRow: number }>;
  /** Cells of the columns read that held a formula, by row and the column's header. */
  formulaCells: Array<{ row: number; column: string }>;
}

export interface PlanOptions {
  /** Package ids by normalised name (see packageKey); the admin package is never in it. */
  packagesByName: Map<string, string>;
  defaultPackageId: string | null;
  uploadedAt: Date;
}

/** Package names match whatever the spacing or the case of Latin letters. */
export const packageKey = (name: string) => name.replace(/\s+/g, ' ').trim().toLowerCase();

const limit = (text: string, max: number) => (text.length > max ? text.slice(0, max) : text);
const stamp = (date: Date) => date.toISOString().slice(0, 16).replace('T', ' ');

/**
 * The rules of spec §5 applied to each sheet row, in its order: e-mail present and well-formed, then a usable
 * package (the row's own by name, else the default), then defaults for the rest. No database access here.
 */
export function planImport(sheet: Sheet, options: PlanOptions): ImportPlan {
  const column = locateColumns(sheet.header);
  if (column.email >= 0 && column.package < 0 && !options.defaultPackageId) throw new AppError(400, 'EXCEL_PACKAGE_REQUIRED');
  return planRows<PlannedCompany>(sheet, column, options.uploadedAt, (cells, row) => {
    const packageName = cell(cells, column.package);
    const packageId = packageName
      ? (options.packagesByName.get(packageKey(packageName)) ?? options.defaultPackageId)
      : options.defaultPackageId;
    if (!packageId) return { skip: packageName ? 'PACKAGE_UNKNOWN' : 'PACKAGE_MISSING' };
    return { company: { ...row, packageId } };
  });
}

/**
 * The same rules for a user's own list (ADR 029): no packages (a package column is not read), and the optional
 * contact-name column (OWN_LIST_CONTACT_HEADERS).
 */
export function planOwnListImport(sheet: Sheet, options: { uploadedAt: Date }): ImportPlan<PlannedOwnCompany> {
  const column = { ...locateColumns(sheet.header), package: -1 };
  const keys = sheet.header.map(headerKey);
  const contact = keys.findIndex((key) => OWN_LIST_CONTACT_HEADERS.includes(key));
  return planRows<PlannedOwnCompany>(sheet, { ...column, contact }, options.uploadedAt, (cells, row) => ({
    company: { ...row, contactName: limit(cell(cells, contact), 200) || null },
  }));
}

const cell = (cells: string[], index: number) => (index >= 0 ? (cells[index] ?? '') : '');

type RowDecision<Company> = { company: Company } | { skip: ImportSkipReason };

/** The rules every upload shares; `decide` adds what its list needs (a package) or refuses the row. */
function planRows<Company extends { email: string }>(
  sheet: Sheet,
  column: Record<string, number> & { email: number; name: number; sector: number; location: number },
  uploadedAt: Date,
  decide: (cells: string[], row: Omit<PlannedCompany, 'packageId'>) => RowDecision<Company>,
): ImportPlan<Company> {
  // Without an e-mail column every row would be skipped as "no e-mail": one message naming the headers instead.
  if (column.email < 0) throw new AppError(400, 'EXCEL_HEADERS_UNRECOGNISED');

  const plan: ImportPlan<Company> = { companies: [], skipped: [], duplicates: [], formulaCells: [] };
  const read = new Set(Object.values(column).filter((index) => index >= 0));
  const seen = new Map<string, number>();
  for (const { row, cells, formulas } of sheet.rows) {
    for (const index of formulas ?? []) {
      if (read.has(index)) plan.formulaCells.push({ row, column: sheet.header[index] || columnLetters(index) });
    }
    const email = tidyMailAddress(cell(cells, column.email));
    if (!email) {
      plan.skipped.push({ row, reason: 'EMAIL_MISSING' });
      continue;
    }
    if (!isMailAddress(email)) {
      plan.skipped.push({ row, reason: 'EMAIL_INVALID' });
      continue;
    }
    const decision = decide(cells, {
      row,
      name: limit(cell(cells, column.name) || `${UNNAMED_COMPANY} ${stamp(uploadedAt)} #${row}`, 300),
      email,
      sector: limit(cell(cells, column.sector) || UNSPECIFIED, 200),
      location: limit(cell(cells, column.location) || UNSPECIFIED, 200),
    });
    if ('skip' in decision) {
      plan.skipped.push({ row, reason: decision.skip });
      continue;
    }
    const firstRow = seen.get(email);
    if (firstRow !== undefined) {
      plan.duplicates.push({ row, email, firstRow });
      continue;
    }
    seen.set(email, row);
    plan.companies.push(decision.company);
  }
  return plan;
}

/** A header as compared: any case, runs of spaces as one. */
const headerKey = (title: string) => title.replace(/\s+/g, ' ').trim().toLowerCase();

/**
 * Each field's column: the spec's Arabic header, else one of its aliases (EXCEL_HEADER_ALIASES: the English
 * names, the Arabic spelled without the hamza); the first column that matches wins. -1 when none does.
 */
function locateColumns(header: string[]) {
  const keys = header.map(headerKey);
  const index = (field: keyof typeof EXCEL_HEADERS) => {
    const exact = keys.indexOf(headerKey(EXCEL_HEADERS[field]));
    return exact >= 0 ? exact : keys.findIndex((key) => EXCEL_HEADER_ALIASES[field].includes(key));
  };
  return { name: index('name'), email: index('email'), sector: index('sector'), location: index('location'), package: index('package') };
}

/** A column's letters as spreadsheets show them: 0 → A, 25 → Z, 26 → AA. */
function columnLetters(index: number): string {
  let letters = '';
  for (let n = index + 1; n > 0; n = Math.floor((n - 1) / 26)) letters = String.fromCharCode(65 + ((n - 1) % 26)) + letters;
  return letters;
}

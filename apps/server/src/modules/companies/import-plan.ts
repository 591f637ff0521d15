import { isMailAddress, tidyMailAddress } from '@sira/shared';
import { EXCEL_HEADERS, UNNAMED_COMPANY, UNSPECIFIED } from '@sira/shared/messages/companies-admin';
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

export interface ImportPlan {
  companies: PlannedCompany[];
  skipped: Array<{ row: number; reason: ImportSkipReason }>;
  /** Rows repeating an e-mail seen earlier in the same file. */
  duplicates: Array<{ row: number; email: string }>;
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
  if (column.package < 0 && !options.defaultPackageId) throw new AppError(400, 'EXCEL_PACKAGE_REQUIRED');

  const plan: ImportPlan = { companies: [], skipped: [], duplicates: [] };
  const seen = new Set<string>();
  const cell = (cells: string[], index: number) => (index >= 0 ? (cells[index] ?? '') : '');
  for (const { row, cells } of sheet.rows) {
    const email = tidyMailAddress(cell(cells, column.email));
    if (!email) {
      plan.skipped.push({ row, reason: 'EMAIL_MISSING' });
      continue;
    }
    if (!isMailAddress(email)) {
      plan.skipped.push({ row, reason: 'EMAIL_INVALID' });
      continue;
    }
    const packageName = cell(cells, column.package);
    const packageId = packageName
      ? (options.packagesByName.get(packageKey(packageName)) ?? options.defaultPackageId)
      : options.defaultPackageId;
    if (!packageId) {
      plan.skipped.push({ row, reason: packageName ? 'PACKAGE_UNKNOWN' : 'PACKAGE_MISSING' });
      continue;
    }
    if (seen.has(email)) {
      plan.duplicates.push({ row, email });
      continue;
    }
    seen.add(email);
    plan.companies.push({
      row,
      name: limit(cell(cells, column.name) || `${UNNAMED_COMPANY} ${stamp(options.uploadedAt)} #${row}`, 300),
      email,
      sector: limit(cell(cells, column.sector) || UNSPECIFIED, 200),
      location: limit(cell(cells, column.location) || UNSPECIFIED, 200),
      packageId,
    });
  }
  return plan;
}

function locateColumns(header: string[]) {
  const index = (title: string) => header.indexOf(title);
  return {
    name: index(EXCEL_HEADERS.name),
    email: index(EXCEL_HEADERS.email),
    sector: index(EXCEL_HEADERS.sector),
    location: index(EXCEL_HEADERS.location),
    package: index(EXCEL_HEADERS.package),
  };
}

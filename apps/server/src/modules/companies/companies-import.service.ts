import { EXCEL_MAX_BYTES, EXCEL_MAX_ROWS, EXCEL_MAX_UNCOMPRESSED_BYTES, hasExcelExtension } from '@sira/shared/messages/companies-admin';
import type { CompaniesImportResult } from '@sira/shared/schemas/companies-admin';
import { sql } from 'drizzle-orm';
import { type Database, rowsOf } from '../../db/client';
import { excelFiles } from '../../db/schema';
import { recordAudit } from '../../lib/audit';
import { AppError } from '../../lib/errors';
import { companyPackageMap, findCompanyPackage } from './companies.service';
import { type PlannedCompany, planImport } from './import-plan';
import { readFirstSheet, type SheetLimits } from './spreadsheet';

export interface ImportLimits extends SheetLimits {
  maxBytes: number;
  /** Rows per INSERT statement. */
  batchSize: number;
}

export const DEFAULT_IMPORT_LIMITS: ImportLimits = {
  maxBytes: EXCEL_MAX_BYTES,
  maxRows: EXCEL_MAX_ROWS,
  maxUncompressedBytes: EXCEL_MAX_UNCOMPRESSED_BYTES,
  batchSize: 5000,
};

/** How many duplicate rows, skipped rows and formula cells the answer lists (all are counted). */
const LISTED = { duplicates: 20, skipped: 20, formulaCells: 20 };

export interface ImportInput {
  actor: { id: string; email: string };
  filename: string;
  buffer: Buffer;
  /** The package for rows without one or with an unknown one; null when the admin chose none. */
  defaultPackageId: string | null;
  limits?: Partial<ImportLimits>;
}

/**
 * Imports companies from an uploaded .xlsx/.xls (spec §5 "Excel upload"). All or nothing: every valid row is
 * inserted in batches inside one transaction together with the excel_files record and the audit entry; any
 * failure rolls the whole upload back. E-mails already in the directory (or repeated in the file) are
 * counted as duplicates and never inserted twice — the unique index decides, so concurrent uploads agree.
 */
export async function importCompanies(db: Database, input: ImportInput): Promise<CompaniesImportResult> {
  const limits = { ...DEFAULT_IMPORT_LIMITS, ...input.limits };
  const filename = cleanFilename(input.filename);
  if (!hasExcelExtension(filename)) throw new AppError(400, 'EXCEL_FILE_TYPE');
  if (input.buffer.length > limits.maxBytes) throw new AppError(413, 'EXCEL_FILE_TOO_LARGE');
  if (input.defaultPackageId && !(await findCompanyPackage(db, input.defaultPackageId))) throw new AppError(400, 'PACKAGE_NOT_FOUND');

  const sheet = await readFirstSheet(input.buffer, limits);
  const plan = planImport(sheet, {
    packagesByName: await companyPackageMap(db),
    defaultPackageId: input.defaultPackageId,
    uploadedAt: new Date(),
  });

  try {
    // Inserted in e-mail order, so two concurrent uploads with overlapping addresses take the unique-index
    // locks in the same order and one simply waits for the other instead of deadlocking.
    const ordered = [...plan.companies].sort((a, b) => (a.email < b.email ? -1 : a.email > b.email ? 1 : 0));
    return await db.transaction(async (tx) => {
      const inserted = new Set<string>();
      for (let i = 0; i < ordered.length; i += limits.batchSize) {
        for (const email of await insertBatch(tx, ordered.slice(i, i + limits.batchSize))) inserted.add(email);
      }
      const alreadyListed = plan.companies.filter((c) => !inserted.has(c.email)).map((c) => ({ row: c.row, email: c.email }));
      const duplicates: Array<{ row: number; email: string; firstRow?: number }> = [...plan.duplicates, ...alreadyListed].sort(
        (a, b) => a.row - b.row,
      );
      const added = inserted.size;
      // excel_files.rows_skipped: every data row not added, whether invalid or a duplicate.
      const notAdded = sheet.rows.length - added;
      const [file] = await tx
        .insert(excelFiles)
        .values({ profileId: input.actor.id, filename, rowsAdded: added, rowsSkipped: notAdded })
        .returning({ id: excelFiles.id });
      if (!file) throw new Error('excel_files insert returned nothing');
      const result: CompaniesImportResult = {
        fileId: file.id,
        rows: sheet.rows.length,
        added,
        skipped: plan.skipped.length,
        duplicates: duplicates.length,
        duplicateRows: duplicates.slice(0, LISTED.duplicates),
        skippedRows: plan.skipped.slice(0, LISTED.skipped),
        formulaCells: plan.formulaCells.slice(0, LISTED.formulaCells),
        formulas: plan.formulaCells.length,
      };
      await recordAudit(tx, {
        actor: input.actor,
        action: 'companies.import',
        entity: 'excel_files',
        entityId: file.id,
        after: { filename, rows: result.rows, added, skipped: result.skipped, duplicates: result.duplicates, formulas: result.formulas },
      });
      return result;
    });
  } catch (error) {
    // The cause (SQL, driver) stays in the server log; the client gets the code only.
    throw Object.assign(new AppError(500, 'COMPANIES_IMPORT_FAILED', 'companies import rolled back'), { cause: error });
  }
}

/** One INSERT … SELECT from a JSON array (one parameter, so no placeholder limit); returns the e-mails added. */
async function insertBatch(tx: Database, batch: PlannedCompany[]): Promise<string[]> {
  if (batch.length === 0) return [];
  const json = JSON.stringify(batch.map((c) => ({ n: c.name, e: c.email, s: c.sector, l: c.location, p: c.packageId })));
  const result = await tx.execute(sql`
    insert into companies (name, email, sector, location, package_id)
    select x.n, x.e, x.s, x.l, x.p
    from json_to_recordset(${json}::json) as x(n text, e text, s text, l text, p uuid)
    on conflict do nothing
    returning lower(email) as email`);
  return rowsOf<{ email: string }>(result).map((r) => r.email);
}

/** The name as the admin's machine had it, without any folder, bounded for the excel_files row. */
function cleanFilename(name: string): string {
  const base = name.split(/[\\/]/).pop() ?? '';
  return base.trim().slice(-255);
}

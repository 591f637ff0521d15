import { EXCEL_MAX_ROWS, EXCEL_MAX_UNCOMPRESSED_BYTES, excelMaxBytes, hasExcelExtension } from '@sira/shared/messages/companies-admin';
import type { CompaniesImportResult } from '@sira/shared/schemas/companies-admin';
import { inArray, sql } from 'drizzle-orm';
import { type Database, type DatabaseKind, rowsOf } from '../../db/client';
import { companies, excelFiles } from '../../db/schema';
import { recordAudit } from '../../lib/audit';
import { AppError } from '../../lib/errors';
import { companyPackageMap, findCompanyPackage } from './companies.service';
import { type PlannedCompany, planImport } from './import-plan';
import { detectWorkbookKind, readFirstSheet, type SheetLimits } from './spreadsheet';

export interface ImportLimits extends SheetLimits {
  /** Largest upload of each format (an .xls keeps no compression: EXCEL_MAX_BYTES, XLS_MAX_BYTES). */
  maxBytes: Record<'xlsx' | 'xls', number>;
  /** Rows per INSERT, each in its own short transaction. */
  batchSize: number;
}

const DEFAULT_IMPORT_LIMITS: ImportLimits = {
  maxBytes: { xlsx: excelMaxBytes('xlsx'), xls: excelMaxBytes('xls') },
  maxRows: EXCEL_MAX_ROWS,
  maxUncompressedBytes: EXCEL_MAX_UNCOMPRESSED_BYTES,
  batchSize: 250,
};

/**
 * Rows per batch on each database. PGlite runs every statement on the server's own thread and has one
 * connection: a batch there holds up every other visitor for as long as it takes, so batches stay small.
 * PostgreSQL does the work in its own process and other requests use other connections, so bigger batches
 * (fewer round trips and commits) cost nobody else anything.
 */
export const IMPORT_BATCH_SIZE: Record<DatabaseKind, number> = { pglite: 250, postgres: 2000 };

/** How many duplicate rows, skipped rows and formula cells the answer lists (all are counted). */
export const LISTED = { duplicates: 20, skipped: 20, formulaCells: 20 };

/** Where an import is: its rows are read, and `done` of the `total` valid rows have been written. */
export interface ImportProgress {
  done: number;
  total: number;
}

export interface ImportInput {
  actor: { id: string; email: string };
  filename: string;
  buffer: Buffer;
  /** The package for rows without one or with an unknown one; null when the admin chose none. */
  defaultPackageId: string | null;
  limits?: Partial<ImportLimits>;
  /** Told once the sheet is read and planned, then after each batch written. */
  onProgress?: (progress: ImportProgress) => void;
}

/** Lets pending I/O (other visitors' requests) run, and their statements take the database, between batches. */
export const yieldToOthers = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * Imports companies from an uploaded .xlsx/.xls (spec §5 "Excel upload"). The sheet is parsed on a worker
 * thread; the valid rows are then written in batches of `batchSize`, each in its own short transaction, with
 * the event loop let go between them: on PGlite one transaction holds the only connection, so a single one
 * for 50,000 rows kept every other visitor waiting for the whole import (10 s and more). If a batch fails, the
 * rows the earlier batches added are deleted again before the failure is answered, so a refused upload still
 * leaves the directory as it was; the excel_files record and the audit entry are written together at the end.
 * E-mails already in the directory (or repeated in the file) are counted as duplicates and never inserted
 * twice — the unique index decides, so concurrent uploads agree.
 */
export async function importCompanies(db: Database, input: ImportInput): Promise<CompaniesImportResult> {
  const limits = { ...DEFAULT_IMPORT_LIMITS, ...input.limits };
  const filename = cleanFilename(input.filename);
  if (!hasExcelExtension(filename)) throw new AppError(400, 'EXCEL_FILE_TYPE');
  // The format its bytes are, whatever the name says (readFirstSheet refuses what is neither).
  if (input.buffer.length > limits.maxBytes[detectWorkbookKind(input.buffer) ?? 'xlsx']) throw new AppError(413, 'EXCEL_FILE_TOO_LARGE');
  if (input.defaultPackageId && !(await findCompanyPackage(db, input.defaultPackageId))) throw new AppError(400, 'PACKAGE_NOT_FOUND');

  const sheet = await readFirstSheet(input.buffer, limits);
  const plan = planImport(sheet, {
    packagesByName: await companyPackageMap(db),
    defaultPackageId: input.defaultPackageId,
    uploadedAt: new Date(),
  });

  // Inserted in e-mail order, so two concurrent uploads with overlapping addresses take the unique-index
  // locks in the same order and one simply waits for the other instead of deadlocking.
  const ordered = [...plan.companies].sort((a, b) => (a.email < b.email ? -1 : a.email > b.email ? 1 : 0));
  const added: Array<{ id: string; email: string }> = [];
  input.onProgress?.({ done: 0, total: ordered.length });
  try {
    for (let i = 0; i < ordered.length; i += limits.batchSize) {
      const batch = ordered.slice(i, i + limits.batchSize);
      added.push(
        ...(await db.transaction(async (tx) => {
          // The trigram indexes gather new entries in a pending list and merge it into the index when it passes
          // this size, inside whichever insert crosses it: the default 4 MB made one batch in ten hold PGlite
          // (and every visitor) for seconds; smaller merges, more often, cost less in all and never stall long.
          await tx.execute(sql`set local gin_pending_list_limit = '256kB'`);
          // A batch's commit need not wait for its own WAL flush: the closing transaction (excel_files, audit)
          // commits synchronously, which flushes every batch's WAL before the import is answered. A crash
          // before that leaves written batches in place or not, as a crash mid-import always could.
          await tx.execute(sql`set local synchronous_commit = off`);
          return insertBatch(tx, batch);
        })),
      );
      input.onProgress?.({ done: i + batch.length, total: ordered.length });
      await yieldToOthers();
    }
    const inserted = new Set(added.map((row) => row.email));
    const alreadyListed = plan.companies.filter((c) => !inserted.has(c.email)).map((c) => ({ row: c.row, email: c.email }));
    const duplicates: Array<{ row: number; email: string; firstRow?: number }> = [...plan.duplicates, ...alreadyListed].sort(
      (a, b) => a.row - b.row,
    );
    return await db.transaction(async (tx) => {
      // excel_files.rows_skipped: every data row not added, whether invalid or a duplicate.
      const notAdded = sheet.rows.length - added.length;
      const [file] = await tx
        .insert(excelFiles)
        .values({ profileId: input.actor.id, filename, rowsAdded: added.length, rowsSkipped: notAdded })
        .returning({ id: excelFiles.id });
      if (!file) throw new Error('excel_files insert returned nothing');
      const result: CompaniesImportResult = {
        fileId: file.id,
        rows: sheet.rows.length,
        added: added.length,
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
        after: {
          filename,
          rows: result.rows,
          added: added.length,
          skipped: result.skipped,
          duplicates: result.duplicates,
          formulas: result.formulas,
        },
      });
      return result;
    });
  } catch (error) {
    await removeAdded(
      db,
      added.map((row) => row.id),
    ).catch((cleanup) => {
      (error as { cleanup?: unknown }).cleanup = cleanup;
    });
    // The cause (SQL, driver) stays in the server log; the client gets the code only.
    throw Object.assign(new AppError(500, 'COMPANIES_IMPORT_FAILED', 'companies import rolled back'), { cause: error });
  }
}

/** One INSERT … SELECT from a JSON array (one parameter, so no placeholder limit); returns the rows added. */
async function insertBatch(tx: Database, batch: PlannedCompany[]): Promise<Array<{ id: string; email: string }>> {
  if (batch.length === 0) return [];
  const json = JSON.stringify(batch.map((c) => ({ n: c.name, e: c.email, s: c.sector, l: c.location, p: c.packageId })));
  const result = await tx.execute(sql`
    insert into companies (name, email, sector, location, package_id)
    select x.n, x.e, x.s, x.l, x.p
    from json_to_recordset(${json}::json) as x(n text, e text, s text, l text, p uuid)
    on conflict do nothing
    returning id, lower(email) as email`);
  return rowsOf<{ id: string; email: string }>(result);
}

/** Takes back the companies an import added before it failed, a batch at a time like the inserts. */
async function removeAdded(db: Database, ids: string[]): Promise<void> {
  for (let i = 0; i < ids.length; i += DEFAULT_IMPORT_LIMITS.batchSize) {
    await db.delete(companies).where(inArray(companies.id, ids.slice(i, i + DEFAULT_IMPORT_LIMITS.batchSize)));
    await yieldToOthers();
  }
}

/** The name as the uploader's machine had it, without any folder, bounded for the excel_files row. */
export function cleanFilename(name: string): string {
  const base = name.split(/[\\/]/).pop() ?? '';
  return base.trim().slice(-255);
}

import { hasExcelExtension } from '@sira/shared/messages/companies-admin';
import {
  OWN_LIST_MAX_BYTES,
  OWN_LIST_MAX_ROWS,
  OWN_LIST_MAX_SHEET_ROWS,
  OWN_LIST_MAX_UNCOMPRESSED_BYTES,
} from '@sira/shared/messages/own-companies';
import type { CompaniesImportResult } from '@sira/shared/schemas/companies-admin';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { type Database, rowsOf } from '../../db/client';
import { excelFiles, userCompanies } from '../../db/schema';
import { AppError } from '../../lib/errors';
import { consumeRateLimits } from '../../lib/rate-limit';
import { cleanFilename, type ImportProgress, LISTED, yieldToOthers } from '../companies/companies-import.service';
import { type PlannedOwnCompany, planOwnListImport } from '../companies/import-plan';
import { detectWorkbookKind, readFirstSheet, type SheetLimits } from '../companies/spreadsheet';
import { lockOwner, ownListSize, requireOwnListAllowed } from './own-companies.service';

export interface OwnImportLimits extends SheetLimits {
  maxBytes: Record<'xlsx' | 'xls', number>;
  /** Most rows the user's list may hold once the upload is in. */
  maxListRows: number;
  /** Rows per INSERT, each in its own short transaction. */
  batchSize: number;
}

const DEFAULT_LIMITS: OwnImportLimits = {
  maxBytes: OWN_LIST_MAX_BYTES,
  maxRows: OWN_LIST_MAX_SHEET_ROWS,
  maxUncompressedBytes: OWN_LIST_MAX_UNCOMPRESSED_BYTES,
  maxListRows: OWN_LIST_MAX_ROWS,
  batchSize: 250,
};

/**
 * Uploads one user may start in an hour. Every upload takes its turn at the one sheet parser the admin's
 * import uses too (spreadsheet.ts): a user sending file after file must not keep the others waiting.
 */
const UPLOADS_PER_HOUR = 30;

/** The sheet reader's refusals whose admin texts state the directory's limits: a user's list has its own. */
const OWN_LIMIT_CODES: Record<string, string> = {
  EXCEL_FILE_TOO_LARGE: 'OWN_LIST_FILE_TOO_LARGE',
  EXCEL_TOO_MANY_ROWS: 'OWN_LIST_TOO_MANY_ROWS',
  EXCEL_UNCOMPRESSED_TOO_LARGE: 'OWN_LIST_UNCOMPRESSED_TOO_LARGE',
};

export interface OwnImportInput {
  profileId: string;
  filename: string;
  buffer: Buffer;
  limits?: Partial<OwnImportLimits>;
  onProgress?: (progress: ImportProgress) => void;
}

/**
 * A user's upload of their own companies (ADR 029), with the admin import's reader, rules and answer: the sheet
 * parsed on the worker thread, rows planned by the same rules (without packages, with an optional contact-name
 * column), then written in short batches with the event loop let go between them. Duplicates are the rows
 * repeating an address of the file and those already in the user's list (the per-user unique index decides, so
 * two uploads at once agree). Refused when the package lacks the list, and as a whole when its new addresses
 * would take the list past its size: each batch counts the list under the owner's lock, so neither can two
 * uploads at once pass it. A refused or failed upload takes back the rows it wrote.
 */
export async function importOwnCompanies(db: Database, input: OwnImportInput): Promise<CompaniesImportResult> {
  const limits = { ...DEFAULT_LIMITS, ...input.limits };
  await requireOwnListAllowed(db, input.profileId);
  const filename = cleanFilename(input.filename);
  if (!hasExcelExtension(filename)) throw new AppError(400, 'EXCEL_FILE_TYPE');
  if (input.buffer.length > limits.maxBytes[detectWorkbookKind(input.buffer) ?? 'xlsx']) throw new AppError(413, 'OWN_LIST_FILE_TOO_LARGE');
  await consumeRateLimits(db, [{ key: `own-companies:import:${input.profileId}`, max: UPLOADS_PER_HOUR, windowSeconds: 3600 }]);

  const sheet = await readFirstSheet(input.buffer, limits).catch((error: unknown) => {
    const own = error instanceof AppError ? OWN_LIMIT_CODES[error.code] : undefined;
    throw own ? new AppError(error instanceof AppError ? error.statusCode : 400, own) : error;
  });
  const plan = planOwnListImport(sheet, { uploadedAt: new Date() });

  // The addresses already listed are duplicates, not new rows: only the new ones must fit.
  const listed = await alreadyListed(
    db,
    input.profileId,
    plan.companies.map((c) => c.email),
  );
  const fresh = plan.companies.filter((c) => !listed.has(c.email));
  if ((await ownListSize(db, input.profileId)) + fresh.length > limits.maxListRows) throw new AppError(409, 'OWN_LIST_UPLOAD_TOO_MANY');

  // The upload's record first: its rows point to it. Its counts are written once the rows are in.
  const [file] = await db
    .insert(excelFiles)
    .values({ profileId: input.profileId, scope: 'own_list', filename })
    .returning({ id: excelFiles.id });
  if (!file) throw new Error('excel_files insert returned nothing');

  // In e-mail order, so two uploads of one user with overlapping addresses take the index locks in one order.
  const ordered = [...fresh].sort((a, b) => (a.email < b.email ? -1 : a.email > b.email ? 1 : 0));
  const added: Array<{ id: string; email: string }> = [];
  input.onProgress?.({ done: 0, total: ordered.length });
  try {
    for (let i = 0; i < ordered.length; i += limits.batchSize) {
      const batch = ordered.slice(i, i + limits.batchSize);
      added.push(
        ...(await db.transaction(async (tx) => {
          await lockOwner(tx, input.profileId);
          const rows = await insertBatch(tx, input.profileId, file.id, batch);
          if ((await ownListSize(tx, input.profileId)) > limits.maxListRows) throw new AppError(409, 'OWN_LIST_UPLOAD_TOO_MANY');
          return rows;
        })),
      );
      input.onProgress?.({ done: i + batch.length, total: ordered.length });
      await yieldToOthers();
    }
    const inserted = new Set(added.map((row) => row.email));
    const alreadyIn = plan.companies.filter((c) => !inserted.has(c.email)).map((c) => ({ row: c.row, email: c.email }));
    const duplicates: Array<{ row: number; email: string; firstRow?: number }> = [...plan.duplicates, ...alreadyIn].sort(
      (a, b) => a.row - b.row,
    );
    await db
      .update(excelFiles)
      .set({ rowsAdded: added.length, rowsSkipped: sheet.rows.length - added.length })
      .where(eq(excelFiles.id, file.id));
    return {
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
  } catch (error) {
    await takeBack(
      db,
      input.profileId,
      file.id,
      added.map((row) => row.id),
    ).catch((cleanup) => {
      (error as { cleanup?: unknown }).cleanup = cleanup;
    });
    if (error instanceof AppError && error.statusCode < 500) throw error;
    throw Object.assign(new AppError(500, 'OWN_LIST_IMPORT_FAILED', 'own companies import rolled back'), { cause: error });
  }
}

/** Which of these (lower-cased) addresses the user's list already holds. */
async function alreadyListed(db: Database, profileId: string, emails: string[]): Promise<Set<string>> {
  if (emails.length === 0) return new Set();
  const rows = rowsOf<{ email: string }>(
    await db.execute(sql`
      select lower(email) as email from user_companies
      where profile_id = ${profileId} and lower(email) = any(${sql.param(emails)}::text[])`),
  );
  return new Set(rows.map((row) => row.email));
}

/** One INSERT … SELECT from a JSON array (one parameter, so no placeholder limit); returns the rows added. */
async function insertBatch(
  tx: Database,
  profileId: string,
  fileId: string,
  batch: PlannedOwnCompany[],
): Promise<Array<{ id: string; email: string }>> {
  if (batch.length === 0) return [];
  const json = JSON.stringify(batch.map((c) => ({ n: c.name, e: c.email, s: c.sector, l: c.location, c: c.contactName })));
  return rowsOf<{ id: string; email: string }>(
    await tx.execute(sql`
      insert into user_companies (profile_id, excel_file_id, name, email, sector, location, contact_name)
      select ${profileId}, ${fileId}::uuid, x.n, x.e, x.s, x.l, x.c
      from json_to_recordset(${json}::json) as x(n text, e text, s text, l text, c text)
      on conflict do nothing
      returning id, lower(email) as email`),
  );
}

/** Takes back what a refused or failed upload wrote: its rows, a batch at a time, and its record. */
async function takeBack(db: Database, profileId: string, fileId: string, ids: string[]): Promise<void> {
  for (let i = 0; i < ids.length; i += DEFAULT_LIMITS.batchSize) {
    await db
      .delete(userCompanies)
      .where(and(eq(userCompanies.profileId, profileId), inArray(userCompanies.id, ids.slice(i, i + DEFAULT_LIMITS.batchSize))));
    await yieldToOthers();
  }
  await db.delete(excelFiles).where(eq(excelFiles.id, fileId));
}

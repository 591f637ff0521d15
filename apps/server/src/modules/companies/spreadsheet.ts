import * as XLSX from '@e965/xlsx';
import * as cptable from '@e965/xlsx/dist/cpexcel.full.mjs';
import { AppError } from '../../lib/errors';
import { checkXlsxContainer } from './zip-guard';

// Legacy .xls files (BIFF5, Excel 95) store Arabic in code page 1256: without the tables it reads as noise.
XLSX.set_cptable(cptable);

export interface SheetLimits {
  /** Most data rows under the header. */
  maxRows: number;
  /** Most bytes the entries of an .xlsx may unpack to. */
  maxUncompressedBytes: number;
}

export interface SheetRow {
  /** The row's number as the spreadsheet shows it (1-based). */
  row: number;
  cells: string[];
}

export interface Sheet {
  header: string[];
  /** Non-blank rows under the header, in order. */
  rows: SheetRow[];
}

const ZIP_MAGIC = Buffer.from([0x50, 0x4b, 0x03, 0x04]);
const OLE_MAGIC = Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);

/** Which real workbook format the bytes are, whatever the file is called. */
export function detectWorkbookKind(buffer: Buffer): 'xlsx' | 'xls' | null {
  if (buffer.subarray(0, 4).equals(ZIP_MAGIC)) return 'xlsx';
  if (buffer.subarray(0, 8).equals(OLE_MAGIC)) return 'xls';
  return null;
}

/**
 * Reads the first sheet of an uploaded workbook into trimmed text cells. Refuses, with the companies error
 * codes, anything that is not a real workbook, an .xlsx that unpacks past the limit (checked before parsing),
 * a sheet with more data rows than allowed (the parser is told to stop one row past the limit), and a
 * workbook the parser cannot read.
 */
export async function readFirstSheet(buffer: Buffer, limits: SheetLimits): Promise<Sheet> {
  if (buffer.length === 0) throw new AppError(422, 'EXCEL_EMPTY');
  const kind = detectWorkbookKind(buffer);
  if (!kind) throw new AppError(400, 'EXCEL_NOT_SPREADSHEET');
  if (kind === 'xlsx') {
    const problem = await checkXlsxContainer(buffer, limits.maxUncompressedBytes);
    if (problem === 'too-large') throw new AppError(400, 'EXCEL_UNCOMPRESSED_TOO_LARGE');
    if (problem) throw new AppError(400, 'EXCEL_NOT_SPREADSHEET');
  }

  let sheet: XLSX.WorkSheet | undefined;
  try {
    const workbook = XLSX.read(buffer, {
      type: 'buffer',
      dense: true,
      sheets: 0,
      // The header, the allowed rows, and one more to tell "exactly at the limit" from "over it".
      sheetRows: limits.maxRows + 2,
      cellFormula: false,
      cellHTML: false,
      cellStyles: false,
      bookVBA: false,
    });
    const firstName = workbook.SheetNames[0];
    sheet = firstName ? workbook.Sheets[firstName] : undefined;
  } catch {
    throw new AppError(400, 'EXCEL_UNREADABLE');
  }
  if (!sheet?.['!ref']) throw new AppError(422, 'EXCEL_EMPTY');
  if (sheet['!fullref'] && XLSX.utils.decode_range(sheet['!fullref']).e.r > XLSX.utils.decode_range(sheet['!ref']).e.r) {
    throw new AppError(400, 'EXCEL_TOO_MANY_ROWS');
  }

  const firstRow = XLSX.utils.decode_range(sheet['!ref']).s.r;
  const raw = XLSX.utils.sheet_to_json<unknown[]>(sheet, { header: 1, raw: false, defval: '', blankrows: true });
  const rows: SheetRow[] = [];
  for (const [index, values] of raw.entries()) {
    const cells = values.map(cellText);
    if (cells.some((c) => c !== '')) rows.push({ row: firstRow + index + 1, cells });
  }
  const [header, ...data] = rows;
  if (!header || data.length === 0) throw new AppError(422, 'EXCEL_EMPTY');
  if (data.length > limits.maxRows) throw new AppError(400, 'EXCEL_TOO_MANY_ROWS');
  return { header: header.cells, rows: data };
}

// Bidi and zero-width marks that spreadsheets carry around Arabic text but nobody means to type.
const INVISIBLE = /[\u200b-\u200f\u202a-\u202e\u2066-\u2069\ufeff]/g;
const CONTROL = /[\p{Cc}\p{Cs}]/gu;

function cellText(value: unknown): string {
  if (value === null || value === undefined) return '';
  // Control characters (a NUL from another system's export) and lone surrogates have no place in a name or an
  // address, and would fail the whole import at the database.
  return String(value).replace(INVISIBLE, '').replace(/\s+/g, ' ').replace(CONTROL, '').trim();
}

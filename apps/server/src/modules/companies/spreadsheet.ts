import { Worker } from 'node:worker_threads';
import { AppError } from '../../lib/errors';
import { checkXlsxContainer } from './zip-guard';

export interface SheetLimits {
  /** Most data rows under the header. */
  maxRows: number;
  /** Most bytes the entries of an .xlsx may unpack to. */
  maxUncompressedBytes: number;
  /** Longest a parse may take before it is stopped. */
  parseTimeoutMs?: number;
  /** Most heap a parse may use (its worker thread's old generation), in MB. */
  parseHeapMb?: number;
}

/**
 * Parsing runs on a worker thread with its own time and memory budget: a large or crafted workbook then costs
 * the administrator who uploads it a refusal, instead of stalling every other request (and, in embedded mode,
 * the sending worker) while the parser works. A real 100,000-row directory (7.4 MB .xlsx, long Arabic names)
 * parses in 2.6–2.9 s within 128 MB; a 65,535-row .xls of 23 MB, past the upload limit, needs 256 MB (ADR 005).
 */
const PARSE_DEFAULTS = { parseTimeoutMs: 60_000, parseHeapMb: 512 };

/** Next to this module in the sources, next to the bundle in dist/ (build.mjs copies it). */
const PARSE_WORKER = new URL('./sheet-parse.worker.mjs', import.meta.url);

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
 * a sheet with more data rows than allowed (the parser is told to stop one row past the limit), a workbook
 * the parser cannot read, and one whose parsing goes past its time or memory budget (on a worker thread).
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

  const parsed = await oneAtATime(() => parseOnWorkerThread(buffer, kind, limits.maxRows, { ...PARSE_DEFAULTS, ...limits }));
  if (parsed.kind === 'unreadable') throw new AppError(400, 'EXCEL_UNREADABLE');
  if (parsed.kind === 'empty') throw new AppError(422, 'EXCEL_EMPTY');
  // The parser read only the rows it was allowed to; a sheet that declares more is over the limit.
  if (parsed.declaredLastRow > parsed.lastRow) throw new AppError(400, 'EXCEL_TOO_MANY_ROWS');

  const { firstRow, values: raw } = parsed;
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

type ParseAnswer =
  | { kind: 'unreadable' }
  | { kind: 'empty' }
  | { kind: 'sheet'; firstRow: number; lastRow: number; declaredLastRow: number; values: unknown[][] };

/** One parse at a time: two large uploads at once must not need twice the memory. */
let parsing: Promise<unknown> = Promise.resolve();
function oneAtATime<T>(work: () => Promise<T>): Promise<T> {
  const run = parsing.then(work, work);
  parsing = run.catch(() => undefined);
  return run;
}

function parseOnWorkerThread(
  buffer: Buffer,
  kind: 'xlsx' | 'xls',
  maxRows: number,
  budget: { parseTimeoutMs: number; parseHeapMb: number },
): Promise<ParseAnswer> {
  return new Promise<ParseAnswer>((resolve, reject) => {
    const worker = new Worker(PARSE_WORKER, { resourceLimits: { maxOldGenerationSizeMb: budget.parseHeapMb } });
    let settled = false;
    const finish = (settle: () => void) => {
      if (settled) return;
      settled = true;
      clearTimeout(deadline);
      void worker.terminate();
      settle();
    };
    const deadline = setTimeout(() => finish(() => reject(new AppError(400, 'EXCEL_TOO_COMPLEX'))), budget.parseTimeoutMs);
    worker.once('message', (answer: ParseAnswer) => finish(() => resolve(answer)));
    worker.once('error', (error: Error & { code?: string }) =>
      finish(() => reject(error.code === 'ERR_WORKER_OUT_OF_MEMORY' ? new AppError(400, 'EXCEL_TOO_COMPLEX') : error)),
    );
    worker.once('exit', (code) => finish(() => reject(new Error(`the sheet parser stopped (exit code ${code}) without an answer`))));
    // A copy with its own memory to hand over: an upload's Buffer may share a pooled ArrayBuffer.
    const bytes = new Uint8Array(buffer);
    worker.postMessage({ bytes: bytes.buffer, kind, maxRows }, [bytes.buffer]);
  });
}

import { Worker } from 'node:worker_threads';
import { AppError } from '../../lib/errors';
import { companyText } from './company-text';
import { formulaText } from './formula-text';
import { checkXlsxContainer } from './zip-guard';

export interface SheetLimits {
  /** Most data rows under the header. */
  maxRows: number;
  /** Most bytes the entries of an .xlsx may unpack to. */
  maxUncompressedBytes: number;
  /** Longest a parse may take before it is stopped. */
  parseTimeoutMs?: number;
  /** Longest from the call to the end of the parse, waiting for other uploads' parses included. */
  parseWithinMs?: number;
  /** Most heap a parse may use (its worker thread's old generation), in MB. */
  parseHeapMb?: number;
}

/**
 * Parsing runs on a worker thread with its own time and memory budget: a large or crafted workbook then costs
 * the administrator who uploads it a refusal, instead of stalling every other request (and, in embedded mode,
 * the sending worker) while the parser works. A real 100,000-row directory (7.4 MB .xlsx, long Arabic names)
 * parses in 2.6–2.9 s within 128 MB; a 65,535-row .xls of 23 MB, past the upload limit, needs 256 MB (ADR 025).
 *
 * Uploads parse one at a time (two large ones must not need twice the memory), and a parse must also end
 * within `parseWithinMs` of the upload, waiting included: the server closes a connection that stays silent for
 * 60 s (app.ts), and the administrator must get an answer, not a dropped connection.
 */
const PARSE_DEFAULTS = { parseTimeoutMs: 30_000, parseWithinMs: 40_000, parseHeapMb: 512 };

/** Next to this module in the sources, next to the bundle in dist/ (build.mjs copies it). */
const PARSE_WORKER = new URL('./sheet-parse.worker.mjs', import.meta.url);

export interface SheetRow {
  /** The row's number as the spreadsheet shows it (1-based). */
  row: number;
  cells: string[];
  /** Indexes of the cells that held a formula (read as formulaText gives them: empty when it gives none). */
  formulas?: number[];
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
  const budget = { ...PARSE_DEFAULTS, ...limits };
  const deadline = Date.now() + budget.parseWithinMs;
  // Uploads take their turn in the order they arrive; the container check (it inflates every entry) is part of it.
  const parsed = await oneAtATime(async () => {
    if (kind === 'xlsx') {
      const problem = await checkXlsxContainer(buffer, limits.maxUncompressedBytes);
      if (problem === 'too-large') throw new AppError(400, 'EXCEL_UNCOMPRESSED_TOO_LARGE');
      if (problem) throw new AppError(400, 'EXCEL_NOT_SPREADSHEET');
    }
    return parseOnWorkerThread(buffer, kind, limits.maxRows, budget, deadline);
  });
  if (parsed.kind === 'unreadable') throw new AppError(400, 'EXCEL_UNREADABLE');
  if (parsed.kind === 'empty') throw new AppError(422, 'EXCEL_EMPTY');

  // The thread is gone by now (parseOnWorkerThread), and with it the parsed workbook: only then are the rows read.
  const read = JSON.parse(new TextDecoder().decode(parsed.json)) as Array<ParsedRow | undefined>;
  const rows: SheetRow[] = [];
  for (let index = 0; index < read.length; index++) {
    // 100,000 rows of cells to clean: other requests are answered between slices of them.
    if (index % 2000 === 1999) await new Promise<void>((resolve) => setImmediate(resolve));
    const { row, cells: values } = read[index] as ParsedRow;
    // Each row is let go of once cleaned, so the sheet is not held twice.
    read[index] = undefined;
    const cells = values.map(cellText);
    const formulas = values.flatMap((value, index) => (isFormula(value) ? [index] : []));
    // A row whose formulas show nothing (an =IF(…;"";…) filled down past the data) is blank like any other.
    if (cells.some((c) => c !== '')) rows.push({ row, cells, ...(formulas.length ? { formulas } : {}) });
  }
  const [header, ...data] = rows;
  if (!header || data.length === 0) throw new AppError(422, 'EXCEL_EMPTY');
  if (data.length > limits.maxRows) throw new AppError(400, 'EXCEL_TOO_MANY_ROWS');
  return { header: header.cells, rows: data };
}

const isFormula = (value: unknown): value is { formula: string } =>
  !!value && typeof value === 'object' && typeof (value as { formula?: unknown }).formula === 'string';

/** A cell as text: a formula cell as the text its formula shows (formula-text.ts), else empty. */
function cellText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (isFormula(value)) return companyText(formulaText(value.formula) ?? '');
  return companyText(String(value));
}

/** A row with something in it, numbered as the spreadsheet shows it, its cells as the parser gave them. */
interface ParsedRow {
  row: number;
  cells: unknown[];
}

type ParseAnswer =
  | { kind: 'unreadable' }
  | { kind: 'empty' }
  /** The rows (ParsedRow[]) as JSON in UTF-8, handed over by the thread. */
  | { kind: 'sheet'; json: Uint8Array };

let parsing: Promise<unknown> = Promise.resolve();
function oneAtATime<T>(work: () => Promise<T>): Promise<T> {
  const run = parsing.then(work, work);
  // The chain keeps neither the answer (a whole sheet) nor the error.
  parsing = run.then(
    () => undefined,
    () => undefined,
  );
  return run;
}

/** Resolves or rejects only once the thread is gone, so the next parse never runs beside a stopping one. */
async function parseOnWorkerThread(
  buffer: Buffer,
  kind: 'xlsx' | 'xls',
  maxRows: number,
  budget: { parseTimeoutMs: number; parseHeapMb: number },
  deadline: number,
): Promise<ParseAnswer> {
  const waited = Date.now() + budget.parseTimeoutMs > deadline;
  // Past the deadline already, or too little of it left to be worth starting: other uploads held it up.
  if (deadline - Date.now() < 1_000) throw new AppError(503, 'EXCEL_IMPORT_BUSY');
  const timeoutMs = Math.min(budget.parseTimeoutMs, deadline - Date.now());
  const worker = new Worker(PARSE_WORKER, { resourceLimits: { maxOldGenerationSizeMb: budget.parseHeapMb } });
  let timer: NodeJS.Timeout | undefined;
  try {
    return await new Promise<ParseAnswer>((resolve, reject) => {
      // Its own time was cut short by waiting for other uploads: say so rather than blame the file.
      timer = setTimeout(() => reject(new AppError(waited ? 503 : 400, waited ? 'EXCEL_IMPORT_BUSY' : 'EXCEL_TOO_COMPLEX')), timeoutMs);
      worker.once('message', resolve);
      worker.once('error', (error: Error & { code?: string }) =>
        reject(error.code === 'ERR_WORKER_OUT_OF_MEMORY' ? new AppError(400, 'EXCEL_TOO_COMPLEX') : error),
      );
      worker.once('exit', (code) => reject(new Error(`the sheet parser stopped (exit code ${code}) without an answer`)));
      // A copy with its own memory to hand over: an upload's Buffer may share a pooled ArrayBuffer.
      const bytes = new Uint8Array(buffer);
      worker.postMessage({ bytes: bytes.buffer, kind, maxRows }, [bytes.buffer]);
    });
  } finally {
    clearTimeout(timer);
    await worker.terminate();
  }
}

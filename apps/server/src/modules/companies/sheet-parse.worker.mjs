// Parses the first sheet of an uploaded workbook on a worker thread (spreadsheet.ts, ADR 025).
// Plain JavaScript on purpose: the same file runs from the sources (tests) and next to the bundle (build.mjs
// copies it), with no TypeScript loader in a worker. It only parses; every rule stays in spreadsheet.ts.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parentPort } from 'node:worker_threads';

/** Rows turned into the answer at a time, each batch let go of in the parsed sheet once it is in the answer. */
const ROWS_AT_A_TIME = 2000;

/**
 * The line of SheetJS's .xls reader (parse_workbook's addcell) that drops two properties from every cell it keeps.
 * Deleting a property other than the last one added turns a V8 object into a dictionary: about half a kilobyte a
 * cell, 140 MB of heap for a 50,000-row directory (56 MB with the properties set to undefined instead), which made
 * an .xls import the largest memory peak of the embedded server (docs/benchmarks.md, "Company import").
 */
const CELL_DELETES = 'delete line.ixfe; delete line.XF;';

/**
 * The spreadsheet library. For an .xls, its published module with CELL_DELETES made assignments, loaded from
 * memory: nothing reads those two properties after that line. Should a release no longer have the line, the
 * library is loaded as published (spreadsheet.unit.test.ts checks the installed one has it).
 */
async function spreadsheetLibrary(kind) {
  if (kind !== 'xls') return import('@e965/xlsx');
  const source = readFileSync(fileURLToPath(import.meta.resolve('@e965/xlsx')), 'utf8');
  if (!source.includes(CELL_DELETES)) return import('@e965/xlsx');
  const patched = source.replace(CELL_DELETES, 'line.ixfe = undefined; line.XF = undefined;');
  return import(`data:text/javascript,${encodeURIComponent(patched)}`);
}

let XLSX;

parentPort.once('message', async ({ bytes, maxRows, kind }) => {
  XLSX = await spreadsheetLibrary(kind);
  if (kind === 'xls') {
    // Legacy .xls files (BIFF5, Excel 95) store Arabic in code page 1256: without the tables it reads as noise.
    // Loaded only for them: the tables are most of what starting this thread costs.
    XLSX.set_cptable(await import('@e965/xlsx/dist/cpexcel.full.mjs'));
  }
  const buffer = Buffer.from(bytes);
  // The header, the allowed rows, and one more to tell "exactly at the limit" from "over it".
  let answer = readFirstSheet(buffer, maxRows + 2);
  if (answer.kind === 'sheet' && answer.cut && answer.rows.length <= maxRows + 1) {
    // The sheet declares rows past the ones read, yet those held no more than the limit: formatting can stretch
    // a sheet's declared range far past its data, so it is read whole (within this thread's budget) to count.
    answer = readFirstSheet(buffer, 0);
  }
  if (answer.kind !== 'sheet') return parentPort.postMessage(answer);
  // The rows cross as one buffer of JSON, handed over rather than copied: the main thread stops this thread (and
  // its parsed workbook, the largest part of an import's memory) before it reads them, instead of holding a
  // structured copy of every row while this thread is still alive.
  const json = new TextEncoder().encode(JSON.stringify(answer.rows));
  parentPort.postMessage({ kind: 'sheet', json }, [json.buffer]);
});

/**
 * The non-blank rows of the first sheet, each with its number as the spreadsheet shows it; `cut` when the
 * sheet declares rows past the `sheetRows` read (0: all).
 */
function readFirstSheet(buffer, sheetRows) {
  try {
    const workbook = XLSX.read(buffer, {
      type: 'buffer',
      dense: true,
      sheets: 0,
      ...(sheetRows > 0 ? { sheetRows } : {}),
      // Formula cells cross back as { formula } rather than their saved result (spreadsheet.ts, formula-text.ts).
      cellFormula: true,
      cellHTML: false,
      cellStyles: false,
      bookVBA: false,
    });
    const firstName = workbook.SheetNames[0];
    const sheet = firstName ? workbook.Sheets[firstName] : undefined;
    if (!sheet?.['!ref']) return { kind: 'empty' };
    const range = XLSX.utils.decode_range(sheet['!ref']);
    const cut = !!sheet['!fullref'] && XLSX.utils.decode_range(sheet['!fullref']).e.r > range.e.r;
    const data = sheet['!data'] ?? [];
    const rows = [];
    for (let first = range.s.r; first <= range.e.r; first += ROWS_AT_A_TIME) {
      const part = { s: { r: first, c: range.s.c }, e: { r: Math.min(range.e.r, first + ROWS_AT_A_TIME - 1), c: range.e.c } };
      const values = XLSX.utils.sheet_to_json(sheet, { header: 1, raw: false, defval: '', blankrows: true, range: part });
      markFormulaCells(sheet, part, values);
      // Only rows with something in them cross back to the main thread.
      values.forEach((cells, index) => {
        if (cells.some((cell) => cell !== '' && cell !== null && cell !== undefined)) rows.push({ row: first + index + 1, cells });
      });
      // The parsed cells of these rows are in `rows` now: a parsed .xls cell takes about half a kilobyte.
      for (let r = part.s.r; r <= part.e.r; r++) data[r] = undefined;
    }
    return { kind: 'sheet', cut, rows };
  } catch {
    // Corrupt, encrypted, or a structure the parser trips over.
    return { kind: 'unreadable' };
  }
}

/** Replaces each formula cell's saved result in `values` (rows and columns from the range's start) by { formula }. */
function markFormulaCells(sheet, range, values) {
  const data = sheet['!data'] ?? [];
  for (let r = range.s.r; r <= range.e.r; r++) {
    const cells = data[r];
    if (!cells) continue;
    for (let c = range.s.c; c <= range.e.c; c++) {
      const cell = cells[c];
      // `F` alone: a cell of a shared or array formula whose text the parser did not spell out.
      if (cell && (cell.f !== undefined || cell.F !== undefined) && values[r - range.s.r]) {
        values[r - range.s.r][c - range.s.c] = { formula: cell.f ?? '' };
      }
    }
  }
}

// Parses the first sheet of an uploaded workbook on a worker thread (spreadsheet.ts, ADR 025).
// Plain JavaScript on purpose: the same file runs from the sources (tests) and next to the bundle (build.mjs
// copies it), with no TypeScript loader in a worker. It only parses; every rule stays in spreadsheet.ts.
import { parentPort } from 'node:worker_threads';
import * as XLSX from '@e965/xlsx';

parentPort.once('message', async ({ bytes, maxRows, kind }) => {
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
  parentPort.postMessage(answer);
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
    const values = XLSX.utils.sheet_to_json(sheet, { header: 1, raw: false, defval: '', blankrows: true });
    markFormulaCells(sheet, range, values);
    // Only rows with something in them cross back to the main thread.
    const rows = [];
    values.forEach((cells, index) => {
      if (cells.some((cell) => cell !== '' && cell !== null && cell !== undefined)) rows.push({ row: range.s.r + index + 1, cells });
    });
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

// Parses the first sheet of an uploaded workbook on a worker thread (spreadsheet.ts, ADR 005 "Excel import").
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
  let sheet;
  try {
    const workbook = XLSX.read(Buffer.from(bytes), {
      type: 'buffer',
      dense: true,
      sheets: 0,
      // The header, the allowed rows, and one more to tell "exactly at the limit" from "over it".
      sheetRows: maxRows + 2,
      cellFormula: false,
      cellHTML: false,
      cellStyles: false,
      bookVBA: false,
    });
    const firstName = workbook.SheetNames[0];
    sheet = firstName ? workbook.Sheets[firstName] : undefined;
  } catch {
    parentPort.postMessage({ kind: 'unreadable' });
    return;
  }
  if (!sheet?.['!ref']) {
    parentPort.postMessage({ kind: 'empty' });
    return;
  }
  const range = XLSX.utils.decode_range(sheet['!ref']);
  const declaredLastRow = sheet['!fullref'] ? XLSX.utils.decode_range(sheet['!fullref']).e.r : range.e.r;
  const values = XLSX.utils.sheet_to_json(sheet, { header: 1, raw: false, defval: '', blankrows: true });
  parentPort.postMessage({ kind: 'sheet', firstRow: range.s.r, lastRow: range.e.r, declaredLastRow, values });
});

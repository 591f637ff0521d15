import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { performance } from 'node:perf_hooks';
import * as XLSX from '@e965/xlsx';
import { describe, expect, it } from 'vitest';
import { workbook } from '../../../test-support/uploads';
import { readFirstSheet } from './spreadsheet';

const MB = 1024 * 1024;
const limits = { maxRows: 100_000, maxUncompressedBytes: 100 * MB };
const HEADER = ['اسم الشركة', 'البريد الإلكتروني', 'القطاع', 'الموقع', 'الباقة'];
const bigSheet = (rows: number) =>
  workbook([HEADER, ...Array.from({ length: rows }, (_, i) => [`شركة رقم ${i}`, `row${i}@thread.example`, 'تقنية', 'الرياض', 'باقة نمو'])]);

describe('reading a workbook on a worker thread', () => {
  it('reads the rows as before', async () => {
    const sheet = await readFirstSheet(workbook([HEADER, ['  شركة\u200f  أ ', 'a@x.example', '', '', '']]), limits);
    expect(sheet).toEqual({ header: HEADER, rows: [{ row: 2, cells: ['شركة أ', 'a@x.example', '', '', ''] }] });
  });

  it('keeps the event loop free while a large sheet is parsed', async () => {
    const file = bigSheet(60_000);
    let longestGap = 0;
    let last = performance.now();
    const ticker = setInterval(() => {
      const now = performance.now();
      longestGap = Math.max(longestGap, now - last);
      last = now;
    }, 5);
    const started = performance.now();
    try {
      const sheet = await readFirstSheet(file, limits);
      expect(sheet.rows).toHaveLength(60_000);
    } finally {
      clearInterval(ticker);
    }
    const whole = performance.now() - started;
    // Parsing on this thread held it for the whole read; now only taking the answer over does.
    expect(longestGap).toBeLessThan(whole / 2);
  }, 60_000);

  it('stops a parse that takes longer than its time budget', async () => {
    await expect(readFirstSheet(bigSheet(20_000), { ...limits, parseTimeoutMs: 50 })).rejects.toMatchObject({
      statusCode: 400,
      code: 'EXCEL_TOO_COMPLEX',
    });
  });

  it('stops a parse that needs more memory than its budget, and the next one runs', async () => {
    await expect(readFirstSheet(bigSheet(60_000), { ...limits, parseHeapMb: 24 })).rejects.toMatchObject({
      statusCode: 400,
      code: 'EXCEL_TOO_COMPLEX',
    });
    expect((await readFirstSheet(bigSheet(10), limits)).rows).toHaveLength(10);
  }, 60_000);
});

describe('the .xls reader', () => {
  it('finds in the installed spreadsheet library the line the parse thread rewrites (sheet-parse.worker.mjs)', () => {
    // Without it an .xls parse still works, but each kept cell takes half a kilobyte again (CELL_DELETES).
    const entry = createRequire(import.meta.url).resolve('@e965/xlsx');
    const source = readFileSync(join(dirname(entry), 'xlsx.mjs'), 'utf8');
    expect(source.split('delete line.ixfe; delete line.XF;')).toHaveLength(2);
  });

  it('reads an .xls as it reads the same rows as .xlsx', async () => {
    const rows = [HEADER, ['شركة أ', 'a@x.example', 'تقنية', 'الرياض', 'باقة نمو'], ['', 'b@x.example', '', '', '']];
    expect(await readFirstSheet(workbook(rows, 'xls'), limits)).toEqual(await readFirstSheet(workbook(rows), limits));
  });
});

describe('a sheet whose declared range runs past its rows', () => {
  const withDeclaredRange = (rows: unknown[][], ref: string) => {
    const sheet = XLSX.utils.aoa_to_sheet(rows);
    // What formatting applied far down a column does: the sheet's dimension reaches past the data.
    sheet['!ref'] = ref;
    const book = XLSX.utils.book_new();
    XLSX.utils.book_append_sheet(book, sheet, 'الشركات');
    return XLSX.write(book, { type: 'buffer', bookType: 'xlsx', compression: true }) as Buffer;
  };

  it('is read whole and accepted when its rows are within the limit', async () => {
    const file = withDeclaredRange([HEADER, ['شركة أ', 'a@x.example'], ['شركة ب', 'b@x.example']], 'A1:E150000');
    const sheet = await readFirstSheet(file, limits);
    expect(sheet.rows.map((r) => [r.row, r.cells[1]])).toEqual([
      [2, 'a@x.example'],
      [3, 'b@x.example'],
    ]);
  });

  it('is refused when rows past the first read take it over the limit', async () => {
    // Limit 5: the first read stops after row 7, which holds three; rows 20–24 come past it.
    const rows: unknown[][] = [HEADER, ['أ', 'a@x.example'], ['ب', 'b@x.example'], ['ج', 'c@x.example']];
    for (let r = rows.length; r < 19; r++) rows.push([]);
    for (let i = 0; i < 5; i++) rows.push([`د${i}`, `d${i}@x.example`]);
    await expect(readFirstSheet(withDeclaredRange(rows, 'A1:E24'), { ...limits, maxRows: 5 })).rejects.toMatchObject({
      code: 'EXCEL_TOO_MANY_ROWS',
    });
    expect((await readFirstSheet(withDeclaredRange(rows.slice(0, 21), 'A1:E21'), { ...limits, maxRows: 5 })).rows).toHaveLength(5);
  });
});

describe('uploads waiting for each other', () => {
  it('answers EXCEL_IMPORT_BUSY when waiting used up the time an upload has', async () => {
    const large = readFirstSheet(bigSheet(60_000), limits);
    // 1.5 s is plenty for a 10-row sheet alone, not after waiting for a 60,000-row parse.
    const small = readFirstSheet(bigSheet(10), { ...limits, parseWithinMs: 1_500 });
    await expect(small).rejects.toMatchObject({ statusCode: 503, code: 'EXCEL_IMPORT_BUSY' });
    expect((await large).rows).toHaveLength(60_000);
    // Alone, the same upload goes through.
    expect((await readFirstSheet(bigSheet(10), { ...limits, parseWithinMs: 1_500 })).rows).toHaveLength(10);
  }, 60_000);
});

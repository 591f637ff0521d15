import { describe, expect, it } from 'vitest';
import { readImportStream } from './import-stream';

const result = {
  fileId: 'f',
  rows: 3,
  added: 3,
  skipped: 0,
  duplicates: 0,
  duplicateRows: [],
  skippedRows: [],
  formulaCells: [],
  formulas: 0,
};

describe('readImportStream', () => {
  it('keeps the latest progress and leaves a line still arriving for later', () => {
    const text = '{"progress":{"done":0,"total":3}}\n{"progress":{"done":2,"total":3}}\n{"progr';
    expect(readImportStream(text)).toEqual({ progress: { done: 2, total: 3 } });
  });

  it('gives the result, or the error code, of the last line', () => {
    expect(readImportStream(`{"progress":{"done":3,"total":3}}\n${JSON.stringify({ result })}\n`).result).toEqual(result);
    expect(readImportStream('{"progress":{"done":1,"total":3}}\n{"error":{"code":"COMPANIES_IMPORT_FAILED"}}\n').error).toBe(
      'COMPANIES_IMPORT_FAILED',
    );
  });
});

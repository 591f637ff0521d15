import type { CompaniesImportResult } from '@sira/shared/schemas/companies-admin';

/** How far the server is: `done` of the `total` valid rows written. */
export interface ImportRowsProgress {
  done: number;
  total: number;
}

export interface ImportStreamState {
  progress?: ImportRowsProgress;
  result?: CompaniesImportResult;
  /** The code of a failure the server met after it had started answering. */
  error?: string;
}

/**
 * Reads what has arrived so far of the import's answer as lines (application/x-ndjson): the latest progress,
 * and the result or error once the last line is in. A line still arriving (no line break yet) is left for later.
 */
export function readImportStream(text: string): ImportStreamState {
  const state: ImportStreamState = {};
  const complete = text.slice(0, text.lastIndexOf('\n') + 1);
  for (const line of complete.split('\n')) {
    if (!line.trim()) continue;
    const value = JSON.parse(line) as {
      progress?: ImportRowsProgress;
      result?: CompaniesImportResult;
      error?: { code?: string };
    };
    if (value.progress) state.progress = value.progress;
    if (value.result) state.result = value.result;
    if (value.error) state.error = value.error.code ?? 'INTERNAL';
  }
  return state;
}

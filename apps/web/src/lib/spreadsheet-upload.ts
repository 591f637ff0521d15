import type { ApiError } from '@sira/shared';
import type { Endpoint } from '@sira/shared/contract';
import type { CompaniesImportResult } from '@sira/shared/schemas/companies-admin';
import { ApiRequestError, hrefOf } from './api-client';
import { type ImportRowsProgress, readImportStream } from './import-stream';

export interface SpreadsheetUploadProgress {
  /** Upload progress, 0–100. */
  onProgress?: ((percent: number) => void) | undefined;
  /** Once the file is read: rows written so far, of the valid rows. */
  onRows?: ((progress: ImportRowsProgress) => void) | undefined;
}

/**
 * Sends a spreadsheet as multipart to an import route of the contract (the directory's, a user's own list).
 * XMLHttpRequest rather than fetch because only it reports upload progress. The answer is asked for as lines
 * (application/x-ndjson): the rows written so far while the server works, then the result (import-stream.ts).
 */
export function uploadSpreadsheet(
  endpoint: Endpoint & { kind: 'upload' },
  form: FormData,
  { onProgress, onRows }: SpreadsheetUploadProgress = {},
): Promise<CompaniesImportResult> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open(endpoint.method, hrefOf(endpoint));
    xhr.setRequestHeader('accept', 'application/x-ndjson, application/json');
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress?.(Math.round((event.loaded / event.total) * 100));
    };
    const streamed = () => (xhr.getResponseHeader('content-type') ?? '').startsWith('application/x-ndjson');
    xhr.onprogress = () => {
      if (!streamed()) return;
      const { progress } = readImportStream(xhr.responseText);
      if (progress) onRows?.(progress);
    };
    xhr.onload = () => {
      if (streamed()) {
        const state = readImportStream(`${xhr.responseText}\n`);
        if (state.result) return resolve(state.result);
        // A failure met while writing, after the 200 had started: the server took the written rows back.
        return reject(new ApiRequestError(500, state.error ?? 'INTERNAL'));
      }
      let body: unknown;
      try {
        body = JSON.parse(xhr.responseText);
      } catch {
        body = undefined;
      }
      if (xhr.status >= 200 && xhr.status < 300 && body) return resolve(body as CompaniesImportResult);
      const error = (body ?? {}) as Partial<ApiError>;
      reject(new ApiRequestError(xhr.status, error.code ?? 'INTERNAL', error.issues));
    };
    xhr.onerror = () => reject(new ApiRequestError(0, 'NETWORK'));
    xhr.send(form);
  });
}

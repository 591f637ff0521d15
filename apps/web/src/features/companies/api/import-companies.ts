import type { ApiError } from '@sira/shared';
import type { CompaniesImportResult } from '@sira/shared/schemas/companies-admin';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiRequestError } from '~/lib/api-client';
import { adminCompaniesKey } from './get-companies';

export interface ImportCompaniesInput {
  file: File;
  defaultPackageId: string | null;
  /** Upload progress, 0–100. */
  onProgress?: (percent: number) => void;
}

/**
 * Sends the spreadsheet as multipart to the server, which reads and imports it. XMLHttpRequest rather than
 * fetch because only it reports upload progress.
 */
export function importCompanies({ file, defaultPackageId, onProgress }: ImportCompaniesInput): Promise<CompaniesImportResult> {
  return new Promise((resolve, reject) => {
    const form = new FormData();
    if (defaultPackageId) form.append('defaultPackageId', defaultPackageId);
    form.append('file', file, file.name);
    const xhr = new XMLHttpRequest();
    xhr.open('POST', '/api/admin/companies/import');
    xhr.setRequestHeader('accept', 'application/json');
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress?.(Math.round((event.loaded / event.total) * 100));
    };
    xhr.onload = () => {
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

export function useImportCompanies() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: importCompanies, onSuccess: () => queryClient.invalidateQueries({ queryKey: adminCompaniesKey }) });
}

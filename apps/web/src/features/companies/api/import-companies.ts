import { contract } from '@sira/shared/contract';
import type { CompaniesImportResult } from '@sira/shared/schemas/companies-admin';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type SpreadsheetUploadProgress, uploadSpreadsheet } from '~/lib/spreadsheet-upload';
import { adminCompaniesKey } from './get-companies';

export interface ImportCompaniesInput extends SpreadsheetUploadProgress {
  file: File;
  defaultPackageId: string | null;
}

/** The directory's Excel import: the file and the package for rows without one, with progress (spreadsheet-upload.ts). */
export function importCompanies({ file, defaultPackageId, onProgress, onRows }: ImportCompaniesInput): Promise<CompaniesImportResult> {
  const form = new FormData();
  if (defaultPackageId) form.append('defaultPackageId', defaultPackageId);
  form.append('file', file, file.name);
  return uploadSpreadsheet(contract.companies.import, form, { onProgress, onRows });
}

export function useImportCompanies() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: importCompanies, onSuccess: () => queryClient.invalidateQueries({ queryKey: adminCompaniesKey }) });
}

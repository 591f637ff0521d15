import { contract } from '@sira/shared/contract';
import type { CompaniesImportResult } from '@sira/shared/schemas/companies-admin';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type SpreadsheetUploadProgress, uploadSpreadsheet } from '~/lib/spreadsheet-upload';
import { myCompaniesKey } from './own-companies';

export interface ImportOwnCompaniesInput extends SpreadsheetUploadProgress {
  file: File;
}

/** The user's spreadsheet into their own list, with the admin import's progress lines (spreadsheet-upload.ts). */
export function importOwnCompanies({ file, onProgress, onRows }: ImportOwnCompaniesInput): Promise<CompaniesImportResult> {
  const form = new FormData();
  form.append('file', file, file.name);
  return uploadSpreadsheet(contract.ownCompanies.import, form, { onProgress, onRows });
}

export function useImportOwnCompanies() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: importOwnCompanies, onSuccess: () => queryClient.invalidateQueries({ queryKey: myCompaniesKey }) });
}

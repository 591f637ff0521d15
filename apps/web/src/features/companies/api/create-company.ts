import { contract } from '@sira/shared/contract';
import type { AdminCompanyBody } from '@sira/shared/schemas/companies-admin';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '~/lib/api-client';
import { adminCompaniesKey } from './get-companies';

export const createAdminCompany = (body: AdminCompanyBody) => call(contract.companies.create, { body });

export function useCreateAdminCompany() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: createAdminCompany, onSuccess: () => queryClient.invalidateQueries({ queryKey: adminCompaniesKey }) });
}

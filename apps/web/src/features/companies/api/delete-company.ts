import { contract } from '@sira/shared/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '~/lib/api-client';
import { adminCompaniesKey } from './get-companies';

export const deleteAdminCompany = (id: string) => call(contract.companies.remove, { params: { id } });

export function useDeleteAdminCompany() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: deleteAdminCompany, onSuccess: () => queryClient.invalidateQueries({ queryKey: adminCompaniesKey }) });
}

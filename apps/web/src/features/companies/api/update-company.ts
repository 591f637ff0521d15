import { contract } from '@sira/shared/contract';
import type { AdminCompanyBody } from '@sira/shared/schemas/companies-admin';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '~/lib/api-client';
import { adminCompaniesKey } from './get-companies';

export const updateAdminCompany = ({ id, ...body }: AdminCompanyBody & { id: string }) =>
  call(contract.companies.update, { params: { id }, body });

export function useUpdateAdminCompany() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: updateAdminCompany, onSuccess: () => queryClient.invalidateQueries({ queryKey: adminCompaniesKey }) });
}

import type { AdminCompany, AdminCompanyBody } from '@sira/shared/schemas/companies-admin';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '~/lib/api-client';
import { adminCompaniesKey } from './get-companies';

export const updateAdminCompany = ({ id, ...body }: AdminCompanyBody & { id: string }) =>
  api<AdminCompany>(`/api/admin/companies/${id}`, { method: 'PUT', json: body });

export function useUpdateAdminCompany() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: updateAdminCompany, onSuccess: () => queryClient.invalidateQueries({ queryKey: adminCompaniesKey }) });
}

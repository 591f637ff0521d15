import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '~/lib/api-client';
import { adminCompaniesKey } from './get-companies';

export const deleteAdminCompany = (id: string) => api<void>(`/api/admin/companies/${id}`, { method: 'DELETE' });

export function useDeleteAdminCompany() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: deleteAdminCompany, onSuccess: () => queryClient.invalidateQueries({ queryKey: adminCompaniesKey }) });
}

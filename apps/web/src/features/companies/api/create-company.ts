import type { AdminCompany, AdminCompanyBody } from '@sira/shared/schemas/companies-admin';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '~/lib/api-client';
import { adminCompaniesKey } from './get-companies';

export const createAdminCompany = (body: AdminCompanyBody) => api<AdminCompany>('/api/admin/companies', { method: 'POST', json: body });

export function useCreateAdminCompany() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: createAdminCompany, onSuccess: () => queryClient.invalidateQueries({ queryKey: adminCompaniesKey }) });
}

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '~/lib/api-client';
import { invalidatePackageLists } from './admin-invalidate-packages';

export const deleteAdminPackage = (id: string) => api<void>(`/api/admin/packages/${id}`, { method: 'DELETE' });

export function useDeleteAdminPackage() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: deleteAdminPackage, onSuccess: () => invalidatePackageLists(queryClient) });
}

import type { AdminPackage, AdminPackageCreateBody } from '@sira/shared/schemas/packages-admin';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '~/lib/api-client';
import { invalidatePackageLists } from './admin-invalidate-packages';

export const createAdminPackage = (body: AdminPackageCreateBody) =>
  api<AdminPackage>('/api/admin/packages', { method: 'POST', json: body });

export function useCreateAdminPackage() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: createAdminPackage, onSuccess: () => invalidatePackageLists(queryClient) });
}

import type { AdminPackage, AdminPackageUpdateBody } from '@sira/shared/schemas/packages-admin';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '~/lib/api-client';
import { invalidatePackageLists } from './admin-invalidate-packages';

export const updateAdminPackage = ({ id, ...body }: AdminPackageUpdateBody & { id: string }) =>
  api<AdminPackage>(`/api/admin/packages/${id}`, { method: 'PATCH', json: body });

export function useUpdateAdminPackage() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: updateAdminPackage, onSuccess: () => invalidatePackageLists(queryClient) });
}

import { contract } from '@sira/shared/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '~/lib/api-client';
import { invalidatePackageLists } from './admin-invalidate-packages';

export const deleteAdminPackage = (id: string) => call(contract.packages.adminRemove, { params: { id } });

export function useDeleteAdminPackage() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: deleteAdminPackage, onSuccess: () => invalidatePackageLists(queryClient) });
}

import { contract } from '@sira/shared/contract';
import type { AdminPackageUpdateBody } from '@sira/shared/schemas/packages-admin';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '~/lib/api-client';
import { invalidatePackageLists } from './admin-invalidate-packages';

export const updateAdminPackage = ({ id, ...body }: AdminPackageUpdateBody & { id: string }) =>
  call(contract.packages.adminUpdate, { params: { id }, body });

export function useUpdateAdminPackage() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: updateAdminPackage, onSuccess: () => invalidatePackageLists(queryClient) });
}

import { contract } from '@sira/shared/contract';
import type { AdminPackageCreateBody } from '@sira/shared/schemas/packages-admin';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '~/lib/api-client';
import { invalidatePackageLists } from './admin-invalidate-packages';

export const createAdminPackage = (body: AdminPackageCreateBody) => call(contract.packages.adminCreate, { body });

export function useCreateAdminPackage() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: createAdminPackage, onSuccess: () => invalidatePackageLists(queryClient) });
}

import { contract } from '@sira/shared/contract';
import type { AdminUserUpdate } from '@sira/shared/schemas/users-admin';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '~/lib/api-client';
import { adminUsersKey } from './admin-get-users';

export const updateAdminUser = ({ id, ...body }: AdminUserUpdate & { id: string }) =>
  call(contract.users.adminUpdate, { params: { id }, body });

/** Saving reloads the list (spec §4), and the header's stats and package usage, which a balance or package change moves. */
export function useUpdateAdminUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateAdminUser,
    onSuccess: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: adminUsersKey }),
        queryClient.invalidateQueries({ queryKey: ['admin', 'stats'] }),
        queryClient.invalidateQueries({ queryKey: ['admin', 'packages'] }),
      ]);
    },
  });
}

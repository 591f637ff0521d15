import { contract } from '@sira/shared/contract';
import type { RetentionSettings } from '@sira/shared/schemas/retention';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '~/lib/api-client';

const signInsKey = ['users', 'sign-ins'] as const;
const retentionKey = ['users', 'retention'] as const;
const adminRetentionKey = ['admin', 'retention'] as const;

export const signInsQueryOptions = () =>
  queryOptions({ queryKey: signInsKey, queryFn: () => call(contract.users.signIns), staleTime: 10_000 });
export const useSignIns = () => useQuery(signInsQueryOptions());

/** Ends every other session of the account; the list then shows them as ended. */
export function useSignOutOthers() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => call(contract.users.signOutOthers),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: signInsKey }),
  });
}

/** When the user's résumés and message bodies will be erased; a send or an upload moves the date. */
export const retentionNoticeQueryOptions = () =>
  queryOptions({ queryKey: retentionKey, queryFn: () => call(contract.users.retentionNotice), staleTime: 10_000 });
export const useRetentionNotice = () => useQuery(retentionNoticeQueryOptions());

export const useAdminRetention = () => useQuery({ queryKey: adminRetentionKey, queryFn: () => call(contract.users.adminRetention) });

export function useUpdateAdminRetention() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: RetentionSettings) => call(contract.users.updateAdminRetention, { body }),
    onSuccess: (saved) => queryClient.setQueryData(adminRetentionKey, saved),
  });
}

import type { SignedOutOthers, SignInList } from '@sira/shared/schemas/account-security';
import type { RetentionNotice, RetentionSettings } from '@sira/shared/schemas/retention';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '~/lib/api-client';

const signInsKey = ['users', 'sign-ins'] as const;
const retentionKey = ['users', 'retention'] as const;
const adminRetentionKey = ['admin', 'retention'] as const;

export const signInsQueryOptions = () =>
  queryOptions({ queryKey: signInsKey, queryFn: () => api<SignInList>('/api/users/me/sign-ins'), staleTime: 10_000 });
export const useSignIns = () => useQuery(signInsQueryOptions());

/** Ends every other session of the account; the list then shows them as ended. */
export function useSignOutOthers() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api<SignedOutOthers>('/api/users/me/sign-out-others', { method: 'POST' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: signInsKey }),
  });
}

/** When the user's résumés and message bodies will be erased; a send or an upload moves the date. */
export const useRetentionNotice = () =>
  useQuery({ queryKey: retentionKey, queryFn: () => api<RetentionNotice>('/api/users/me/retention'), staleTime: 10_000 });

export const useAdminRetention = () =>
  useQuery({ queryKey: adminRetentionKey, queryFn: () => api<RetentionSettings>('/api/admin/retention') });

export function useUpdateAdminRetention() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: RetentionSettings) => api<RetentionSettings>('/api/admin/retention', { method: 'PUT', json: body }),
    onSuccess: (saved) => queryClient.setQueryData(adminRetentionKey, saved),
  });
}

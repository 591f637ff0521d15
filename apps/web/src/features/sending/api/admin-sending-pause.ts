import { contract } from '@sira/shared/contract';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '~/lib/api-client';

export const adminSendingPauseKey = ['admin', 'sending', 'pause'] as const;

export const getAdminSendingPause = () => call(contract.sending.adminPause);

/** The switch that pauses all sending, what set it, and what waits meanwhile. */
export const adminSendingPauseQueryOptions = () =>
  queryOptions({ queryKey: adminSendingPauseKey, queryFn: getAdminSendingPause, staleTime: 0 });

export const useAdminSendingPause = () => useQuery(adminSendingPauseQueryOptions());

/** Pauses or resumes all sending; the state the server answers replaces the panel's (the audit log gains an entry). */
export function useSetAdminSendingPause() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (paused: boolean) => call(contract.sending.updateAdminPause, { body: { paused } }),
    onSuccess: (state) => queryClient.setQueryData(adminSendingPauseKey, state),
  });
}

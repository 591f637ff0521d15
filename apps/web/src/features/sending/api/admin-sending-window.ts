import { contract } from '@sira/shared/contract';
import type { SendingWindowSettings } from '@sira/shared/schemas/sending-window';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '~/lib/api-client';

export const adminSendingWindowKey = ['admin', 'sending', 'window'] as const;

export const getAdminSendingWindow = () => call(contract.sending.adminWindow);

export const adminSendingWindowQueryOptions = () =>
  queryOptions({ queryKey: adminSendingWindowKey, queryFn: getAdminSendingWindow, staleTime: 0 });

export const useAdminSendingWindow = () => useQuery(adminSendingWindowQueryOptions());

/** The saved window, as the server stored it (days and holidays sorted), replaces the form's. */
export function useUpdateAdminSendingWindow() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SendingWindowSettings) => call(contract.sending.updateAdminWindow, { body }),
    onSuccess: (saved) => queryClient.setQueryData(adminSendingWindowKey, saved),
  });
}

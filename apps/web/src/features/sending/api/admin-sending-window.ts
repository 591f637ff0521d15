import type { SendingWindowSettings } from '@sira/shared/schemas/sending-window';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '~/lib/api-client';

export const adminSendingWindowKey = ['admin', 'sending', 'window'] as const;

export const getAdminSendingWindow = () => api<SendingWindowSettings>('/api/admin/sending/window');

export const adminSendingWindowQueryOptions = () =>
  queryOptions({ queryKey: adminSendingWindowKey, queryFn: getAdminSendingWindow, staleTime: 0 });

export const useAdminSendingWindow = () => useQuery(adminSendingWindowQueryOptions());

/** The saved window, as the server stored it (days and holidays sorted), replaces the form's. */
export function useUpdateAdminSendingWindow() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SendingWindowSettings) => api<SendingWindowSettings>('/api/admin/sending/window', { method: 'PUT', json: body }),
    onSuccess: (saved) => queryClient.setQueryData(adminSendingWindowKey, saved),
  });
}

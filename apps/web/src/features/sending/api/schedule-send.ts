import type { ScheduledSend, ScheduleSendInput } from '@sira/shared/schemas/sending';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '~/lib/api-client';
import { sendingKey } from './get-compose';

export const scheduleSend = (body: ScheduleSendInput) => api<ScheduledSend>('/api/sending/jobs', { method: 'POST', json: body });

/** Scheduling moves the balance, the status panel and the delivery list: all of them re-fetch. */
export function useScheduleSend() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: scheduleSend,
    onSuccess: () =>
      Promise.all([queryClient.invalidateQueries({ queryKey: sendingKey }), queryClient.invalidateQueries({ queryKey: ['profile'] })]),
  });
}

import { contract } from '@sira/shared/contract';
import type { ScheduleSendInput } from '@sira/shared/schemas/sending';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '~/lib/api-client';
import { sendingKey } from './get-compose';

export const scheduleSend = (body: ScheduleSendInput) => call(contract.sending.schedule, { body });

/** Scheduling moves the balance, the status panel and the delivery list: all of them re-fetch. */
export function useScheduleSend() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: scheduleSend,
    onSuccess: () =>
      Promise.all([queryClient.invalidateQueries({ queryKey: sendingKey }), queryClient.invalidateQueries({ queryKey: ['profile'] })]),
  });
}

import { contract } from '@sira/shared/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '~/lib/api-client';
import { sendingKey } from './get-compose';

export const resendFailed = () => call(contract.sending.resendFailed);

/** Re-queueing moves the balance, the status panel and the delivery list: all of them re-fetch. */
export function useResendFailed() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: resendFailed,
    onSettled: () =>
      Promise.all([queryClient.invalidateQueries({ queryKey: sendingKey }), queryClient.invalidateQueries({ queryKey: ['profile'] })]),
  });
}

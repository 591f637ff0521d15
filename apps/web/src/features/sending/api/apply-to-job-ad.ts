import { contract } from '@sira/shared/contract';
import type { JobAdApplyInput } from '@sira/shared/schemas/job-ads';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '~/lib/api-client';
import { sendingKey } from './get-compose';

export const applyToJobAd = (body: JobAdApplyInput) => call(contract.jobAds.apply, { body });

/** An application is a send like any other: the balance, the status panel and the delivery list re-fetch. */
export function useApplyToJobAd() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: applyToJobAd,
    onSuccess: () =>
      Promise.all([queryClient.invalidateQueries({ queryKey: sendingKey }), queryClient.invalidateQueries({ queryKey: ['profile'] })]),
  });
}

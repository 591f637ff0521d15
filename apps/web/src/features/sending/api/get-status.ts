import { contract } from '@sira/shared/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '~/lib/api-client';
import { sendingKey } from './get-compose';

export const getSendingStatus = () => call(contract.sending.status);

/** Job progress, estimated finish and pause state of the user's deliveries. */
export const sendingStatusQueryOptions = () =>
  queryOptions({ queryKey: [...sendingKey, 'status'], queryFn: getSendingStatus, staleTime: 0 });

export const useSendingStatus = () => useQuery(sendingStatusQueryOptions());

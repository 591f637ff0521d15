import { contract } from '@sira/shared/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '~/lib/api-client';
import { sendingKey } from './get-compose';

export const getSendingOverview = () => call(contract.sending.overview);

/** The dashboard header: e-mail, package, balance, sent and failed counts. */
export const sendingOverviewQueryOptions = () =>
  queryOptions({ queryKey: [...sendingKey, 'overview'], queryFn: getSendingOverview, staleTime: 0 });

export const useSendingOverview = () => useQuery(sendingOverviewQueryOptions());

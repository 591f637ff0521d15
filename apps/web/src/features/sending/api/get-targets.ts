import { contract } from '@sira/shared/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '~/lib/api-client';
import { sendingKey } from './get-compose';

export const getSendTargets = () => call(contract.sending.targets);

/** The package's not-yet-contacted companies per sector and city: the targeting form counts from these. */
export const sendTargetsQueryOptions = () => queryOptions({ queryKey: [...sendingKey, 'targets'], queryFn: getSendTargets, staleTime: 0 });

export const useSendTargets = () => useQuery(sendTargetsQueryOptions());

import { contract } from '@sira/shared/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '~/lib/api-client';

export const sendingKey = ['sending'] as const;

export const getCompose = () => call(contract.sending.compose);

/** Templates of the user's package, the balance and how many companies one send reaches now. */
export const composeQueryOptions = () => queryOptions({ queryKey: [...sendingKey, 'compose'], queryFn: getCompose, staleTime: 0 });

export const useCompose = () => useQuery(composeQueryOptions());

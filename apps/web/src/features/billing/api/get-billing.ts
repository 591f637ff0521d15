import { contract } from '@sira/shared/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '~/lib/api-client';

/** Everything the billing feature reads for the signed-in user; a payment invalidates it all. */
export const billingKey = ['billing'] as const;

export const getBilling = () => call(contract.billing.overview);

export const billingQueryOptions = () => queryOptions({ queryKey: [...billingKey, 'overview'], queryFn: getBilling, staleTime: 0 });

export const useBilling = () => useQuery(billingQueryOptions());

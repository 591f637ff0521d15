import { contract } from '@sira/shared/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '~/lib/api-client';
import { billingKey } from './get-billing';

export const getUpgradeOptions = () => call(contract.billing.upgradeOptions);

/** /upgrade: the purchasable packages, cheapest first, and which one the user has now. */
export const upgradeOptionsQueryOptions = () =>
  queryOptions({ queryKey: [...billingKey, 'packages'], queryFn: getUpgradeOptions, staleTime: 0 });

export const useUpgradeOptions = () => useQuery(upgradeOptionsQueryOptions());

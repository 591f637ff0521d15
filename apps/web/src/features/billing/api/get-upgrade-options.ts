import type { UpgradeOptions } from '@sira/shared/schemas/billing';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '~/lib/api-client';
import { billingKey } from './get-billing';

export const getUpgradeOptions = () => api<UpgradeOptions>('/api/billing/packages');

/** /upgrade: the purchasable packages, cheapest first, and which one the user has now. */
export const upgradeOptionsQueryOptions = () =>
  queryOptions({ queryKey: [...billingKey, 'packages'], queryFn: getUpgradeOptions, staleTime: 0 });

export const useUpgradeOptions = () => useQuery(upgradeOptionsQueryOptions());

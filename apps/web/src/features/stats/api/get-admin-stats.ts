import { contract } from '@sira/shared/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '~/lib/api-client';

export const getAdminStats = () => call(contract.stats.admin);
export const adminStatsKey = ['admin', 'stats'] as const;
export const adminStatsQueryOptions = () => queryOptions({ queryKey: adminStatsKey, queryFn: getAdminStats });
export const useAdminStats = () => useQuery(adminStatsQueryOptions());

import type { AdminStats } from '@sira/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '~/lib/api-client';

export const getAdminStats = () => api<AdminStats>('/api/admin/stats');
export const adminStatsKey = ['admin', 'stats'] as const;
export const adminStatsQueryOptions = () => queryOptions({ queryKey: adminStatsKey, queryFn: getAdminStats });
export const useAdminStats = () => useQuery(adminStatsQueryOptions());

import type { AdminPackage } from '@sira/shared/schemas/packages-admin';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '~/lib/api-client';

export const adminPackagesKey = ['admin', 'packages'] as const;

export const getAdminPackages = () => api<AdminPackage[]>('/api/admin/packages');

export const adminPackagesQueryOptions = () => queryOptions({ queryKey: adminPackagesKey, queryFn: getAdminPackages, staleTime: 0 });

export const useAdminPackages = () => useQuery(adminPackagesQueryOptions());

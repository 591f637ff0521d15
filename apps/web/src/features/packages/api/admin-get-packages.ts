import { contract } from '@sira/shared/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '~/lib/api-client';

export const adminPackagesKey = ['admin', 'packages'] as const;

export const getAdminPackages = () => call(contract.packages.adminList);

export const adminPackagesQueryOptions = () => queryOptions({ queryKey: adminPackagesKey, queryFn: getAdminPackages, staleTime: 0 });

export const useAdminPackages = () => useQuery(adminPackagesQueryOptions());

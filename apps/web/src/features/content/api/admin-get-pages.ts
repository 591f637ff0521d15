import { contract } from '@sira/shared/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '~/lib/api-client';

export const getAdminPages = () => call(contract.content.adminPages);

export const adminPagesQueryOptions = () => queryOptions({ queryKey: ['admin', 'pages'], queryFn: getAdminPages });

export const useAdminPages = () => useQuery(adminPagesQueryOptions());

import type { AdminPage } from '@sira/shared/schemas/content-admin';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '~/lib/api-client';

export const getAdminPages = () => api<AdminPage[]>('/api/admin/pages');

export const adminPagesQueryOptions = () => queryOptions({ queryKey: ['admin', 'pages'], queryFn: getAdminPages });

export const useAdminPages = () => useQuery(adminPagesQueryOptions());

import type { AdminUserList } from '@sira/shared/schemas/users-admin';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '~/lib/api-client';

export interface AdminUsersParams {
  search: string;
  page: number;
  pageSize: number;
}

export const adminUsersKey = ['admin', 'users'] as const;

export const getAdminUsers = ({ search, page, pageSize }: AdminUsersParams) => {
  const query = new URLSearchParams({ page: String(page), pageSize: String(pageSize) });
  if (search.trim()) query.set('search', search.trim());
  return api<AdminUserList>(`/api/admin/users?${query}`);
};

export const adminUsersQueryOptions = (params: AdminUsersParams) =>
  queryOptions({ queryKey: [...adminUsersKey, params], queryFn: () => getAdminUsers(params), staleTime: 0 });

/** The current page stays on screen while the next one (or a new search) loads. */
export const useAdminUsers = (params: AdminUsersParams) =>
  useQuery({ ...adminUsersQueryOptions(params), placeholderData: keepPreviousData });

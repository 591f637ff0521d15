import { contract } from '@sira/shared/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '~/lib/api-client';

export interface AdminUsersParams {
  search: string;
  page: number;
  pageSize: number;
}

export const adminUsersKey = ['admin', 'users'] as const;

export const getAdminUsers = ({ search, page, pageSize }: AdminUsersParams) => {
  const query = { page, pageSize, search: search.trim() || undefined };
  return call(contract.users.adminList, { query });
};

export const adminUsersQueryOptions = (params: AdminUsersParams) =>
  queryOptions({ queryKey: [...adminUsersKey, params], queryFn: () => getAdminUsers(params), staleTime: 0 });

/** The current page stays on screen while the next one (or a new search) loads. */
export const useAdminUsers = (params: AdminUsersParams) =>
  useQuery({ ...adminUsersQueryOptions(params), placeholderData: keepPreviousData });

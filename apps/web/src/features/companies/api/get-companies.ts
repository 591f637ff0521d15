import type { AdminCompaniesPage } from '@sira/shared/schemas/companies-admin';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '~/lib/api-client';

export interface CompaniesFilter {
  search: string;
  packageId: string | null;
  page: number;
  pageSize: number;
}

/** Every companies list, whatever its filters: what a company write invalidates. */
export const adminCompaniesKey = ['admin', 'companies', 'list'] as const;

export function getAdminCompanies(filter: CompaniesFilter) {
  const query = new URLSearchParams({ page: String(filter.page), pageSize: String(filter.pageSize) });
  if (filter.search.trim()) query.set('search', filter.search.trim());
  if (filter.packageId) query.set('packageId', filter.packageId);
  return api<AdminCompaniesPage>(`/api/admin/companies?${query}`);
}

export const adminCompaniesQueryOptions = (filter: CompaniesFilter) =>
  queryOptions({ queryKey: [...adminCompaniesKey, filter], queryFn: () => getAdminCompanies(filter) });

/** The page keeps showing while the next one loads, so paging and typing do not flash a skeleton. */
export const useAdminCompanies = (filter: CompaniesFilter) =>
  useQuery({ ...adminCompaniesQueryOptions(filter), placeholderData: keepPreviousData });

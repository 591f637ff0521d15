import { contract } from '@sira/shared/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '~/lib/api-client';

export interface CompaniesFilter {
  search: string;
  packageId: string | null;
  /** A cursor of the last answer (its page is read by key); undefined for the first page. */
  cursor: string | undefined;
  pageSize: number;
}

/** Every companies list, whatever its filters: what a company write invalidates. */
export const adminCompaniesKey = ['admin', 'companies', 'list'] as const;

export function getAdminCompanies(filter: CompaniesFilter) {
  const { cursor, pageSize } = filter;
  const query = { cursor, pageSize, search: filter.search.trim() || undefined, packageId: filter.packageId || undefined };
  return call(contract.companies.list, { query });
}

export const adminCompaniesQueryOptions = (filter: CompaniesFilter) =>
  queryOptions({ queryKey: [...adminCompaniesKey, filter], queryFn: () => getAdminCompanies(filter) });

/** The page keeps showing while the next one loads, so paging and typing do not flash a skeleton. */
export const useAdminCompanies = (filter: CompaniesFilter) =>
  useQuery({ ...adminCompaniesQueryOptions(filter), placeholderData: keepPreviousData });

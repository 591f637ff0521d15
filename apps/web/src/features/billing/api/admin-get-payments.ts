import { contract } from '@sira/shared/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '~/lib/api-client';

export interface PaymentsFilter {
  search: string;
  page: number;
}

/** Every admin payments list, whatever its filter: what a live 'admin-billing' event invalidates. */
export const adminPaymentsKey = ['admin', 'billing', 'invoices'] as const;

export function getAdminPayments(filter: PaymentsFilter) {
  return call(contract.billing.adminPayments, { query: { page: filter.page, search: filter.search.trim() || undefined } });
}

export const adminPaymentsQueryOptions = (filter: PaymentsFilter) =>
  queryOptions({ queryKey: [...adminPaymentsKey, filter], queryFn: () => getAdminPayments(filter), staleTime: 0 });

/** The page keeps showing while the next one loads, so paging and typing do not flash a skeleton. */
export const useAdminPayments = (filter: PaymentsFilter) =>
  useQuery({ ...adminPaymentsQueryOptions(filter), placeholderData: keepPreviousData });

import type { AdminPaymentsPage } from '@sira/shared/schemas/billing-admin';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '~/lib/api-client';

export interface PaymentsFilter {
  search: string;
  page: number;
}

/** Every admin payments list, whatever its filter: what a live 'admin-billing' event invalidates. */
export const adminPaymentsKey = ['admin', 'billing', 'invoices'] as const;

export function getAdminPayments(filter: PaymentsFilter) {
  const query = new URLSearchParams({ page: String(filter.page) });
  if (filter.search.trim()) query.set('search', filter.search.trim());
  return api<AdminPaymentsPage>(`/api/admin/billing/invoices?${query}`);
}

export const adminPaymentsQueryOptions = (filter: PaymentsFilter) =>
  queryOptions({ queryKey: [...adminPaymentsKey, filter], queryFn: () => getAdminPayments(filter), staleTime: 0 });

/** The page keeps showing while the next one loads, so paging and typing do not flash a skeleton. */
export const useAdminPayments = (filter: PaymentsFilter) =>
  useQuery({ ...adminPaymentsQueryOptions(filter), placeholderData: keepPreviousData });

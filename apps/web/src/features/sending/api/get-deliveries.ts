import type { DeliveryFilter } from '@sira/shared';
import { contract } from '@sira/shared/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '~/lib/api-client';
import { sendingKey } from './get-compose';

/** One page of the delivery list, filtered by state and searched by company name. */
export interface DeliveriesView {
  page: number;
  status?: DeliveryFilter;
  search?: string;
}

export const getDeliveries = ({ page, status, search }: DeliveriesView) =>
  call(contract.sending.deliveries, { query: { page, status: status || undefined, search: search || undefined } });

export const deliveriesQueryOptions = (view: DeliveriesView) =>
  queryOptions({
    queryKey: [...sendingKey, 'deliveries', view.page, view.status ?? 'all', view.search ?? ''],
    queryFn: () => getDeliveries(view),
    staleTime: 0,
  });

/** The current page stays on screen while the next one loads. */
export const useDeliveries = (view: DeliveriesView) => useQuery({ ...deliveriesQueryOptions(view), placeholderData: keepPreviousData });

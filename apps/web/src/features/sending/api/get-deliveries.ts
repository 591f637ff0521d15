import type { DeliveryFilter } from '@sira/shared';
import type { DeliveryPage } from '@sira/shared/schemas/sending';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '~/lib/api-client';
import { sendingKey } from './get-compose';

/** One page of the delivery list, filtered by state and searched by company name. */
export interface DeliveriesView {
  page: number;
  status?: DeliveryFilter;
  search?: string;
}

export const getDeliveries = ({ page, status, search }: DeliveriesView) => {
  const query = new URLSearchParams({ page: String(page) });
  if (status) query.set('status', status);
  if (search) query.set('search', search);
  return api<DeliveryPage>(`/api/sending/deliveries?${query}`);
};

export const deliveriesQueryOptions = (view: DeliveriesView) =>
  queryOptions({
    queryKey: [...sendingKey, 'deliveries', view.page, view.status ?? 'all', view.search ?? ''],
    queryFn: () => getDeliveries(view),
    staleTime: 0,
  });

/** The current page stays on screen while the next one loads. */
export const useDeliveries = (view: DeliveriesView) => useQuery({ ...deliveriesQueryOptions(view), placeholderData: keepPreviousData });

import type { DeliveryPage } from '@sira/shared/schemas/sending';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '~/lib/api-client';
import { sendingKey } from './get-compose';

export const getDeliveries = (page: number) => api<DeliveryPage>(`/api/sending/deliveries?page=${page}`);

export const deliveriesQueryOptions = (page: number) =>
  queryOptions({ queryKey: [...sendingKey, 'deliveries', page], queryFn: () => getDeliveries(page), staleTime: 0 });

/** The current page stays on screen while the next one loads. */
export const useDeliveries = (page: number) => useQuery({ ...deliveriesQueryOptions(page), placeholderData: keepPreviousData });

import { contract } from '@sira/shared/contract';
import type { SendWindowMode } from '@sira/shared/schemas/sending-window';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '~/lib/api-client';
import { sendingKey } from './get-compose';

export const getSendPlan = (sendWindow: SendWindowMode, count?: number) => call(contract.sending.plan, { query: { sendWindow, count } });

/** The plan of a send under a window choice (and, when narrowed, a number of companies); refreshed with the rest of sending. */
export const sendPlanQueryOptions = (sendWindow: SendWindowMode, count?: number) =>
  queryOptions({
    queryKey: [...sendingKey, 'plan', sendWindow, count ?? null],
    queryFn: () => getSendPlan(sendWindow, count),
    staleTime: 0,
  });

/** The previous plan stays on screen while another choice is computed. */
export const useSendPlan = (sendWindow: SendWindowMode, count?: number) =>
  useQuery({ ...sendPlanQueryOptions(sendWindow, count), placeholderData: keepPreviousData });

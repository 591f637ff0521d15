import type { JobSource } from '@sira/shared';
import { contract } from '@sira/shared/contract';
import type { SendWindowMode } from '@sira/shared/schemas/sending-window';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '~/lib/api-client';
import { sendingKey } from './get-compose';

export const getSendPlan = (sendWindow: SendWindowMode, count?: number, source: JobSource = 'directory') =>
  call(contract.sending.plan, { query: { sendWindow, count, source } });

/**
 * The plan of a send under a window choice (and, when narrowed, a number of companies) from the directory, the
 * user's own companies or both; refreshed with the rest of sending.
 */
export const sendPlanQueryOptions = (sendWindow: SendWindowMode, count?: number, source: JobSource = 'directory') =>
  queryOptions({
    queryKey: [...sendingKey, 'plan', sendWindow, count ?? null, source],
    queryFn: () => getSendPlan(sendWindow, count, source),
    staleTime: 0,
  });

/** The previous plan stays on screen while another choice is computed. */
export const useSendPlan = (sendWindow: SendWindowMode, count?: number, source: JobSource = 'directory') =>
  useQuery({ ...sendPlanQueryOptions(sendWindow, count, source), placeholderData: keepPreviousData });

import { contract } from '@sira/shared/contract';
import type { JobStatus } from '@sira/shared/schemas/sending';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '~/lib/api-client';

export interface AdminSendingLogsParams {
  search: string;
  status: JobStatus | '';
  /** One of the last answer's cursors (the logs are paged by key); undefined for the newest jobs. */
  cursor: string | undefined;
}

export const adminSendingLogsKey = ['admin', 'sending', 'logs'] as const;

export const getAdminSendingLogs = ({ search, status, cursor }: AdminSendingLogsParams) => {
  const query = { cursor, search: search.trim() || undefined, status: status || undefined };
  return call(contract.sending.adminLogs, { query });
};

export const adminSendingLogsQueryOptions = (params: AdminSendingLogsParams) =>
  queryOptions({
    queryKey: [...adminSendingLogsKey, { ...params, cursor: params.cursor ?? null }],
    queryFn: () => getAdminSendingLogs(params),
    staleTime: 0,
  });

/** The current page stays on screen while a new search, filter or page loads. */
export const useAdminSendingLogs = (params: AdminSendingLogsParams) =>
  useQuery({ ...adminSendingLogsQueryOptions(params), placeholderData: keepPreviousData });

import type { JobStatus } from '@sira/shared/schemas/sending';
import type { SendingLogPage } from '@sira/shared/schemas/sending-admin';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '~/lib/api-client';

export interface AdminSendingLogsParams {
  search: string;
  status: JobStatus | '';
  page: number;
}

export const adminSendingLogsKey = ['admin', 'sending', 'logs'] as const;

export const getAdminSendingLogs = ({ search, status, page }: AdminSendingLogsParams) => {
  const query = new URLSearchParams({ page: String(page) });
  if (search.trim()) query.set('search', search.trim());
  if (status) query.set('status', status);
  return api<SendingLogPage>(`/api/admin/sending/logs?${query}`);
};

export const adminSendingLogsQueryOptions = (params: AdminSendingLogsParams) =>
  queryOptions({ queryKey: [...adminSendingLogsKey, params], queryFn: () => getAdminSendingLogs(params), staleTime: 0 });

/** The current page stays on screen while a new search, filter or page loads. */
export const useAdminSendingLogs = (params: AdminSendingLogsParams) =>
  useQuery({ ...adminSendingLogsQueryOptions(params), placeholderData: keepPreviousData });

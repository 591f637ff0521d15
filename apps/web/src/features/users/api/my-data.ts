import type { AccountDeletionAnswer, DataExport } from '@sira/shared/schemas/my-data';
import { queryOptions } from '@tanstack/react-query';
import { api } from '~/lib/api-client';

export const latestExportQueryOptions = () =>
  queryOptions({
    queryKey: ['my-data', 'export'],
    queryFn: () => api<{ export: DataExport | null }>('/api/users/me/data-exports'),
    // While the archive is being made the page follows its progress once a second.
    refetchInterval: (query) => {
      const status = query.state.data?.export?.status;
      return status === 'pending' || status === 'running' ? 1000 : false;
    },
  });

export const requestExport = () => api<DataExport>('/api/users/me/data-exports', { method: 'POST' });
export const exportFileUrl = (id: string) => `/api/users/me/data-exports/${id}/file`;
export const savePhone = (phone: string) => api<{ phone: string }>('/api/users/me/phone', { method: 'PUT', json: { phone } });
export const requestEmailChange = (change: { email: string; password: string }) =>
  api<{ sentTo: string }>('/api/users/me/email-change', { method: 'POST', json: change });
export const deleteAccount = (password: string) =>
  api<AccountDeletionAnswer>('/api/users/me/deletion', { method: 'POST', json: { password } });

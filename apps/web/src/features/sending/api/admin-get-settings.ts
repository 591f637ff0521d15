import type { SendingSettings } from '@sira/shared/schemas/sending-admin';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '~/lib/api-client';

export const adminSendingSettingsKey = ['admin', 'sending', 'settings'] as const;

export const getAdminSendingSettings = () => api<SendingSettings>('/api/admin/sending/settings');

export const adminSendingSettingsQueryOptions = () =>
  queryOptions({ queryKey: adminSendingSettingsKey, queryFn: getAdminSendingSettings, staleTime: 0 });

export const useAdminSendingSettings = () => useQuery(adminSendingSettingsQueryOptions());

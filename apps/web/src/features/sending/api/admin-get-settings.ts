import { contract } from '@sira/shared/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '~/lib/api-client';

export const adminSendingSettingsKey = ['admin', 'sending', 'settings'] as const;

export const getAdminSendingSettings = () => call(contract.sending.adminSettings);

export const adminSendingSettingsQueryOptions = () =>
  queryOptions({ queryKey: adminSendingSettingsKey, queryFn: getAdminSendingSettings, staleTime: 0 });

export const useAdminSendingSettings = () => useQuery(adminSendingSettingsQueryOptions());

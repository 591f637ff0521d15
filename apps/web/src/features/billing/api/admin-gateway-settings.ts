import type {
  AdminGatewaySettings,
  AdminGatewayTest,
  AdminGatewayTestResult,
  AdminGatewayUpdate,
} from '@sira/shared/schemas/billing-admin';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '~/lib/api-client';

export const adminGatewayKey = ['admin', 'billing', 'gateway'] as const;

export const getGatewaySettings = () => api<AdminGatewaySettings>('/api/admin/billing/gateway');

export const gatewaySettingsQueryOptions = () => queryOptions({ queryKey: adminGatewayKey, queryFn: getGatewaySettings, staleTime: 0 });

export const useGatewaySettings = () => useQuery(gatewaySettingsQueryOptions());

export const updateGatewaySettings = (body: AdminGatewayUpdate) =>
  api<AdminGatewaySettings>('/api/admin/billing/gateway', { method: 'PUT', json: body });

export function useUpdateGatewaySettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateGatewaySettings,
    // The audit log is marked stale by every write (config/query-client.ts).
    onSuccess: (saved) => queryClient.setQueryData(adminGatewayKey, saved),
  });
}

/** One Paylink authentication with the keys in the form, done by the server; nothing is saved. */
export const testGatewayKeys = (body: AdminGatewayTest) =>
  api<AdminGatewayTestResult>('/api/admin/billing/gateway/test', { method: 'POST', json: body });

export const useTestGatewayKeys = () => useMutation({ mutationFn: testGatewayKeys });

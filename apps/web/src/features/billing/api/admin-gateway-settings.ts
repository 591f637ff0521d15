import { contract } from '@sira/shared/contract';
import type { AdminGatewayTest, AdminGatewayUpdate } from '@sira/shared/schemas/billing-admin';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '~/lib/api-client';

export const adminGatewayKey = ['admin', 'billing', 'gateway'] as const;

export const getGatewaySettings = () => call(contract.billing.adminGateway);

export const gatewaySettingsQueryOptions = () => queryOptions({ queryKey: adminGatewayKey, queryFn: getGatewaySettings, staleTime: 0 });

export const useGatewaySettings = () => useQuery(gatewaySettingsQueryOptions());

export const updateGatewaySettings = (body: AdminGatewayUpdate) => call(contract.billing.updateAdminGateway, { body });

export function useUpdateGatewaySettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateGatewaySettings,
    // The audit log is marked stale by every write (config/query-client.ts).
    onSuccess: (saved) => queryClient.setQueryData(adminGatewayKey, saved),
  });
}

/** One Paylink authentication with the keys in the form, done by the server; nothing is saved. */
export const testGatewayKeys = (body: AdminGatewayTest) => call(contract.billing.testAdminGateway, { body });

export const useTestGatewayKeys = () => useMutation({ mutationFn: testGatewayKeys });

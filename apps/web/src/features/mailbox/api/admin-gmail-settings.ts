import { contract } from '@sira/shared/contract';
import type { GmailClientTest, GmailSettingsInput } from '@sira/shared/schemas/mailbox-admin';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '~/lib/api-client';

export const adminGmailSettingsKey = ['admin', 'mailbox', 'settings'] as const;

export const getAdminGmailSettings = () => call(contract.mailbox.adminSettings);

export const adminGmailSettingsQueryOptions = () =>
  queryOptions({ queryKey: adminGmailSettingsKey, queryFn: getAdminGmailSettings, staleTime: 0 });

export const useAdminGmailSettings = () => useQuery(adminGmailSettingsQueryOptions());

export const updateAdminGmailSettings = (body: GmailSettingsInput) => call(contract.mailbox.updateAdminSettings, { body });

export function useUpdateAdminGmailSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateAdminGmailSettings,
    // The audit log is marked stale by every write (config/query-client.ts).
    onSuccess: (saved) => queryClient.setQueryData(adminGmailSettingsKey, saved),
  });
}

/** A token request with the client in the form, made by the server (the secret stays there); nothing is saved. */
export const testAdminGmailClient = (body: GmailClientTest) => call(contract.mailbox.testAdminClient, { body });

export const useTestAdminGmailClient = () => useMutation({ mutationFn: testAdminGmailClient });

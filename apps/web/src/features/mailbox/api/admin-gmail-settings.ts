import type { GmailClientTest, GmailClientTestResult, GmailSettings, GmailSettingsInput } from '@sira/shared/schemas/mailbox-admin';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '~/lib/api-client';

const SETTINGS_URL = '/api/admin/mailbox/settings';
export const adminGmailSettingsKey = ['admin', 'mailbox', 'settings'] as const;

export const getAdminGmailSettings = () => api<GmailSettings>(SETTINGS_URL);

export const adminGmailSettingsQueryOptions = () =>
  queryOptions({ queryKey: adminGmailSettingsKey, queryFn: getAdminGmailSettings, staleTime: 0 });

export const useAdminGmailSettings = () => useQuery(adminGmailSettingsQueryOptions());

export const updateAdminGmailSettings = (body: GmailSettingsInput) => api<GmailSettings>(SETTINGS_URL, { method: 'PUT', json: body });

export function useUpdateAdminGmailSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateAdminGmailSettings,
    // The audit log is marked stale by every write (config/query-client.ts).
    onSuccess: (saved) => queryClient.setQueryData(adminGmailSettingsKey, saved),
  });
}

/** A token request with the client in the form, made by the server (the secret stays there); nothing is saved. */
export const testAdminGmailClient = (body: GmailClientTest) =>
  api<GmailClientTestResult>(`${SETTINGS_URL}/test`, { method: 'POST', json: body });

export const useTestAdminGmailClient = () => useMutation({ mutationFn: testAdminGmailClient });

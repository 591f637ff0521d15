import { contract } from '@sira/shared/contract';
import type { SendingSettings } from '@sira/shared/schemas/sending-admin';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '~/lib/api-client';
import { adminSendingSettingsKey } from './admin-get-settings';

export const updateAdminSendingSettings = (body: SendingSettings) => call(contract.sending.updateAdminSettings, { body });

/**
 * The body is always numbers (the form turns anything else into 0); the server still checks every rule.
 * The saved values, as the server stored them, replace the form's; the audit log gains an entry.
 */
export function useUpdateAdminSendingSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateAdminSendingSettings,
    // The audit log is marked stale by every write (config/query-client.ts).
    onSuccess: (saved) => queryClient.setQueryData(adminSendingSettingsKey, saved),
  });
}

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '~/lib/api-client';
import { mailboxKey } from './mailbox-queries';

/** DELETE /api/mailbox: revokes the grant at Google and deletes the link; pending messages are held. */
export const unlinkMailbox = () => api<void>('/api/mailbox', { method: 'DELETE' });

export function useUnlinkMailbox() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: unlinkMailbox,
    // Held deliveries change the sending numbers too.
    onSuccess: () =>
      Promise.all([queryClient.invalidateQueries({ queryKey: mailboxKey }), queryClient.invalidateQueries({ queryKey: ['sending'] })]),
  });
}

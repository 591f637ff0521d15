import { contract } from '@sira/shared/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '~/lib/api-client';
import { mailboxKey } from './mailbox-queries';

/** Revokes the grant at Google and deletes the link; pending messages are held. */
export const unlinkMailbox = () => call(contract.mailbox.unlink);

export function useUnlinkMailbox() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: unlinkMailbox,
    // Held deliveries change the sending numbers too.
    onSuccess: () =>
      Promise.all([queryClient.invalidateQueries({ queryKey: mailboxKey }), queryClient.invalidateQueries({ queryKey: ['sending'] })]),
  });
}

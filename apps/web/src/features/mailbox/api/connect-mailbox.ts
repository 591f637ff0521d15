import type { MailboxConnect } from '@sira/shared/schemas/mailbox';
import { useMutation } from '@tanstack/react-query';
import { api } from '~/lib/api-client';

/** POST /api/mailbox/connect: the server prepares the consent (state, PKCE) and says where to go. */
export const connectMailbox = () => api<MailboxConnect>('/api/mailbox/connect', { method: 'POST' });

/** Starts linking: on success the browser leaves for Google's consent page and comes back to /send-resume. */
export function useConnectMailbox() {
  return useMutation({
    mutationFn: connectMailbox,
    onSuccess: ({ url }) => window.location.assign(url),
  });
}

import { contract } from '@sira/shared/contract';
import { useMutation } from '@tanstack/react-query';
import { call } from '~/lib/api-client';

/** The server prepares the consent (state, PKCE) and says where to go. */
export const connectMailbox = () => call(contract.mailbox.connect);

/** Starts linking: on success the browser leaves for Google's consent page and comes back to /send-resume. */
export function useConnectMailbox() {
  return useMutation({
    mutationFn: connectMailbox,
    onSuccess: ({ url }) => window.location.assign(url),
  });
}

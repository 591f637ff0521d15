import { paths } from '@sira/shared';
import { contract } from '@sira/shared/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { call } from '~/lib/api-client';
import { notify } from '~/lib/notify';
import { forgetRememberedPackage } from '~/lib/remembered-package';
import { sessionQueryOptions } from '~/lib/session';
import { requestErrorMessage } from '../hooks/use-form-error';

/** Signs out; a package choice waiting in this browser goes too (it belonged to that visit). */
export const signOut = () => {
  forgetRememberedPackage();
  return call(contract.auth.signOut, { body: {} });
};

/** Signs out and goes home (spec §2 "Logout signs out and goes to /"). */
export function useSignOut() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: async () => {
      // Leave the protected page before the session ends: a query it re-fetches in between (a live update,
      // the tab regaining focus) would meet a 401, and its guard would read that as an expired session and
      // send the user to /login instead of home.
      await navigate(paths.home);
      return signOut();
    },
    onSuccess: () => {
      queryClient.setQueryData(sessionQueryOptions().queryKey, { user: null });
      queryClient.removeQueries({ predicate: (q) => q.queryKey[0] !== 'content' && q.queryKey[0] !== 'auth' });
    },
    // The server did not end the session (it refused, or could not be reached): the page must not look signed
    // out while a reload would show the user signed in. Say so, and show the session as the server has it.
    onError: (error) => {
      notify.error(requestErrorMessage(error));
      void queryClient.invalidateQueries({ queryKey: sessionQueryOptions().queryKey });
    },
  });
}

import { paths } from '@sira/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { api } from '~/lib/api-client';
import { forgetRememberedPackage } from '~/lib/remembered-package';
import { sessionQueryOptions } from '~/lib/session';

/** Signs out; a package choice waiting in this browser goes too (it belonged to that visit). */
export const signOut = () => {
  forgetRememberedPackage();
  return api<{ success: boolean }>('/api/auth/sign-out', { method: 'POST', json: {} });
};

/** Signs out and goes home (spec §2 "Logout signs out and goes to /"). */
export function useSignOut() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: signOut,
    onSettled: async () => {
      // Leave the protected page first, so its guard does not read the sign-out as an expired session.
      await navigate(paths.home);
      queryClient.setQueryData(sessionQueryOptions().queryKey, { user: null });
      queryClient.removeQueries({ predicate: (q) => q.queryKey[0] !== 'content' && q.queryKey[0] !== 'auth' });
    },
  });
}

import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { ApiRequestError } from '~/lib/api-client';

export function createQueryClient(): QueryClient {
  // 401: the session ended. 403 FORBIDDEN: the role did (an administrator demoted meanwhile), and the admin
  // layout sends them home.
  const sessionMayHaveEnded = (error: unknown) => {
    if (!(error instanceof ApiRequestError)) return;
    if (error.status === 401 || (error.status === 403 && error.code === 'FORBIDDEN')) {
      void client.invalidateQueries({ queryKey: ['auth', 'session'] });
    }
  };
  const client: QueryClient = new QueryClient({
    // A 401 anywhere means the session ended (signed out elsewhere, expired): re-check it, and the
    // protected layout sends the user to /login.
    queryCache: new QueryCache({ onError: (error) => sessionMayHaveEnded(error) }),
    // The same for a form sent after the session ended: the user is taken to /login instead of being told
    // to try again.
    // Every admin write is audited in its own transaction: after any write the audit log is stale, so its tab
    // shows the entry when it opens (an inactive query is only marked, not fetched). The panel's header figures
    // (users, sent messages) may have moved with it too.
    mutationCache: new MutationCache({
      onError: (error) => sessionMayHaveEnded(error),
      // Not awaited: the form's own answer does not wait for the header to refetch.
      onSuccess: () => {
        void client.invalidateQueries({ queryKey: ['admin', 'audit'] });
        void client.invalidateQueries({ queryKey: ['admin', 'stats'] });
      },
    }),
    defaultOptions: {
      // A form sent while the browser is offline fails at once, and its own retries and error message apply
      // (the résumé upload tries 3 times, then says it failed). The library's default holds the request
      // until the browser is back online: a spinner with no end, then a send the user may have given up on
      // going out by itself.
      mutations: { networkMode: 'always' },
      queries: {
        staleTime: 30_000,
        refetchOnWindowFocus: false,
        // 4xx answers are final; retry only what may pass on a second try.
        retry: (count, error) => count < 1 && !(error instanceof ApiRequestError && error.status >= 400 && error.status < 500),
      },
    },
  });
  return client;
}

/** One client for the browser tab, shared by route loaders and components. */
export const queryClient = createQueryClient();

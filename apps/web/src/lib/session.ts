import { contract } from '@sira/shared/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '~/lib/api-client';

export const getSession = () => call(contract.auth.session);

export const sessionQueryOptions = () => queryOptions({ queryKey: ['auth', 'session'], queryFn: getSession, staleTime: 60_000 });

/**
 * Who is signed in. Protected pages pass `watch` so a session ended elsewhere (sign-out in another tab,
 * password reset, expiry) is noticed within a minute or when the tab regains focus.
 */
export const useSession = (options: { watch?: boolean } = {}) =>
  useQuery({
    ...sessionQueryOptions(),
    ...(options.watch ? { refetchInterval: 60_000, refetchOnWindowFocus: true, staleTime: 0 } : {}),
  });

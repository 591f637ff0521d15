import type { SessionUser } from '@sira/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '~/lib/api-client';

export const getSession = () => api<{ user: SessionUser | null }>('/api/session');

export const sessionQueryOptions = () => queryOptions({ queryKey: ['auth', 'session'], queryFn: getSession, staleTime: 60_000 });

export const useSession = () => useQuery(sessionQueryOptions());

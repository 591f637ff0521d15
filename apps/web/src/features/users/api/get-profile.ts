import type { ProfileOverview } from '@sira/shared';
import { queryOptions } from '@tanstack/react-query';
import { api } from '~/lib/api-client';

export const getProfile = () => api<ProfileOverview>('/api/users/me');

export const profileQueryOptions = () => queryOptions({ queryKey: ['profile'], queryFn: getProfile, staleTime: 10_000 });

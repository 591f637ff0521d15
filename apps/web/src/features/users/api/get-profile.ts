import { contract } from '@sira/shared/contract';
import { queryOptions } from '@tanstack/react-query';
import { call } from '~/lib/api-client';

export const getProfile = () => call(contract.users.me);

export const profileQueryOptions = () => queryOptions({ queryKey: ['profile'], queryFn: getProfile, staleTime: 10_000 });

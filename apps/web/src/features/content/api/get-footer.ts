import type { Footer } from '@sira/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '~/lib/api-client';

export const getFooter = () => api<Footer>('/api/content/footer');

export const footerQueryOptions = () => queryOptions({ queryKey: ['content', 'footer'], queryFn: getFooter, staleTime: 5 * 60_000 });

export const useFooter = () => useQuery(footerQueryOptions());

import type { Page } from '@sira/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '~/lib/api-client';

export const getPage = (slug: string) => api<Page>(`/api/content/pages/${encodeURIComponent(slug)}`);

export const pageQueryOptions = (slug: string) => queryOptions({ queryKey: ['content', 'page', slug], queryFn: () => getPage(slug) });

/** A content page, live from the server; `prerendered` (build-time) shows until it arrives. */
export const usePage = (slug: string, prerendered?: Page) =>
  useQuery({ ...pageQueryOptions(slug), ...(prerendered ? { initialData: prerendered, initialDataUpdatedAt: 0 } : {}) });

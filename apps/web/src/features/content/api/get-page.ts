import type { Page } from '@sira/shared';
import { contract } from '@sira/shared/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '~/lib/api-client';

export const getPage = (slug: string) => call(contract.content.page, { params: { slug } });

export const pageQueryOptions = (slug: string) => queryOptions({ queryKey: ['content', 'page', slug], queryFn: () => getPage(slug) });

/** A content page, live from the server; `prerendered` (build-time) shows until it arrives. */
export const usePage = (slug: string, prerendered?: Page) =>
  useQuery({ ...pageQueryOptions(slug), ...(prerendered ? { initialData: prerendered, initialDataUpdatedAt: 0 } : {}) });

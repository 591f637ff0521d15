import type { Footer } from '@sira/shared';
import { contract } from '@sira/shared/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useMatches } from 'react-router';
import { call } from '~/lib/api-client';

export const getFooter = () => call(contract.content.footer);

export const footerQueryOptions = () => queryOptions({ queryKey: ['content', 'footer'], queryFn: getFooter, staleTime: 5 * 60_000 });

/**
 * The footer. A page the server rendered carries it in its route's loader data (ADR 004): that is the
 * footer as it is now, so it is shown at once, in the HTML and after hydration alike.
 */
export const useFooter = () => {
  const rendered = useMatches()
    .map((match) => (match.loaderData as { footer?: Footer | null } | undefined)?.footer)
    .find((footer) => footer != null);
  return useQuery({ ...footerQueryOptions(), ...(rendered ? { initialData: rendered } : {}) });
};

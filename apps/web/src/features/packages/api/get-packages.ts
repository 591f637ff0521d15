import type { PackageCard } from '@sira/shared';
import { contract } from '@sira/shared/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '~/lib/api-client';

export const getPackages = () => call(contract.packages.cards);

export const packagesQueryOptions = () => queryOptions({ queryKey: ['packages'], queryFn: getPackages });

/**
 * The packages, live from the server. `prerendered` is what the page was built with: it is shown until the
 * live list arrives (and counts as stale at once, so the live list is always fetched).
 */
export const usePackages = (prerendered?: PackageCard[]) =>
  useQuery({ ...packagesQueryOptions(), ...(prerendered ? { initialData: prerendered, initialDataUpdatedAt: 0 } : {}) });

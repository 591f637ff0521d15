import type { PackageCard } from '@sira/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '~/lib/api-client';

export const getPackages = () => api<PackageCard[]>('/api/packages');

export const packagesQueryOptions = () => queryOptions({ queryKey: ['packages'], queryFn: getPackages });

/**
 * The packages, live from the server. `prerendered` is what the page was built with: it is shown until the
 * live list arrives (and counts as stale at once, so the live list is always fetched).
 */
export const usePackages = (prerendered?: PackageCard[]) =>
  useQuery({ ...packagesQueryOptions(), ...(prerendered ? { initialData: prerendered, initialDataUpdatedAt: 0 } : {}) });

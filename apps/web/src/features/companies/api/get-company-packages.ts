import { contract } from '@sira/shared/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '~/lib/api-client';

export const getCompanyPackages = () => call(contract.companies.packages);

export const companyPackagesQueryOptions = () =>
  queryOptions({ queryKey: ['admin', 'companies', 'packages'], queryFn: getCompanyPackages, staleTime: 60_000 });

/** The packages a company can belong to (all but admin), for the selectors of this tab. */
export const useCompanyPackages = () => useQuery(companyPackagesQueryOptions());

import { contract } from '@sira/shared/contract';
import type { OwnCompanyBody } from '@sira/shared/schemas/own-companies';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '~/lib/api-client';

/** Everything of "my companies": an addition, edit, deletion, upload or suggestion changes the summary too. */
export const myCompaniesKey = ['my-companies'] as const;

export const ownCompaniesSummaryQueryOptions = () =>
  queryOptions({ queryKey: [...myCompaniesKey, 'summary'], queryFn: () => call(contract.ownCompanies.summary) });

export const useOwnCompaniesSummary = () => useQuery(ownCompaniesSummaryQueryOptions());

export interface OwnCompaniesFilter {
  search: string;
  /** A cursor of the last answer; undefined for the first page. */
  cursor: string | undefined;
}

export const ownCompaniesQueryOptions = ({ search, cursor }: OwnCompaniesFilter) =>
  queryOptions({
    queryKey: [...myCompaniesKey, 'list', { search, cursor }],
    queryFn: () => call(contract.ownCompanies.list, { query: { search: search.trim() || undefined, cursor } }),
  });

/** The page keeps showing while the next one loads, so paging and typing do not flash a skeleton. */
export const useOwnCompanies = (filter: OwnCompaniesFilter) =>
  useQuery({ ...ownCompaniesQueryOptions(filter), placeholderData: keepPreviousData });

export const ownUploadsQueryOptions = () =>
  queryOptions({ queryKey: [...myCompaniesKey, 'uploads'], queryFn: () => call(contract.ownCompanies.uploads) });

export const useOwnUploads = () => useQuery(ownUploadsQueryOptions());

function useMyCompaniesMutation<T, R>(request: (input: T) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: request, onSuccess: () => queryClient.invalidateQueries({ queryKey: myCompaniesKey }) });
}

export const useCreateOwnCompany = () => useMyCompaniesMutation((body: OwnCompanyBody) => call(contract.ownCompanies.create, { body }));

export const useUpdateOwnCompany = () =>
  useMyCompaniesMutation(({ id, ...body }: OwnCompanyBody & { id: string }) =>
    call(contract.ownCompanies.update, { params: { id }, body }),
  );

export const useDeleteOwnCompany = () => useMyCompaniesMutation((id: string) => call(contract.ownCompanies.remove, { params: { id } }));

export const useSuggestOwnCompanies = () =>
  useMyCompaniesMutation((ids: string[]) => call(contract.ownCompanies.suggest, { body: { ids } }));

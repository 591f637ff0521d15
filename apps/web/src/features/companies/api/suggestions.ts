import { type CallInput, contract } from '@sira/shared/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '~/lib/api-client';

export type SuggestionDecision = CallInput<typeof contract.ownCompanies.decideSuggestions>['body'];

const suggestionsKey = ['admin', 'companies', 'suggestions'] as const;

/** The rows users offered to the directory, oldest first. */
export const useCompanySuggestions = () =>
  useQuery({ queryKey: suggestionsKey, queryFn: () => call(contract.ownCompanies.adminSuggestions) });

/** Accepting adds to the directory: the tab's lists (directory, suggestions) read again. */
export function useDecideSuggestions() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SuggestionDecision) => call(contract.ownCompanies.decideSuggestions, { body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['admin', 'companies'] }),
  });
}

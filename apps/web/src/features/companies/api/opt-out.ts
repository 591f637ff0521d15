import { contract } from '@sira/shared/contract';
import type { OptOutChoice, RequestDecision } from '@sira/shared/schemas/opt-out';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '~/lib/api-client';

/**
 * The company opt-out (ADR 013, ADR 018): the public page's link, the confirmation mailed to the company's
 * address, and the administrator's requests and marks in the companies tab.
 */

const pageKey = (token: string) => ['opt-out', token] as const;

export const optOutQuery = (token: string) =>
  queryOptions({
    queryKey: pageKey(token),
    queryFn: () => call(contract.companies.optOut, { params: { token } }),
    retry: false,
  });

export function useOptOut(token: string) {
  return useQuery(optOutQuery(token));
}

export function useOptOutChoice(token: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (choice: OptOutChoice) => call(contract.companies.chooseOptOut, { params: { token }, body: choice }),
    onSuccess: (view) => queryClient.setQueryData(pageKey(token), view),
  });
}

const confirmationKey = (token: string) => ['opt-out', 'confirm', token] as const;

export function useOptOutConfirmation(token: string) {
  return useQuery({
    queryKey: confirmationKey(token),
    queryFn: () => call(contract.companies.optOutConfirmation, { params: { token } }),
    retry: false,
  });
}

export function useConfirmOptOut(token: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => call(contract.companies.confirmOptOut, { params: { token } }),
    onSuccess: (view) => queryClient.setQueryData(confirmationKey(token), view),
  });
}

const adminKey = ['admin', 'companies', 'opt-outs'] as const;

export function useAdminOptOuts() {
  return useQuery({ queryKey: adminKey, queryFn: () => call(contract.companies.adminOptOuts) });
}

/** Every opt-out action may change a directory entry's address or its "opted out" mark: the tab reloads both. */
function useAdminOptOutAction<T>(request: (input: T) => Promise<void>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: request,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['admin', 'companies'] }),
  });
}

export const useDecideOptOutRequest = () =>
  useAdminOptOutAction(({ id, decision }: { id: string; decision: RequestDecision['decision'] }) =>
    call(contract.companies.decideOptOutRequest, { params: { id }, body: { decision } }),
  );

export const useUndoOptOutRequest = () =>
  useAdminOptOutAction((id: string) => call(contract.companies.undoOptOutRequest, { params: { id } }));

export const useLiftOptOut = () => useAdminOptOutAction((id: string) => call(contract.companies.liftOptOut, { params: { id } }));

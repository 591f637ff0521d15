import type { AdminOptOutList, OptOutChoice, OptOutConfirmationView, OptOutView, RequestDecision } from '@sira/shared/schemas/opt-out';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '~/lib/api-client';

/**
 * The company opt-out (ADR 013, ADR 018): the public page's link, the confirmation mailed to the company's
 * address, and the administrator's requests and marks in the companies tab.
 */

const pageKey = (token: string) => ['opt-out', token] as const;

export const optOutQuery = (token: string) =>
  queryOptions({
    queryKey: pageKey(token),
    queryFn: () => api<OptOutView>(`/api/opt-out/${encodeURIComponent(token)}`),
    retry: false,
  });

export function useOptOut(token: string) {
  return useQuery(optOutQuery(token));
}

export function useOptOutChoice(token: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (choice: OptOutChoice) => api<OptOutView>(`/api/opt-out/${encodeURIComponent(token)}`, { method: 'POST', json: choice }),
    onSuccess: (view) => queryClient.setQueryData(pageKey(token), view),
  });
}

const confirmationKey = (token: string) => ['opt-out', 'confirm', token] as const;
const confirmationUrl = (token: string) => `/api/opt-out/confirm/${encodeURIComponent(token)}`;

export function useOptOutConfirmation(token: string) {
  return useQuery({
    queryKey: confirmationKey(token),
    queryFn: () => api<OptOutConfirmationView>(confirmationUrl(token)),
    retry: false,
  });
}

export function useConfirmOptOut(token: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api<OptOutConfirmationView>(confirmationUrl(token), { method: 'POST' }),
    onSuccess: (view) => queryClient.setQueryData(confirmationKey(token), view),
  });
}

const adminKey = ['admin', 'companies', 'opt-outs'] as const;

export function useAdminOptOuts() {
  return useQuery({ queryKey: adminKey, queryFn: () => api<AdminOptOutList>('/api/admin/companies/opt-outs') });
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
    api<void>(`/api/admin/companies/opt-out-requests/${id}/decision`, { method: 'POST', json: { decision } }),
  );

export const useUndoOptOutRequest = () =>
  useAdminOptOutAction((id: string) => api<void>(`/api/admin/companies/opt-out-requests/${id}/undo`, { method: 'POST' }));

export const useLiftOptOut = () =>
  useAdminOptOutAction((id: string) => api<void>(`/api/admin/companies/opt-outs/${id}`, { method: 'DELETE' }));

import type { AdminOptOutList, OptOutChoice, OptOutView, RedirectDecision } from '@sira/shared/schemas/opt-out';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '~/lib/api-client';

/** The company opt-out (ADR 013): the public page's link, and the administrator's section of the companies tab. */

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

const adminKey = ['admin', 'companies', 'opt-outs'] as const;

export function useAdminOptOuts() {
  return useQuery({ queryKey: adminKey, queryFn: () => api<AdminOptOutList>('/api/admin/companies/opt-outs') });
}

export function useDecideRedirect() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, decision }: { id: string; decision: RedirectDecision['decision'] }) =>
      api<void>(`/api/admin/companies/opt-outs/${id}/decision`, { method: 'POST', json: { decision } }),
    // An approval changes a directory entry's address too.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['admin', 'companies'] }),
  });
}

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '~/lib/api-client';
import { invalidateFooter } from './admin-get-footer';

export const deleteFooterLink = (id: string) => api<void>(`/api/admin/footer/links/${encodeURIComponent(id)}`, { method: 'DELETE' });

export function useDeleteFooterLink() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: deleteFooterLink, onSuccess: () => invalidateFooter(queryClient) });
}

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '~/lib/api-client';
import { invalidateFooter } from './admin-get-footer';

/** Deletes a section and its links (the server's foreign key cascades). */
export const deleteFooterSection = (id: string) => api<void>(`/api/admin/footer/sections/${encodeURIComponent(id)}`, { method: 'DELETE' });

export function useDeleteFooterSection() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: deleteFooterSection, onSuccess: () => invalidateFooter(queryClient) });
}

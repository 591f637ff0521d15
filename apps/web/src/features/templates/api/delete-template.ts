import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '~/lib/api-client';
import { adminTemplatesQueryOptions } from './get-admin-templates';

export const deleteTemplate = (id: string) => api<void>(`/api/admin/templates/${encodeURIComponent(id)}`, { method: 'DELETE' });

export function useDeleteTemplate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteTemplate,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminTemplatesQueryOptions().queryKey }),
  });
}

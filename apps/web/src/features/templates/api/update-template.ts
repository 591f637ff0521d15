import type { AdminTemplateSaved, TemplateInput } from '@sira/shared/schemas/templates-admin';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '~/lib/api-client';
import { adminTemplatesQueryOptions } from './get-admin-templates';

export const updateTemplate = ({ id, ...body }: TemplateInput & { id: string }) =>
  api<AdminTemplateSaved>(`/api/admin/templates/${encodeURIComponent(id)}`, { method: 'PUT', json: body });

export function useUpdateTemplate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateTemplate,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminTemplatesQueryOptions().queryKey }),
  });
}

import type { AdminTemplateSaved, TemplateInput } from '@sira/shared/schemas/templates-admin';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '~/lib/api-client';
import { adminTemplatesQueryOptions } from './get-admin-templates';

export const createTemplate = (body: TemplateInput) => api<AdminTemplateSaved>('/api/admin/templates', { method: 'POST', json: body });

export function useCreateTemplate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createTemplate,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminTemplatesQueryOptions().queryKey }),
  });
}

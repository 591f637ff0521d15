import { contract } from '@sira/shared/contract';
import type { TemplateInput } from '@sira/shared/schemas/templates-admin';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '~/lib/api-client';
import { adminTemplatesQueryOptions } from './get-admin-templates';

export const updateTemplate = ({ id, ...body }: TemplateInput & { id: string }) =>
  call(contract.templates.update, { params: { id }, body });

export function useUpdateTemplate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateTemplate,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminTemplatesQueryOptions().queryKey }),
  });
}

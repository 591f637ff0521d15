import { contract } from '@sira/shared/contract';
import type { TemplateInput } from '@sira/shared/schemas/templates-admin';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '~/lib/api-client';
import { adminTemplatesQueryOptions } from './get-admin-templates';

export const createTemplate = (body: TemplateInput) => call(contract.templates.create, { body });

export function useCreateTemplate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createTemplate,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminTemplatesQueryOptions().queryKey }),
  });
}

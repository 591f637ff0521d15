import { contract } from '@sira/shared/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '~/lib/api-client';
import { adminTemplatesQueryOptions } from './get-admin-templates';

export const deleteTemplate = (id: string) => call(contract.templates.remove, { params: { id } });

export function useDeleteTemplate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteTemplate,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminTemplatesQueryOptions().queryKey }),
  });
}

import { contract } from '@sira/shared/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '~/lib/api-client';
import { invalidateFooter } from './admin-get-footer';

/** Deletes a section and its links (the server's foreign key cascades). */
export const deleteFooterSection = (id: string) => call(contract.content.removeFooterSection, { params: { id } });

export function useDeleteFooterSection() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: deleteFooterSection, onSuccess: () => invalidateFooter(queryClient) });
}

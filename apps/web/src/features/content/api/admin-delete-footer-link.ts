import { contract } from '@sira/shared/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '~/lib/api-client';
import { invalidateFooter } from './admin-get-footer';

export const deleteFooterLink = (id: string) => call(contract.content.removeFooterLink, { params: { id } });

export function useDeleteFooterLink() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: deleteFooterLink, onSuccess: () => invalidateFooter(queryClient) });
}

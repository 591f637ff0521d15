import { contract } from '@sira/shared/contract';
import type { FooterLinkInput } from '@sira/shared/schemas/content-admin';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '~/lib/api-client';
import { invalidateFooter } from './admin-get-footer';

export const updateFooterLink = ({ id, ...body }: FooterLinkInput & { id: string }) =>
  call(contract.content.updateFooterLink, { params: { id }, body });

export function useUpdateFooterLink() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: updateFooterLink, onSuccess: () => invalidateFooter(queryClient) });
}

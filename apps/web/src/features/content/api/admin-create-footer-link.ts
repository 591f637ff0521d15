import { contract } from '@sira/shared/contract';
import type { FooterLinkInput } from '@sira/shared/schemas/content-admin';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '~/lib/api-client';
import { invalidateFooter } from './admin-get-footer';

export const createFooterLink = (body: FooterLinkInput) => call(contract.content.createFooterLink, { body });

export function useCreateFooterLink() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: createFooterLink, onSuccess: () => invalidateFooter(queryClient) });
}

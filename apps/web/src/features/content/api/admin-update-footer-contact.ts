import { contract } from '@sira/shared/contract';
import type { FooterContact } from '@sira/shared/schemas/content-admin';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '~/lib/api-client';
import { invalidateFooter } from './admin-get-footer';

export const updateFooterContact = (body: FooterContact) => call(contract.content.updateFooterContact, { body });

export function useUpdateFooterContact() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: updateFooterContact, onSuccess: () => invalidateFooter(queryClient) });
}

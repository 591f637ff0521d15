import { contract } from '@sira/shared/contract';
import type { FooterSectionInput } from '@sira/shared/schemas/content-admin';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '~/lib/api-client';
import { invalidateFooter } from './admin-get-footer';

export const updateFooterSection = ({ id, ...body }: FooterSectionInput & { id: string }) =>
  call(contract.content.updateFooterSection, { params: { id }, body });

export function useUpdateFooterSection() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: updateFooterSection, onSuccess: () => invalidateFooter(queryClient) });
}

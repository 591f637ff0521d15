import { contract } from '@sira/shared/contract';
import type { FooterSectionInput } from '@sira/shared/schemas/content-admin';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '~/lib/api-client';
import { invalidateFooter } from './admin-get-footer';

export const createFooterSection = (body: FooterSectionInput) => call(contract.content.createFooterSection, { body });

export function useCreateFooterSection() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: createFooterSection, onSuccess: () => invalidateFooter(queryClient) });
}

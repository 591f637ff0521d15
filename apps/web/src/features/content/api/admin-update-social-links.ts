import { contract } from '@sira/shared/contract';
import type { SocialLinks } from '@sira/shared/schemas/content-admin';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '~/lib/api-client';
import { invalidateFooter } from './admin-get-footer';

export const updateSocialLinks = (body: SocialLinks) => call(contract.content.updateSocialLinks, { body });

export function useUpdateSocialLinks() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: updateSocialLinks, onSuccess: () => invalidateFooter(queryClient) });
}

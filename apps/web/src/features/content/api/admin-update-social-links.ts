import type { SocialLinks } from '@sira/shared/schemas/content-admin';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '~/lib/api-client';
import { invalidateFooter } from './admin-get-footer';

export const updateSocialLinks = (body: SocialLinks) => api<SocialLinks>('/api/admin/footer/social', { method: 'PUT', json: body });

export function useUpdateSocialLinks() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: updateSocialLinks, onSuccess: () => invalidateFooter(queryClient) });
}

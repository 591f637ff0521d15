import type { AdminFooterLink, FooterLinkInput } from '@sira/shared/schemas/content-admin';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '~/lib/api-client';
import { invalidateFooter } from './admin-get-footer';

export const createFooterLink = (body: FooterLinkInput) => api<AdminFooterLink>('/api/admin/footer/links', { method: 'POST', json: body });

export function useCreateFooterLink() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: createFooterLink, onSuccess: () => invalidateFooter(queryClient) });
}

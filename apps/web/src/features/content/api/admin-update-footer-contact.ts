import type { FooterContact } from '@sira/shared/schemas/content-admin';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '~/lib/api-client';
import { invalidateFooter } from './admin-get-footer';

export const updateFooterContact = (body: FooterContact) => api<FooterContact>('/api/admin/footer/contact', { method: 'PUT', json: body });

export function useUpdateFooterContact() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: updateFooterContact, onSuccess: () => invalidateFooter(queryClient) });
}

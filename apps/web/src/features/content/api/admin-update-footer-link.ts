import type { AdminFooterLink, FooterLinkInput } from '@sira/shared/schemas/content-admin';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '~/lib/api-client';
import { invalidateFooter } from './admin-get-footer';

export const updateFooterLink = ({ id, ...body }: FooterLinkInput & { id: string }) =>
  api<AdminFooterLink>(`/api/admin/footer/links/${encodeURIComponent(id)}`, { method: 'PUT', json: body });

export function useUpdateFooterLink() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: updateFooterLink, onSuccess: () => invalidateFooter(queryClient) });
}

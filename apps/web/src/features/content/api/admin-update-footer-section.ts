import type { AdminFooterSection, FooterSectionInput } from '@sira/shared/schemas/content-admin';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '~/lib/api-client';
import { invalidateFooter } from './admin-get-footer';

export const updateFooterSection = ({ id, ...body }: FooterSectionInput & { id: string }) =>
  api<AdminFooterSection>(`/api/admin/footer/sections/${encodeURIComponent(id)}`, { method: 'PUT', json: body });

export function useUpdateFooterSection() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: updateFooterSection, onSuccess: () => invalidateFooter(queryClient) });
}

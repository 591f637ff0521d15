import type { AdminFooterSection, FooterSectionInput } from '@sira/shared/schemas/content-admin';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '~/lib/api-client';
import { invalidateFooter } from './admin-get-footer';

export const createFooterSection = (body: FooterSectionInput) =>
  api<AdminFooterSection>('/api/admin/footer/sections', { method: 'POST', json: body });

export function useCreateFooterSection() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: createFooterSection, onSuccess: () => invalidateFooter(queryClient) });
}

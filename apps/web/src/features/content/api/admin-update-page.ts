import type { AdminPageSaved, PageInput } from '@sira/shared/schemas/content-admin';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '~/lib/api-client';
import { adminPagesQueryOptions } from './admin-get-pages';
import { pageQueryOptions } from './get-page';

export const updatePage = ({ id, ...body }: PageInput & { id: string }) =>
  api<AdminPageSaved>(`/api/admin/pages/${encodeURIComponent(id)}`, { method: 'PUT', json: body });

/** Saves a page; the admin list and the public page are read again (the audit log: config/query-client.ts). */
export function useUpdatePage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updatePage,
    onSuccess: (page) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: adminPagesQueryOptions().queryKey }),
        queryClient.invalidateQueries({ queryKey: pageQueryOptions(page.slug).queryKey }),
      ]),
  });
}

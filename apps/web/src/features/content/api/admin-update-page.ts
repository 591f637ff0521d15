import { contract } from '@sira/shared/contract';
import type { PageInput } from '@sira/shared/schemas/content-admin';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '~/lib/api-client';
import { adminPagesQueryOptions } from './admin-get-pages';
import { pageQueryOptions } from './get-page';

export const updatePage = ({ id, ...body }: PageInput & { id: string }) => call(contract.content.updatePage, { params: { id }, body });

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

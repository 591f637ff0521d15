import { contract } from '@sira/shared/contract';
import { type QueryClient, queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '~/lib/api-client';
import { footerQueryOptions } from './get-footer';

export const getAdminFooter = () => call(contract.content.adminFooter);

export const adminFooterQueryOptions = () => queryOptions({ queryKey: ['admin', 'footer'], queryFn: getAdminFooter });

export const useAdminFooter = () => useQuery(adminFooterQueryOptions());

/** After any footer write: the admin tables and the site footer are read again (the audit log: config/query-client.ts). */
export const invalidateFooter = (queryClient: QueryClient) =>
  Promise.all([
    queryClient.invalidateQueries({ queryKey: adminFooterQueryOptions().queryKey }),
    queryClient.invalidateQueries({ queryKey: footerQueryOptions().queryKey }),
  ]);

import { contract } from '@sira/shared/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '~/lib/api-client';

export const getAdminTemplates = () => call(contract.templates.adminList);

export const adminTemplatesQueryOptions = () => queryOptions({ queryKey: ['admin', 'templates'], queryFn: getAdminTemplates });

export const useAdminTemplates = () => useQuery(adminTemplatesQueryOptions());

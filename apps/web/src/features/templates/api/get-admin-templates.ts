import type { AdminTemplateList } from '@sira/shared/schemas/templates-admin';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '~/lib/api-client';

export const getAdminTemplates = () => api<AdminTemplateList>('/api/admin/templates');

export const adminTemplatesQueryOptions = () => queryOptions({ queryKey: ['admin', 'templates'], queryFn: getAdminTemplates });

export const useAdminTemplates = () => useQuery(adminTemplatesQueryOptions());

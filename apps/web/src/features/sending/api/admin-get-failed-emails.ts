import type { AdminFailedEmailsPage } from '@sira/shared/schemas/sending-admin';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '~/lib/api-client';

export const getAdminFailedEmails = (page: number) => api<AdminFailedEmailsPage>(`/api/admin/sending/failed-emails?page=${page}`);

export const adminFailedEmailsQueryOptions = (page: number) =>
  queryOptions({ queryKey: ['admin', 'failed-emails', page], queryFn: () => getAdminFailedEmails(page) });

export const useAdminFailedEmails = (page: number) =>
  useQuery({ ...adminFailedEmailsQueryOptions(page), placeholderData: keepPreviousData });

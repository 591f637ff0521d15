import { contract } from '@sira/shared/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '~/lib/api-client';

export const getAdminFailedEmails = (page: number) => call(contract.sending.adminFailedEmails, { query: { page } });

export const adminFailedEmailsQueryOptions = (page: number) =>
  queryOptions({ queryKey: ['admin', 'failed-emails', page], queryFn: () => getAdminFailedEmails(page) });

export const useAdminFailedEmails = (page: number) =>
  useQuery({ ...adminFailedEmailsQueryOptions(page), placeholderData: keepPreviousData });

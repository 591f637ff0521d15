import { contract } from '@sira/shared/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '~/lib/api-client';

/** `cursor`: one of the last answer's (the list is paged by key); undefined for the newest failures. */
export const getAdminFailedEmails = (cursor: string | undefined) => call(contract.sending.adminFailedEmails, { query: { cursor } });

export const adminFailedEmailsQueryOptions = (cursor: string | undefined) =>
  queryOptions({ queryKey: ['admin', 'failed-emails', cursor ?? null], queryFn: () => getAdminFailedEmails(cursor) });

export const useAdminFailedEmails = (cursor: string | undefined) =>
  useQuery({ ...adminFailedEmailsQueryOptions(cursor), placeholderData: keepPreviousData });

import type { MailboxStatus } from '@sira/shared/schemas/mailbox';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '~/lib/api-client';

export const mailboxKey = ['mailbox'] as const;

/** GET /api/mailbox; `verify` asks the server to check the link with Google first (the periodic re-check). */
export const getMailboxStatus = (options: { verify?: boolean } = {}) =>
  api<MailboxStatus>(`/api/mailbox${options.verify ? '?verify=true' : ''}`);

export const mailboxStatusQueryOptions = () =>
  queryOptions({ queryKey: [...mailboxKey, 'status'], queryFn: () => getMailboxStatus(), staleTime: 0 });

export const useMailboxStatus = () => useQuery(mailboxStatusQueryOptions());

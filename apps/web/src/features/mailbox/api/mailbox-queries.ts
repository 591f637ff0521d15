import { contract } from '@sira/shared/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '~/lib/api-client';

export const mailboxKey = ['mailbox'] as const;

/** The linked mailbox; `verify` asks the server to check the link with Google first (the periodic re-check). */
export const getMailboxStatus = (options: { verify?: boolean } = {}) =>
  call(contract.mailbox.status, options.verify ? { query: { verify: 'true' } } : {});

export const mailboxStatusQueryOptions = () =>
  queryOptions({ queryKey: [...mailboxKey, 'status'], queryFn: () => getMailboxStatus(), staleTime: 0 });

export const useMailboxStatus = () => useQuery(mailboxStatusQueryOptions());

import { contract } from '@sira/shared/contract';
import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import { call } from '~/lib/api-client';

/** Undoing an e-mail change from the link mailed to the old address (ADR 012): the token is the only credential. */

export const emailChangeUndoQuery = (token: string) =>
  queryOptions({
    queryKey: ['email-change-undo', token],
    queryFn: () => call(contract.users.emailChangeUndo, { params: { token } }),
    retry: false,
  });

export function useEmailChangeUndo(token: string) {
  return useQuery(emailChangeUndoQuery(token));
}

export function useUndoEmailChange(token: string) {
  return useMutation({ mutationFn: () => call(contract.users.undoEmailChange, { params: { token } }) });
}
